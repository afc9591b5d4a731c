import { Stack, TextInput } from '@mantine/core';
import { type ReactNode, useCallback, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EditableBlock, MediaInfo } from '../../../../shared/contract/authoring/partContent';
import type { BlockType } from '../../../../shared/domain/learning/course';
import { ColumnKind } from './ColumnKind';
import { EarTrainingKind } from './EarTrainingKind';
import { useOriginal } from './fields';
import {
  type BlockIssue,
  blockIssues,
  type ContentDraft,
  contentIn,
  isMediaType,
  mediaKinds,
  titleIsLinkText,
  withDefaultContent,
  withTranslation,
} from './model';
import { QuestionsKind } from './QuestionsKind';
import { AudioKind, FileKind, ImageKind, LinkKind, PostKind, RichTextKind, VideoKind } from './SimpleKinds';
import { SurveyKind } from './SurveyKind';
import { type BlockEditorScope, type KindProps, ScopeContext, useScope } from './scope';
import { YouTubeKind } from './YouTubeKind';

export interface BlockEditorProps {
  block: EditableBlock;
  onChange(next: EditableBlock): void;
  /** The language edited: the course's default edits the block itself, another its translation. */
  language: string;
  defaultLanguage: string;
  /** The course's parts, for a Post block's link. */
  parts: { Id: number; Name: string }[];
  /** The media the part's blocks name, by id; an upload adds its own through `onMedia`. */
  media: Record<string, MediaInfo>;
  onMedia(id: number, info: MediaInfo): void;
  courseId: number;
}

/** The editor of each block kind; the compiler refuses a kind without one. */
function renderKind(type: BlockType, props: KindProps<BlockType>): ReactNode {
  // Each kind's editor is handed the content of its own type (read for that type by `contentIn`).
  // biome-ignore lint/suspicious/noExplicitAny: the switch narrows the type, not the props built before it
  const kind = props as KindProps<any>;
  switch (type) {
    case 'Text':
    case 'Exam':
    case 'FinalExam':
    case 'Reward':
    case 'Question':
      return <RichTextKind {...kind} />;
    case 'Image':
      return <ImageKind {...kind} />;
    case 'Video':
      return <VideoKind {...kind} />;
    case 'Audio':
      return <AudioKind {...kind} />;
    case 'File':
      return <FileKind {...kind} />;
    case 'YouTube':
      return <YouTubeKind {...kind} />;
    case 'Column':
      return <ColumnKind {...kind} />;
    case 'Link':
      return <LinkKind {...kind} />;
    case 'Quiz':
    case 'Test':
      return <QuestionsKind {...kind} />;
    case 'Post':
      return <PostKind {...kind} />;
    case 'EarTraining':
      return <EarTrainingKind {...kind} />;
    case 'Survey':
      return <SurveyKind {...kind} />;
    default: {
      const unknown: never = type;
      return unknown;
    }
  }
}

/**
 * One block's form: its title (the link's text for links) and its content, by kind. In the course's default
 * language it edits the block; in another it edits that language's translation, each field showing the original,
 * while media, addresses and the questions' structure stay the default's. What a field still needs is said once
 * the author has been at it (at once for a block saved before); `blockIssues` lists the same for the whole block.
 */
export function BlockEditor({
  block,
  onChange,
  language,
  defaultLanguage,
  parts,
  media,
  onMedia,
  courseId,
}: BlockEditorProps) {
  const { t, i18n } = useTranslation('blockEditor');
  const idPrefix = `block${useId().replace(/[^\w-]/g, '')}`;
  const translation = language === defaultLanguage ? null : language;

  // Changes build on the latest block, even one an upload's answer brings after the author typed on.
  const latest = useRef(block);
  latest.current = block;
  const update = useCallback(
    (change: (current: EditableBlock) => EditableBlock) => {
      const next = change(latest.current);
      latest.current = next;
      onChange(next);
    },
    [onChange],
  );
  const type = block.BlockType;
  const change = useCallback(
    (changeContent: (content: ContentDraft) => ContentDraft) =>
      update((current) => {
        const content = changeContent(contentIn(type, current, translation));
        return translation === null
          ? withDefaultContent(current, content)
          : withTranslation(current, translation, { Content: content });
      }),
    [update, type, translation],
  );

  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const touch = useCallback(
    (field: string) => setTouched((current) => (current.has(field) ? current : new Set(current).add(field))),
    [],
  );
  const saved = Boolean(block.Id);
  const issues = useMemo(() => blockIssues(block), [block]);
  const names = useMemo(() => new Intl.DisplayNames([i18n.language], { type: 'language' }), [i18n.language]);
  const languageName = useCallback((code: string) => names.of(code) ?? code, [names]);

  const scope = useMemo<BlockEditorScope>(() => {
    const visited = (field: string) =>
      saved || [...touched].some((name) => field === name || field.startsWith(`${name}:`));
    const text = (issue: BlockIssue) =>
      issue.message === 'mediaMissing' && isMediaType(type)
        ? t(`issues.mediaMissing.${mediaKinds[type]}`)
        : t(`issues.${issue.message as Exclude<BlockIssue['message'], 'mediaMissing'>}`);
    return {
      translation,
      defaultLanguageName: languageName(defaultLanguage),
      courseId,
      parts,
      media,
      onMedia,
      visited,
      touch,
      idPrefix,
      issue: (field) => {
        const found = issues.find((issue) => issue.field === field && issue.language === translation);
        return found && visited(field) ? text(found) : undefined;
      },
    };
  }, [
    translation,
    languageName,
    defaultLanguage,
    courseId,
    parts,
    media,
    onMedia,
    touch,
    idPrefix,
    issues,
    saved,
    touched,
    t,
    type,
  ]);

  const content = contentIn(type, block, translation);
  const base = translation === null ? content : contentIn(type, block, null);

  return (
    <ScopeContext.Provider value={scope}>
      <Stack gap="md" data-testid="block-editor" data-block-type={type} data-language={language}>
        <TitleField block={block} update={update} />
        {renderKind(type, { block, content, base, change, update })}
      </Stack>
    </ScopeContext.Provider>
  );
}

/** The block's title, or for a link the link's text; while translating, the translation's with the original. */
function TitleField({
  block,
  update,
}: {
  block: EditableBlock;
  update(change: (current: EditableBlock) => EditableBlock): void;
}) {
  const { t } = useTranslation('blockEditor');
  const scope = useScope();
  const original = useOriginal();
  const linkText = titleIsLinkText(block.BlockType);
  const partName = scope.parts.find((part) => part.Id === block.PostId)?.Name;
  const hint =
    block.BlockType === 'Post'
      ? t('title.postDescription')
      : linkText
        ? t('title.linkDescription')
        : t('title.description');
  const translated = scope.translation === null ? null : (block.Translations[scope.translation]?.Title ?? '');
  return (
    <TextInput
      label={linkText ? t('title.linkText') : t('title.label')}
      description={original(block.Title) ?? hint}
      placeholder={translated === null ? partName : block.Title || partName}
      value={translated ?? block.Title}
      error={scope.issue('title')}
      onChange={(event) => {
        const Title = event.currentTarget.value;
        const language = scope.translation;
        update((current) =>
          language === null ? { ...current, Title } : withTranslation(current, language, { Title }),
        );
        scope.touch('title');
      }}
      data-testid="block-title"
    />
  );
}
