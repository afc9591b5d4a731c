import type { EditableBlock, MediaInfo } from '../../../../shared/contract/authoring/partContent';
import type { Block, Course, CoursePart, Question } from '../../../../shared/contract/learning/courseShapes';
import type { StoredQuestion } from '../../../../shared/domain/learning/blockContent';
import { translatedContent } from '../../../../shared/domain/learning/translations';
import { readContent } from '../blocks/model';
import type { PartDraft } from './draft';

/**
 * "Preview as student": a part's draft as a learner with no progress sees it, in the learning feature's own shapes
 * so the very renderers of the course pages show it. A learner sees published blocks that are not mentor-only, in
 * her language where written and else in the course's default; right answers never reach her; nothing is
 * completed, answered or rewarded yet.
 */

type Content = Record<string, unknown>;

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const num = (value: unknown): number => (typeof value === 'number' ? value : 0);

/** A block's title and content in `language`, falling back to the default language's. */
export function blockInLanguage(block: EditableBlock, language: string, defaultLanguage: string) {
  if (language === defaultLanguage) return { title: block.Title, content: block.Content };
  const translation = block.Translations[language];
  return {
    title: translation?.Title?.trim() ? translation.Title : block.Title,
    // The server's rule: a quiz's or test's translation lays its texts over the default's questions.
    content: (translation?.Content === undefined
      ? block.Content
      : translatedContent(block.BlockType, block.Content, translation.Content)) as Record<string, unknown>,
  };
}

const learnerQuestions = (questions: unknown): Question[] =>
  (Array.isArray(questions) ? (questions as StoredQuestion[]) : []).map((question) => ({
    id: question.id,
    text: question.text,
    multiple: question.multiple ?? false,
    options: question.options ?? [],
  }));

export interface StudentViewContext {
  course: Pick<Course, 'XpPerReward' | 'TestAttempts' | 'CourseParts'>;
  media: Record<string, MediaInfo>;
  language: string;
  defaultLanguage: string;
}

/** One block as a learner receives it, or null when a learner does not see it. */
export function studentBlock(block: EditableBlock, id: number, context: StudentViewContext): Block | null {
  if (!block.Published || block.MentorOnly) return null;
  const { title, content } = blockInLanguage(block, context.language, context.defaultLanguage);
  const c = content as Content;
  const media = (key: unknown) => (typeof key === 'number' ? context.media[String(key)] : undefined);
  const base = { Id: id, Title: title, Published: true, MentorOnly: false } as const;
  const notPost = { PostId: null, PostType: null, PostName: null, PostIcon: null, VideoLength: null } as const;
  switch (block.BlockType) {
    case 'Text':
    case 'Exam':
    case 'FinalExam':
    case 'Question':
      return { ...base, ...notPost, BlockType: block.BlockType, Content: { html: text(c.html) } };
    case 'Reward':
      return {
        ...base,
        ...notPost,
        BlockType: 'Reward',
        Content: { html: text(c.html), xp: context.course.XpPerReward },
      };
    case 'Image': {
      const file = media(c.mediaId);
      return {
        ...base,
        ...notPost,
        BlockType: 'Image',
        Content: { url: file?.Url ?? null, alt: text(c.alt), caption: text(c.caption) },
      };
    }
    case 'Video': {
      const file = media(c.mediaId);
      return {
        ...base,
        ...notPost,
        BlockType: 'Video',
        Content: {
          url: file?.Url ?? null,
          mimeType: file?.MimeType ?? 'video/mp4',
          durationSeconds: num(c.durationSeconds) || (file?.DurationSeconds ?? 0),
        },
      };
    }
    case 'Audio': {
      const file = media(c.mediaId);
      return {
        ...base,
        ...notPost,
        BlockType: 'Audio',
        Content: { url: file?.Url ?? null, mimeType: file?.MimeType ?? 'audio/mpeg' },
      };
    }
    case 'File': {
      const file = media(c.mediaId);
      return {
        ...base,
        ...notPost,
        BlockType: 'File',
        Content: { url: file?.Url ?? null, fileName: file?.Name ?? '', sizeBytes: file?.SizeBytes ?? 0 },
      };
    }
    case 'YouTube':
      return { ...base, ...notPost, BlockType: 'YouTube', Content: { videoId: text(c.videoId) } };
    case 'Column': {
      const columns = Array.isArray(c.columns) ? (c.columns as { html?: unknown }[]) : [];
      return {
        ...base,
        ...notPost,
        BlockType: 'Column',
        Content: { columns: columns.map((column) => ({ html: text(column.html) })) },
      };
    }
    case 'Link':
      return {
        ...base,
        ...notPost,
        BlockType: 'Link',
        Content: { url: text(c.url), description: text(c.description) },
      };
    case 'Quiz':
    case 'Test':
      return {
        ...base,
        ...notPost,
        BlockType: block.BlockType,
        Content: {
          intro: text(c.intro),
          questions: learnerQuestions(c.questions),
          passPercent: block.BlockType === 'Test' ? (typeof c.passPercent === 'number' ? c.passPercent : 60) : null,
          attemptsAllowed: block.BlockType === 'Test' ? context.course.TestAttempts : null,
          result: null,
        },
      };
    case 'EarTraining': {
      const exercise = readContent('EarTraining', c);
      return { ...base, ...notPost, BlockType: 'EarTraining', Content: { ...exercise, result: null } };
    }
    case 'Survey': {
      const { surveyId } = readContent('Survey', c);
      return surveyId > 0 ? { ...base, ...notPost, BlockType: 'Survey', Content: { surveyId } } : null;
    }
    case 'Post': {
      const linked = context.course.CourseParts.find((part) => part.Id === block.PostId);
      if (!linked) return null;
      return {
        ...base,
        BlockType: 'Post',
        PostId: linked.Id,
        PostType: linked.PostType,
        PostName: linked.Name,
        PostIcon: linked.Icon,
        VideoLength: linked.VideoLength,
        Content: {},
      };
    }
    default: {
      const unknown: never = block.BlockType;
      return unknown;
    }
  }
}

/** The part as a learner with no progress sees it, and how many of the draft's blocks she does not see. */
export function studentPart(
  part: CoursePart,
  draft: PartDraft,
  context: StudentViewContext,
): { part: CoursePart; hidden: number } {
  const blocks: Block[] = [];
  draft.Blocks.forEach((block, index) => {
    // Blocks not saved yet have no id: a stable negative one keeps React's keys and the renderers' ids apart.
    const shown = studentBlock(block, block.Id || -(index + 1), context);
    if (shown) blocks.push(shown);
  });
  const name =
    context.language === context.defaultLanguage ? draft.Name : draft.NameTranslations[context.language] || draft.Name;
  return {
    part: {
      ...part,
      Name: name,
      Blocks: blocks,
      VideoPlay: 0,
      Completed: false,
      MilestoneCompletedDate: null,
      reward_id: null,
    },
    hidden: draft.Blocks.length - blocks.length,
  };
}
