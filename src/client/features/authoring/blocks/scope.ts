import { createContext, useContext } from 'react';
import type { EditableBlock, MediaInfo } from '../../../../shared/contract/authoring/partContent';
import type { BlockType } from '../../../../shared/domain/learning/course';
import type { ContentDrafts } from './model';

/** What every field of one block's editor shares: the language edited, the course's media and parts, its errors. */
export interface BlockEditorScope {
  /** The language a translation is written in; null while the default language is edited. */
  translation: string | null;
  /** The default language's name in the user's language, for the originals shown beside a translation. */
  defaultLanguageName: string;
  courseId: number;
  parts: readonly { Id: number; Name: string }[];
  media: Record<string, MediaInfo>;
  onMedia(id: number, info: MediaInfo): void;
  /** The text of what a field needs before the block can be saved, once the author has been at it. */
  issue(field: string): string | undefined;
  /** Whether the author has been at a field (or the block was saved before), so what it lacks is said. */
  visited(field: string): boolean;
  /** Marks a field as visited, so its error shows. */
  touch(field: string): void;
  /** A prefix for element ids, unique to this block's editor. */
  idPrefix: string;
}

export const ScopeContext = createContext<BlockEditorScope | null>(null);

export function useScope(): BlockEditorScope {
  const scope = useContext(ScopeContext);
  if (!scope) throw new Error('A block field is used outside a BlockEditor');
  return scope;
}

/** What the editor of one block kind is given. */
export interface KindProps<T extends BlockType> {
  block: EditableBlock;
  /** The content in the language edited. */
  content: ContentDrafts[T];
  /** The content in the default language (the same as `content` unless translating): the originals. */
  base: ContentDrafts[T];
  /** Changes the content in the language edited, from its latest state. */
  change(update: (content: ContentDrafts[T]) => ContentDrafts[T]): void;
  /** Changes the whole block (every language at once) from its latest state. */
  update(update: (block: EditableBlock) => EditableBlock): void;
}
