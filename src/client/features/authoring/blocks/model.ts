import { EditableBlock } from '../../../../shared/contract/authoring/partContent';
import { type Exercise, exercises } from '../../../../shared/domain/eartraining/rounds';
import { defaultSettings, type ExerciseSettings, readSettings } from '../../../../shared/domain/eartraining/settings';
import type { BlockType } from '../../../../shared/domain/learning/course';
import { newId } from './ids';

/**
 * What a block's content holds while it is edited, by block type: the stored shape of
 * `shared/domain/learning/blockContent.ts`, except that what the author has not given yet may be missing (a medium
 * not yet uploaded is `mediaId` 0, a test's pass mark may be emptied to null). `isBlockReady` says when it is a
 * content the server takes.
 */
export interface QuestionDraft {
  id: string;
  text: string;
  multiple: boolean;
  options: { id: string; text: string }[];
  correct: string[];
}
interface Html {
  html: string;
}
interface Questions {
  intro: string;
  questions: QuestionDraft[];
  passPercent: number | null;
}
export interface ContentDrafts {
  Text: Html;
  Image: { mediaId: number; alt: string; caption: string };
  Video: { mediaId: number; durationSeconds: number };
  Audio: { mediaId: number };
  File: { mediaId: number };
  YouTube: { videoId: string };
  Column: { columns: Html[] };
  Link: { url: string; description: string };
  Quiz: Questions;
  Post: Record<string, never>;
  Test: Questions;
  Exam: Html;
  FinalExam: Html;
  Reward: Html;
  Question: Html;
  EarTraining: { exercise: Exercise; settings: ExerciseSettings; passPercent: number };
  /** `surveyId` 0 until the author chooses one. */
  Survey: { surveyId: number };
}
export type ContentDraft<T extends BlockType = BlockType> = ContentDrafts[T];

/** The most columns a Column block has (the contract's limit). */
export const MAX_COLUMNS = 4;
/** A test's pass mark when the author gives none (the contract's default). */
export const DEFAULT_PASS_PERCENT = 60;
/** An ear-training block's pass mark when the author gives none (the contract's default). */
export const DEFAULT_EXERCISE_PASS_PERCENT = 80;

/** The block types whose content is rich text (`{ html }`) and nothing else. */
export const richTextTypes = ['Text', 'Exam', 'FinalExam', 'Reward', 'Question'] as const;
export type RichTextType = (typeof richTextTypes)[number];
export const isRichTextType = (type: BlockType): type is RichTextType =>
  (richTextTypes as readonly BlockType[]).includes(type);

/** The block types whose medium is uploaded, and the kind of file each takes. */
export const mediaKinds = { Image: 'image', Video: 'video', Audio: 'audio', File: 'file' } as const;
export type MediaType = keyof typeof mediaKinds;
export type MediaKind = (typeof mediaKinds)[MediaType];
export const isMediaType = (type: BlockType): type is MediaType => type in mediaKinds;

/** Block types whose title is the text of the link they are, not a heading above them (as the learner sees them). */
export const titleIsLinkText = (type: BlockType) => type === 'Link' || type === 'Post';

/**
 * Block types with text in their content that a translation rewrites. A video, audio, file, YouTube video or link
 * to a part is the same in every language: only its title is translated.
 */
const translatableTypes = new Set<BlockType>([...richTextTypes, 'Image', 'Column', 'Link', 'Quiz', 'Test']);
export const hasTranslatableContent = (type: BlockType) => translatableTypes.has(type);

const str = (value: unknown, fallback = '') => (typeof value === 'string' ? value : fallback);
const record = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const count = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/** A new question: two empty options and no right one marked yet (the author must choose it). */
export function newQuestion(taken: Iterable<string> = []): QuestionDraft {
  const used = new Set(taken);
  const id = newId(used);
  used.add(id);
  const first = newId(used);
  used.add(first);
  const second = newId(used);
  return {
    id,
    text: '',
    multiple: false,
    options: [
      { id: first, text: '' },
      { id: second, text: '' },
    ],
    correct: [],
  };
}

/** Every question and option id of a content, so a new one differs from all of them. */
export const questionIds = (content: Questions) =>
  content.questions.flatMap((question) => [question.id, ...question.options.map((option) => option.id)]);

const emptyContent: { [T in BlockType]: () => ContentDrafts[T] } = {
  Text: () => ({ html: '' }),
  Image: () => ({ mediaId: 0, alt: '', caption: '' }),
  Video: () => ({ mediaId: 0, durationSeconds: 0 }),
  Audio: () => ({ mediaId: 0 }),
  File: () => ({ mediaId: 0 }),
  YouTube: () => ({ videoId: '' }),
  Column: () => ({ columns: [{ html: '' }, { html: '' }] }),
  Link: () => ({ url: '', description: '' }),
  Quiz: () => ({ intro: '', questions: [newQuestion()], passPercent: null }),
  Post: () => ({}),
  Test: () => ({ intro: '', questions: [newQuestion()], passPercent: DEFAULT_PASS_PERCENT }),
  Exam: () => ({ html: '' }),
  FinalExam: () => ({ html: '' }),
  Reward: () => ({ html: '' }),
  Question: () => ({ html: '' }),
  EarTraining: () => ({
    exercise: 'NameTheInterval',
    settings: defaultSettings,
    passPercent: DEFAULT_EXERCISE_PASS_PERCENT,
  }),
  Survey: () => ({ surveyId: 0 }),
};

/**
 * A new block of a type, with id 0 (the save that sends it adds it), published, and empty. Text-like blocks
 * (text, column, exam, final exam, reward, question) are ready to save at once; the others are not until the author
 * gives what they cannot be without (see `isBlockReady`): a medium (image, video, audio, file), a video id (YouTube),
 * an address (link), a right answer for the question (quiz, test), the part it links to (post) or its survey.
 */
export function newBlock(type: BlockType): EditableBlock {
  return {
    Id: 0,
    BlockType: type,
    Title: '',
    Published: true,
    MentorOnly: false,
    PostId: 0,
    Content: emptyContent[type]() as Record<string, unknown>,
    Translations: {},
  };
}

function readQuestion(raw: unknown): QuestionDraft {
  const question = record(raw);
  return {
    id: str(question.id),
    text: str(question.text),
    multiple: question.multiple === true,
    options: list(question.options).map((option) => ({ id: str(record(option).id), text: str(record(option).text) })),
    correct: list(question.correct).filter((id): id is string => typeof id === 'string'),
  };
}

const readers: { [T in BlockType]: (content: Record<string, unknown>) => ContentDrafts[T] } = {
  Text: (c) => ({ html: str(c.html) }),
  Image: (c) => ({ mediaId: count(c.mediaId), alt: str(c.alt), caption: str(c.caption) }),
  Video: (c) => ({ mediaId: count(c.mediaId), durationSeconds: count(c.durationSeconds) }),
  Audio: (c) => ({ mediaId: count(c.mediaId) }),
  File: (c) => ({ mediaId: count(c.mediaId) }),
  YouTube: (c) => ({ videoId: str(c.videoId) }),
  Column: (c) => ({ columns: list(c.columns).map((column) => ({ html: str(record(column).html) })) }),
  Link: (c) => ({ url: str(c.url), description: str(c.description) }),
  Quiz: (c) => ({
    intro: str(c.intro),
    questions: list(c.questions).map(readQuestion),
    passPercent: typeof c.passPercent === 'number' ? c.passPercent : null,
  }),
  Post: () => ({}),
  Test: (c) => ({
    intro: str(c.intro),
    questions: list(c.questions).map(readQuestion),
    // Left out, the contract's default applies; emptied by the author, it stays empty until she writes one.
    passPercent:
      c.passPercent === undefined ? DEFAULT_PASS_PERCENT : typeof c.passPercent === 'number' ? c.passPercent : null,
  }),
  Exam: (c) => ({ html: str(c.html) }),
  FinalExam: (c) => ({ html: str(c.html) }),
  Reward: (c) => ({ html: str(c.html) }),
  Question: (c) => ({ html: str(c.html) }),
  EarTraining: (c) => ({
    exercise: exercises.find((exercise) => exercise === c.exercise) ?? 'NameTheInterval',
    settings: readSettings(c.settings) ?? defaultSettings,
    passPercent: typeof c.passPercent === 'number' ? c.passPercent : DEFAULT_EXERCISE_PASS_PERCENT,
  }),
  Survey: (c) => ({ surveyId: count(c.surveyId) }),
};

/** A block's stored content in its editing shape: every field there, of its type (a missing one empty). */
export function readContent<T extends BlockType>(type: T, content: unknown): ContentDrafts[T] {
  return readers[type](record(content));
}

/**
 * A translation's content on the default's structure: media, addresses, questions, options and right answers as
 * the default has them now, each text from the translation where it has one (questions and options by id, columns
 * by position), else the default's own text, still to be translated.
 */
export function alignContent<T extends BlockType>(
  type: T,
  base: ContentDrafts[T],
  translated: unknown,
): ContentDrafts[T] {
  const tr = record(translated);
  const aligned = (): ContentDraft => {
    if (isRichTextType(type)) return { html: str(tr.html, (base as Html).html) };
    switch (type) {
      case 'Image': {
        const image = base as ContentDrafts['Image'];
        return { ...image, alt: str(tr.alt, image.alt), caption: str(tr.caption, image.caption) };
      }
      case 'Column': {
        const columns = list(tr.columns);
        return {
          columns: (base as ContentDrafts['Column']).columns.map((column, index) => ({
            html: str(record(columns[index]).html, column.html),
          })),
        };
      }
      case 'Link': {
        const link = base as ContentDrafts['Link'];
        return { ...link, description: str(tr.description, link.description) };
      }
      case 'Quiz':
      case 'Test': {
        const questions = base as Questions;
        const translatedQuestions = new Map(list(tr.questions).map((q) => [str(record(q).id), readQuestion(q)]));
        return {
          ...questions,
          intro: str(tr.intro, questions.intro),
          questions: questions.questions.map((question) => {
            const translatedQuestion = translatedQuestions.get(question.id);
            const optionTexts = new Map(translatedQuestion?.options.map((option) => [option.id, option.text]));
            return {
              ...question,
              text: translatedQuestion?.text ?? question.text,
              options: question.options.map((option) => ({
                ...option,
                text: optionTexts.get(option.id) ?? option.text,
              })),
              correct: [...question.correct],
            };
          }),
        };
      }
      default:
        return structuredClone(base);
    }
  };
  return aligned() as ContentDrafts[T];
}

/**
 * The content a block of type `type` shows in `language`: its own in the default language (null), else its
 * translation's, on the default's structure.
 */
export function contentIn<T extends BlockType>(
  type: T,
  block: EditableBlock,
  language: string | null,
): ContentDrafts[T] {
  const base = readContent(type, block.Content);
  if (language === null) return base;
  return alignContent(type, base, block.Translations[language]?.Content);
}

/** The block with new content in its default language; every translation's content follows its structure. */
export function withDefaultContent(block: EditableBlock, content: ContentDraft): EditableBlock {
  const Translations = Object.fromEntries(
    Object.entries(block.Translations).map(([language, translation]) => [
      language,
      translation.Content === undefined
        ? translation
        : {
            ...translation,
            Content: alignContent(block.BlockType, content, translation.Content) as Record<string, unknown>,
          },
    ]),
  );
  return { ...block, Content: content as Record<string, unknown>, Translations };
}

/**
 * The block with a translation changed: its title (an empty one is left out, so the default's shows) and its
 * content (on the default's structure).
 */
export function withTranslation(
  block: EditableBlock,
  language: string,
  change: { Title?: string; Content?: ContentDraft },
): EditableBlock {
  const translation = { ...block.Translations[language] };
  if ('Title' in change) {
    if (change.Title?.trim()) translation.Title = change.Title;
    else delete translation.Title;
  }
  if (change.Content !== undefined) {
    const base = readContent(block.BlockType, block.Content);
    translation.Content = alignContent(block.BlockType, base, change.Content) as Record<string, unknown>;
  }
  const Translations = { ...block.Translations };
  if (translation.Title === undefined && translation.Content === undefined) delete Translations[language];
  else Translations[language] = translation;
  return { ...block, Translations };
}

/**
 * The column block without its column at `index`, in every language at once: translations keep their columns by
 * position, so each loses the same one.
 */
export function withoutColumn(block: EditableBlock, index: number): EditableBlock {
  const drop = (content: unknown) => {
    const columns = list(record(content).columns).filter((_, at) => at !== index);
    return { ...record(content), columns };
  };
  const Translations = Object.fromEntries(
    Object.entries(block.Translations).map(([language, translation]) => [
      language,
      translation.Content === undefined ? translation : { ...translation, Content: drop(translation.Content) },
    ]),
  );
  return { ...block, Content: drop(block.Content), Translations };
}

/**
 * Whether a block still lacks its translation into `language`: a title the default has and the translation not,
 * or content with text to translate that was never translated.
 */
export function lacksTranslation(block: EditableBlock, language: string): boolean {
  const translation = block.Translations[language];
  if (block.Title.trim() && !translation?.Title?.trim()) return true;
  return hasTranslatableContent(block.BlockType) && translation?.Content === undefined;
}

/** What a refused field needs, as the editor says it (`blockEditor:issues.<message>`). */
export type IssueMessage =
  | 'titleTooLong'
  | 'mediaMissing'
  | 'videoIdInvalid'
  | 'urlInvalid'
  | 'columnsCount'
  | 'questionsMissing'
  | 'optionsMissing'
  | 'correctMissing'
  | 'correctUnknown'
  | 'singleCorrect'
  | 'passPercent'
  | 'postMissing'
  | 'surveyMissing'
  | 'invalid';

/**
 * One reason a block cannot be saved yet. `field` names the control it belongs to: `title`, `media`, `videoId`,
 * `url`, `columns`, `questions`, `q:<question id>` (with `:options` or `:correct`), `passPercent`, `post`, `survey`, or
 * `block` for anything else; `language` is the translation it is in, null for the default language.
 */
export interface BlockIssue {
  field: string;
  message: IssueMessage;
  language: string | null;
}

function contentIssue(path: PropertyKey[], code: string, content: unknown): Pick<BlockIssue, 'field' | 'message'> {
  const [key, index, sub] = path;
  switch (key) {
    case 'mediaId':
      return { field: 'media', message: 'mediaMissing' };
    case 'videoId':
      return { field: 'videoId', message: 'videoIdInvalid' };
    case 'url':
      return { field: 'url', message: 'urlInvalid' };
    case 'columns':
      return { field: 'columns', message: path.length === 1 ? 'columnsCount' : 'invalid' };
    case 'passPercent':
      return { field: 'passPercent', message: 'passPercent' };
    case 'surveyId':
      return { field: 'survey', message: 'surveyMissing' };
    case 'questions': {
      if (path.length === 1)
        return { field: 'questions', message: code === 'too_small' ? 'questionsMissing' : 'invalid' };
      const question = readQuestion(list(record(content).questions)[Number(index)]);
      if (sub === 'options' && path.length === 3)
        return { field: `q:${question.id}:options`, message: 'optionsMissing' };
      if (sub === 'correct' && path.length === 3)
        return { field: `q:${question.id}:correct`, message: 'correctMissing' };
      return { field: `q:${question.id}`, message: 'invalid' };
    }
    default:
      return { field: 'block', message: 'invalid' };
  }
}

/** What the contract cannot say of a question: a right answer that is no option, several where one is asked for. */
function answerIssues(type: BlockType, content: unknown): Pick<BlockIssue, 'field' | 'message'>[] {
  if (type !== 'Quiz' && type !== 'Test') return [];
  return list(record(content).questions).flatMap((raw): Pick<BlockIssue, 'field' | 'message'>[] => {
    const question = readQuestion(raw);
    const field = `q:${question.id}:correct`;
    const optionIds = new Set(question.options.map((option) => option.id));
    if (question.correct.some((id) => !optionIds.has(id))) return [{ field, message: 'correctUnknown' }];
    if (!question.multiple && question.correct.length > 1) return [{ field, message: 'singleCorrect' }];
    return [];
  });
}

/**
 * Why a block cannot be saved yet, by field: the contract's `EditableBlock` rules (so exactly what the server
 * would refuse) and the two a question's right answers need beside them. Empty when the block is ready.
 */
export function blockIssues(block: EditableBlock): BlockIssue[] {
  const issues: BlockIssue[] = [];
  const seen = new Set<string>();
  const add = (issue: BlockIssue) => {
    const key = `${issue.language}|${issue.field}|${issue.message}`;
    if (!seen.has(key)) {
      seen.add(key);
      issues.push(issue);
    }
  };
  const parsed = EditableBlock.safeParse(block);
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const [first, language, second, ...rest] = issue.path;
    if (first === 'Title') add({ field: 'title', message: 'titleTooLong', language: null });
    else if (first === 'PostId') add({ field: 'post', message: 'postMissing', language: null });
    else if (first === 'Content')
      add({ ...contentIssue(issue.path.slice(1), issue.code, block.Content), language: null });
    else if (first === 'Translations' && typeof language === 'string') {
      const translation = block.Translations[language];
      if (second === 'Title') add({ field: 'title', message: 'titleTooLong', language });
      else if (second === 'Content') add({ ...contentIssue(rest, issue.code, translation?.Content), language });
      else add({ field: 'block', message: 'invalid', language });
    } else add({ field: 'block', message: 'invalid', language: null });
  }
  for (const issue of answerIssues(block.BlockType, block.Content)) add({ ...issue, language: null });
  for (const [language, translation] of Object.entries(block.Translations)) {
    for (const issue of answerIssues(block.BlockType, translation.Content)) add({ ...issue, language });
  }
  return issues;
}

/**
 * Whether the server takes the block as it is (see `blockIssues`). A block that is not ready yet — new blocks of
 * most types start so, see `newBlock` — is left out of a save (or, already saved, sent as it was last saved) and
 * flagged until the author completes it.
 */
export const isBlockReady = (block: EditableBlock) => blockIssues(block).length === 0;
