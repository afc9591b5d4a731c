import { describe, expect, it } from 'vitest';
import {
  alignContent,
  blockIssues,
  contentIn,
  isBlockReady,
  lacksTranslation,
  newBlock,
  readContent,
  withDefaultContent,
  withoutColumn,
  withTranslation,
} from '../../src/client/features/authoring/blocks/model';
import { parseYouTube } from '../../src/client/features/authoring/blocks/youtube';
import { EditableBlock } from '../../src/shared/contract/authoring/partContent';
import { type BlockType, blockTypes } from '../../src/shared/domain/learning/course';

/** The types a new block of which is ready at once; the others wait for what the author must give. */
const readyAtOnce: BlockType[] = ['Text', 'Column', 'Exam', 'FinalExam', 'Reward', 'Question'];

const fields = (block: EditableBlock) => blockIssues(block).map((issue) => `${issue.field}:${issue.message}`);

describe('a new block', () => {
  it.each(readyAtOnce)('of type %s passes the contract as it is', (type) => {
    const block = newBlock(type);
    expect(block.Id).toBe(0);
    expect(EditableBlock.safeParse(block).success).toBe(true);
    expect(isBlockReady(block)).toBe(true);
  });

  it.each([
    ['Image', 'media:mediaMissing'],
    ['Video', 'media:mediaMissing'],
    ['Audio', 'media:mediaMissing'],
    ['File', 'media:mediaMissing'],
    ['YouTube', 'videoId:videoIdInvalid'],
    ['Link', 'url:urlInvalid'],
    ['Post', 'post:postMissing'],
  ] as const)('of type %s is not ready until the author gives it (%s)', (type, issue) => {
    const block = newBlock(type);
    expect(EditableBlock.safeParse(block).success).toBe(false);
    expect(isBlockReady(block)).toBe(false);
    expect(fields(block)).toEqual([issue]);
  });

  it.each(['Quiz', 'Test'] as const)(
    'of type %s has a question with two options and waits for its right answer',
    (type) => {
      const block = newBlock(type);
      const content = readContent(type, block.Content);
      expect(content.questions).toHaveLength(1);
      const [question] = content.questions;
      expect(question?.options).toHaveLength(2);
      expect(fields(block)).toEqual([`q:${question?.id}:correct:correctMissing`]);
      const answered = { ...content, questions: [{ ...question, correct: [question?.options[0]?.id] }] };
      expect(isBlockReady({ ...block, Content: answered })).toBe(true);
    },
  );

  it('of every type has an editing shape the readers keep', () => {
    for (const type of blockTypes) {
      const block = newBlock(type);
      expect(readContent(type, block.Content)).toEqual(block.Content);
    }
  });

  it('gives a test the default pass mark of 60 %, and a quiz none', () => {
    expect(newBlock('Test').Content.passPercent).toBe(60);
    expect(newBlock('Quiz').Content.passPercent).toBeNull();
  });

  it('gets ids for its questions and options that differ from each other', () => {
    const content = readContent('Quiz', newBlock('Quiz').Content);
    const ids = [content.questions[0]?.id, ...(content.questions[0]?.options.map((o) => o.id) ?? [])];
    expect(new Set(ids).size).toBe(3);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{12}$/);
  });
});

describe('a block becomes ready', () => {
  it('with a medium, a video id, an address or a part', () => {
    expect(isBlockReady({ ...newBlock('Image'), Content: { mediaId: 4, alt: '', caption: '' } })).toBe(true);
    expect(isBlockReady({ ...newBlock('Video'), Content: { mediaId: 4, durationSeconds: 12 } })).toBe(true);
    expect(isBlockReady({ ...newBlock('YouTube'), Content: { videoId: 'dQw4w9WgXcQ' } })).toBe(true);
    expect(isBlockReady({ ...newBlock('Link'), Content: { url: 'https://example.org/a', description: '' } })).toBe(
      true,
    );
    expect(isBlockReady({ ...newBlock('Post'), PostId: 12 })).toBe(true);
  });

  it('with a survey chosen, and not before', () => {
    expect(fields(newBlock('Survey'))).toEqual(['survey:surveyMissing']);
    expect(isBlockReady({ ...newBlock('Survey'), Content: { surveyId: 7 } })).toBe(true);
  });

  it('not with an address that is not http or https', () => {
    for (const url of ['javascript:alert(1)', 'ftp://example.org', 'example.org', '']) {
      expect(fields({ ...newBlock('Link'), Content: { url, description: '' } })).toEqual(['url:urlInvalid']);
    }
  });

  it('not with a pass mark outside 0–100 or emptied', () => {
    const block = newBlock('Test');
    const content = readContent('Test', block.Content);
    const question = content.questions[0];
    const answered = { ...content, questions: [{ ...question, correct: [question?.options[0]?.id] }] };
    for (const passPercent of [-1, 101, 50.5, null]) {
      expect(fields({ ...block, Content: { ...answered, passPercent } })).toEqual(['passPercent:passPercent']);
    }
    expect(isBlockReady({ ...block, Content: { ...answered, passPercent: 0 } })).toBe(true);
    expect(isBlockReady({ ...block, Content: { ...answered, passPercent: 100 } })).toBe(true);
  });

  it('not with five columns, nor none', () => {
    expect(fields({ ...newBlock('Column'), Content: { columns: [] } })).toEqual(['columns:columnsCount']);
    const five = Array.from({ length: 5 }, () => ({ html: '' }));
    expect(fields({ ...newBlock('Column'), Content: { columns: five } })).toEqual(['columns:columnsCount']);
  });

  it('not with a right answer that is no option, or two where one is asked for', () => {
    const question = {
      id: 'q1',
      text: 'Which?',
      multiple: false,
      options: [
        { id: 'a', text: 'A' },
        { id: 'b', text: 'B' },
      ],
    };
    const quiz = (correct: string[], multiple = false) => ({
      ...newBlock('Quiz'),
      Content: { intro: '', questions: [{ ...question, multiple, correct }], passPercent: null },
    });
    expect(fields(quiz(['c']))).toEqual(['q:q1:correct:correctUnknown']);
    expect(fields(quiz(['a', 'b']))).toEqual(['q:q1:correct:singleCorrect']);
    expect(isBlockReady(quiz(['a', 'b'], true))).toBe(true);
    expect(fields({ ...quiz(['a']), Content: { intro: '', questions: [], passPercent: null } })).toEqual([
      'questions:questionsMissing',
    ]);
  });

  it('not with a title over 200 characters, in any language', () => {
    const text = { ...newBlock('Text'), Title: 'x'.repeat(201) };
    expect(fields(text)).toEqual(['title:titleTooLong']);
    const translated = { ...newBlock('Text'), Translations: { sv: { Title: 'y'.repeat(201) } } };
    expect(blockIssues(translated)).toEqual([{ field: 'title', message: 'titleTooLong', language: 'sv' }]);
  });
});

describe('a translation', () => {
  const quiz = {
    ...newBlock('Quiz'),
    Title: 'Check',
    Content: {
      intro: '<p>Intro</p>',
      questions: [
        {
          id: 'q1',
          text: 'One?',
          multiple: false,
          options: [
            { id: 'a', text: 'Yes' },
            { id: 'b', text: 'No' },
          ],
          correct: ['a'],
        },
        {
          id: 'q2',
          text: 'Two?',
          multiple: true,
          options: [
            { id: 'c', text: 'C' },
            { id: 'd', text: 'D' },
          ],
          correct: ['c', 'd'],
        },
      ],
      passPercent: null,
    },
  } satisfies EditableBlock;

  it('starts as a copy of the default content', () => {
    expect(contentIn('Quiz', quiz, 'sv')).toEqual(readContent('Quiz', quiz.Content));
    expect(lacksTranslation(quiz, 'sv')).toBe(true);
  });

  it('keeps its texts and takes the structure, media and right answers from the default', () => {
    const sv = withTranslation(quiz, 'sv', {
      Title: 'Kontroll',
      Content: {
        intro: '<p>Inledning</p>',
        questions: [
          {
            id: 'q1',
            text: 'Ett?',
            multiple: true,
            options: [
              { id: 'a', text: 'Ja' },
              { id: 'b', text: 'Nej' },
            ],
            correct: ['b'],
          },
        ],
        passPercent: 10,
      },
    });
    expect(lacksTranslation(sv, 'sv')).toBe(false);
    const content = contentIn('Quiz', sv, 'sv');
    expect(content.intro).toBe('<p>Inledning</p>');
    expect(content.questions.map((q) => q.text)).toEqual(['Ett?', 'Two?']);
    expect(content.questions[0]).toMatchObject({ multiple: false, correct: ['a'] });
    expect(content.questions[0]?.options.map((o) => o.text)).toEqual(['Ja', 'Nej']);
    expect(content.passPercent).toBeNull();
    expect(isBlockReady(sv)).toBe(true);

    // The default drops its first question and reorders options: the translation follows, keeping its texts.
    const base = readContent('Quiz', sv.Content);
    const [first, second] = base.questions;
    if (!first || !second) throw new Error('two questions');
    const changed = withDefaultContent(sv, {
      ...base,
      questions: [second, { ...first, options: [...first.options].reverse() }],
    });
    expect(contentIn('Quiz', changed, 'sv').questions.map((q) => q.text)).toEqual(['Two?', 'Ett?']);
    expect(contentIn('Quiz', changed, 'sv').questions[1]?.options.map((o) => o.text)).toEqual(['Nej', 'Ja']);
  });

  it('of an image changes its alt text and caption, never its medium', () => {
    const image = { ...newBlock('Image'), Content: { mediaId: 3, alt: 'A cat', caption: 'Our cat' } };
    const sv = withTranslation(image, 'sv', { Content: { mediaId: 99, alt: 'En katt', caption: 'Vår katt' } });
    expect(sv.Translations.sv?.Content).toEqual({ mediaId: 3, alt: 'En katt', caption: 'Vår katt' });
    const replaced = withDefaultContent(sv, { mediaId: 5, alt: 'A dog', caption: 'Our cat' });
    expect(replaced.Translations.sv?.Content).toEqual({ mediaId: 5, alt: 'En katt', caption: 'Vår katt' });
  });

  it('loses the same column as the default', () => {
    const columns = { ...newBlock('Column'), Content: { columns: [{ html: '1' }, { html: '2' }, { html: '3' }] } };
    const sv = withTranslation(columns, 'sv', {
      Content: { columns: [{ html: 'ett' }, { html: 'två' }, { html: 'tre' }] },
    });
    const fewer = withoutColumn(sv, 1);
    expect(fewer.Content).toEqual({ columns: [{ html: '1' }, { html: '3' }] });
    expect(contentIn('Column', fewer, 'sv')).toEqual({ columns: [{ html: 'ett' }, { html: 'tre' }] });
  });

  it('with an emptied title is left out, so the default title shows', () => {
    const titled = withTranslation({ ...newBlock('Video'), Title: 'Intro' }, 'sv', { Title: 'Inledning' });
    expect(titled.Translations).toEqual({ sv: { Title: 'Inledning' } });
    expect(lacksTranslation(titled, 'sv')).toBe(false);
    expect(withTranslation(titled, 'sv', { Title: '  ' }).Translations).toEqual({});
  });

  it('of media, YouTube and post blocks is their title only', () => {
    for (const type of ['Video', 'Audio', 'File', 'YouTube', 'Post'] as const) {
      expect(lacksTranslation(newBlock(type), 'sv')).toBe(false);
      expect(lacksTranslation({ ...newBlock(type), Title: 'T' }, 'sv')).toBe(true);
    }
    expect(alignContent('YouTube', { videoId: 'dQw4w9WgXcQ' }, { videoId: 'xxxxxxxxxxx' })).toEqual({
      videoId: 'dQw4w9WgXcQ',
    });
  });
});

describe('a YouTube address', () => {
  const id = 'dQw4w9WgXcQ';
  it.each([
    id,
    ` ${id} `,
    `https://www.youtube.com/watch?v=${id}`,
    `https://youtube.com/watch?feature=share&v=${id}&t=42s`,
    `http://m.youtube.com/watch?v=${id}`,
    `www.youtube.com/watch?v=${id}`,
    `youtube.com/watch?v=${id}`,
    `https://music.youtube.com/watch?v=${id}`,
    `https://youtu.be/${id}`,
    `https://youtu.be/${id}?si=abc&t=3`,
    `youtu.be/${id}`,
    `https://www.youtube.com/embed/${id}?start=10`,
    `https://www.youtube-nocookie.com/embed/${id}`,
    `https://www.youtube.com/shorts/${id}`,
    `https://www.youtube.com/live/${id}?feature=share`,
    `https://WWW.YOUTUBE.COM/watch?v=${id}`,
  ])('%s gives the video id', (input) => {
    expect(parseYouTube(input)).toBe(id);
  });

  it.each([
    '',
    'not a link',
    'dQw4w9WgXc',
    'dQw4w9WgXcQQ',
    'https://example.com/watch?v=dQw4w9WgXcQ',
    'https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ',
    'https://notyoutube.com/watch?v=dQw4w9WgXcQ',
    'https://www.youtube.com/watch?v=short',
    'https://www.youtube.com/watch',
    'https://www.youtube.com/channel/UCabcdefghijk',
    'https://www.youtube.com/playlist?list=PL12345678901',
    'javascript:alert("dQw4w9WgXcQ")',
    'ftp://youtube.com/watch?v=dQw4w9WgXcQ',
    'https://youtu.be/',
  ])('%s is refused', (input) => {
    expect(parseYouTube(input)).toBeNull();
  });
});
