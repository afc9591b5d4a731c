import { EditableBlock, type PartContent } from '../../../../shared/contract/authoring/partContent';
import { keptOnSignOutPrefix } from '../../../../shared/domain/storage';

/** What the editor changes of a part and saves whole: its name in every language and its blocks in order. */
export interface PartDraft {
  Name: string;
  NameTranslations: Record<string, string>;
  Blocks: EditableBlock[];
}

/** A draft kept in the browser until the server has it: the version it was made on and when it last changed. */
export interface KeptDraft {
  baseVersion: number;
  changedAt: string;
  draft: PartDraft;
}

/** The part of the Web Storage API the draft keeper uses (localStorage in the browser, a map in tests). */
export interface DraftStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** Every key a kept draft is stored under starts with this; signing out keeps them (shared/domain/storage.ts). */
export const DRAFT_KEY_PREFIX = keptOnSignOutPrefix;

/** One draft per site, course, part and editor: two staff on one browser never see each other's. */
export const draftKey = (opts: { site: string; courseId: number; partId: number; userId: number }): string =>
  `${DRAFT_KEY_PREFIX}${opts.site}:${opts.courseId}:${opts.partId}:${opts.userId}`;

export const draftOf = (content: Pick<PartContent, 'Name' | 'NameTranslations' | 'Blocks'>): PartDraft => ({
  Name: content.Name,
  NameTranslations: content.NameTranslations,
  Blocks: content.Blocks,
});

/** The first block the server would refuse (1-based), or 0 for none; -1 when the name is missing. */
export function firstIncomplete(draft: PartDraft): number {
  if (!draft.Name.trim()) return -1;
  const index = draft.Blocks.findIndex((block) => !EditableBlock.safeParse(block).success);
  return index + 1;
}

/** A draft as text, the same for equal drafts: what "differs from the last saved" compares. */
export const draftText = (draft: PartDraft): string => JSON.stringify(draft);

/**
 * Keeps drafts in the browser's storage. Storage may be full or blocked (a private window): writing then fails
 * quietly and `write` answers false, so the editor can say the draft lives only in this page.
 */
export function draftKeeper(storage: DraftStorage | null) {
  return {
    read(key: string): KeptDraft | null {
      try {
        const raw = storage?.getItem(key);
        if (!raw) return null;
        const kept = JSON.parse(raw) as Partial<KeptDraft>;
        if (typeof kept.baseVersion !== 'number' || !kept.draft || !Array.isArray(kept.draft.Blocks)) return null;
        return kept as KeptDraft;
      } catch {
        return null;
      }
    },
    write(key: string, kept: KeptDraft): boolean {
      if (!storage) return false;
      try {
        storage.setItem(key, JSON.stringify(kept));
        return true;
      } catch {
        return false;
      }
    },
    forget(key: string): void {
      try {
        storage?.removeItem(key);
      } catch {
        // A blocked storage holds nothing to forget.
      }
    },
  };
}

export type DraftKeeper = ReturnType<typeof draftKeeper>;

/** The browser's localStorage, or null where reading it throws (blocked by the browser's settings). */
export function browserStorage(): DraftStorage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}
