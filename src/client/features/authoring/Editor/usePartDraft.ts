import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { MediaInfo, PartContent } from '../../../../shared/contract/authoring/partContent';
import { keptDraftDecision, nextSaveDelay, saveFailure } from '../../../../shared/domain/authoring/editor';
import { ApiError, call, SITE } from '../../../app/api';
import { errorCode } from '../../../components/errorText';
import {
  browserStorage,
  draftKeeper,
  draftKey,
  draftOf,
  draftText,
  firstIncomplete,
  type KeptDraft,
  type PartDraft,
} from './draft';
import type { EditingSession } from './session';

/** What the editor shows of its saving (spec §9: "Saving..." then "Save Success!"). */
export type SaveStatus =
  | { kind: 'idle' }
  | { kind: 'dirty' }
  | { kind: 'saving' }
  | { kind: 'saved' }
  | { kind: 'offline' }
  | { kind: 'retrying'; code: string }
  | { kind: 'incomplete'; number: number; blockType: string | null }
  | { kind: 'invalid'; code: string }
  | { kind: 'stale'; name: string | null; at: string | null };

/** A block's place in the editor: a key React and the save's answer follow while its content changes. */
let nextKey = 0;
const newKey = () => `b${++nextKey}`;

interface Loaded {
  content: PartContent;
  draft: PartDraft;
  keys: string[];
}

/**
 * A part's content while its editor edits it: loaded with get_course_part_content, changed in a draft that is
 * written to the browser's storage at once, saved with save_course_part_content every 6 s while it differs from
 * what the server has (and at once on `flush`), retried while the network is gone. A draft the server never got
 * is offered back when the part opens again; a refused save keeps it (stale version, lapsed lock, bad content).
 * `onNameSaved` runs after a save that changed the part's name in any language: the course's pages show the name
 * from get_course, which only a new load brings.
 */
export function usePartDraft(opts: { session: EditingSession; partId: number; onNameSaved?(): void }) {
  const { session, partId } = opts;
  const courseId = session.course.Id;
  const keeper = useMemo(() => draftKeeper(browserStorage()), []);
  const key = draftKey({ site: SITE, courseId, partId, userId: session.userId });

  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [media, setMedia] = useState<Record<string, MediaInfo>>({});
  const [offer, setOffer] = useState<KeptDraft | null>(null);
  const [status, setStatus] = useState<SaveStatus>({ kind: 'idle' });
  const [keptInBrowser, setKeptInBrowser] = useState(true);

  // The saver works on refs: timers and the answers of saves outlive the render that started them.
  const current = useRef<{ draft: PartDraft; keys: string[] } | null>(null);
  const lastSaved = useRef<string | null>(null);
  const dirtySince = useRef<number | null>(null);
  const lastAttemptAt = useRef<number | null>(null);
  const failures = useRef(0);
  const timer = useRef<number | undefined>(undefined);
  const inFlight = useRef<Promise<void> | null>(null);
  const halted = useRef(false);
  const sessionRef = useRef(session);
  sessionRef.current = session;
  const onNameSavedRef = useRef(opts.onNameSaved);
  onNameSavedRef.current = opts.onNameSaved;
  /** The part's names as the server has them (`namesOf`). */
  const savedNames = useRef<string | null>(null);

  const load = useCallback(async () => {
    setLoadError(null);
    try {
      const answer = await call('course_admin.php', 'get_course_part_content', {
        CourseId: courseId,
        CoursePartId: partId,
      });
      const content = answer.data;
      sessionRef.current.version.current = content.Version;
      const draft = draftOf(content);
      const text = draftText(draft);
      const kept = keeper.read(key);
      const decision = keptDraftDecision({ kept: kept ? draftText(kept.draft) : null, server: text });
      if (decision === 'forget') keeper.forget(key);
      setOffer(decision === 'offer' ? kept : null);
      const keys = draft.Blocks.map(newKey);
      current.current = { draft, keys };
      lastSaved.current = text;
      savedNames.current = namesOf(draft);
      dirtySince.current = null;
      failures.current = 0;
      halted.current = false;
      setMedia(content.Media);
      setLoaded({ content, draft, keys });
      setStatus({ kind: 'idle' });
    } catch (error) {
      setLoadError(errorCode(error));
    }
  }, [courseId, partId, key, keeper]);

  useEffect(() => {
    void load();
  }, [load]);

  // Timers and answers call the latest `save` through a ref: `schedule` stays the same function for every render.
  const saveRef = useRef<() => Promise<void>>(async () => undefined);
  const schedule = useCallback(() => {
    if (timer.current !== undefined || halted.current || dirtySince.current === null) return;
    const delay = nextSaveDelay({
      now: Date.now(),
      dirtySince: dirtySince.current,
      lastAttemptAt: lastAttemptAt.current,
      failures: failures.current,
    });
    timer.current = window.setTimeout(() => {
      timer.current = undefined;
      inFlight.current ??= saveRef.current().finally(() => {
        inFlight.current = null;
      });
    }, delay);
  }, []);

  const save = useCallback(async (): Promise<void> => {
    window.clearTimeout(timer.current);
    timer.current = undefined;
    const now = current.current;
    if (!now || halted.current) return;
    const sent = now.draft;
    const sentKeys = now.keys;
    const text = draftText(sent);
    if (text === lastSaved.current) {
      dirtySince.current = null;
      keeper.forget(key);
      return;
    }
    const incomplete = firstIncomplete(sent);
    if (incomplete !== 0) {
      setStatus({
        kind: 'incomplete',
        number: incomplete,
        blockType: incomplete > 0 ? (sent.Blocks[incomplete - 1]?.BlockType ?? null) : null,
      });
      return;
    }
    lastAttemptAt.current = Date.now();
    setStatus({ kind: 'saving' });
    try {
      const answer = await call('course_admin.php', 'save_course_part_content', {
        CourseId: courseId,
        Version: sessionRef.current.version.current,
        CoursePartId: partId,
        Name: sent.Name,
        NameTranslations: sent.NameTranslations,
        Blocks: sent.Blocks,
      });
      sessionRef.current.version.current = answer.Version;
      failures.current = 0;
      // Blocks the save added get their ids, in the draft as it is now (typing may have gone on meanwhile).
      const idByKey = new Map(sentKeys.map((blockKey, index) => [blockKey, answer.BlockIds[index] ?? 0]));
      const withIds = (draft: PartDraft, keys: string[]): PartDraft => ({
        ...draft,
        Blocks: draft.Blocks.map((block, index) =>
          block.Id ? block : { ...block, Id: idByKey.get(keys[index] ?? '') ?? 0 },
        ),
      });
      lastSaved.current = draftText(withIds(sent, sentKeys));
      const names = namesOf(sent);
      if (names !== savedNames.current) {
        savedNames.current = names;
        onNameSavedRef.current?.();
      }
      const latest = current.current;
      if (latest) {
        const updated = withIds(latest.draft, latest.keys);
        current.current = { draft: updated, keys: latest.keys };
        setLoaded((state) => (state ? { ...state, draft: updated, keys: latest.keys } : state));
        if (draftText(updated) === lastSaved.current) {
          keeper.forget(key);
          dirtySince.current = null;
          setStatus({ kind: 'saved' });
        } else {
          keeper.write(key, { baseVersion: answer.Version, changedAt: new Date().toISOString(), draft: updated });
          dirtySince.current = Date.now();
          setStatus({ kind: 'dirty' });
          schedule();
        }
      }
    } catch (error) {
      const code = errorCode(error);
      const failure = saveFailure(code);
      if (failure === 'retry') {
        failures.current += 1;
        setStatus(code === 'NETWORK' || !navigator.onLine ? { kind: 'offline' } : { kind: 'retrying', code });
        schedule();
      } else if (failure === 'stale') {
        halted.current = true;
        const body = error instanceof ApiError ? error.body : {};
        setStatus({
          kind: 'stale',
          name: typeof body.ChangedByUsername === 'string' ? body.ChangedByUsername : null,
          at: typeof body.ChangedAt === 'string' ? body.ChangedAt : null,
        });
      } else if (failure === 'closed') {
        halted.current = true;
        sessionRef.current.lost();
      } else {
        setStatus({ kind: 'invalid', code });
      }
    }
  }, [courseId, partId, key, keeper, schedule]);
  saveRef.current = save;

  /** Saves what is pending now (closing, leaving the part); waits for a save already under way first. */
  const flush = useCallback(async () => {
    window.clearTimeout(timer.current);
    timer.current = undefined;
    if (inFlight.current) await inFlight.current;
    if (dirtySince.current === null || halted.current) return;
    const run = save();
    inFlight.current = run.finally(() => {
      inFlight.current = null;
    });
    await run;
  }, [save]);

  /** The editor changed the draft: kept in the browser at once, saved within 6 s. */
  const change = useCallback(
    (draft: PartDraft, keys?: string[]) => {
      const state = current.current;
      if (!state) return;
      const nextKeys = keys ?? state.keys;
      current.current = { draft, keys: nextKeys };
      setLoaded((loadedState) => (loadedState ? { ...loadedState, draft, keys: nextKeys } : loadedState));
      setKeptInBrowser(
        keeper.write(key, {
          baseVersion: sessionRef.current.version.current,
          changedAt: new Date().toISOString(),
          draft,
        }),
      );
      sessionRef.current.touch();
      dirtySince.current ??= Date.now();
      setStatus((previous) => (previous.kind === 'stale' ? previous : { kind: 'dirty' }));
      schedule();
    },
    [key, keeper, schedule],
  );

  // Back online: try at once rather than at the next retry.
  useEffect(() => {
    const online = () => {
      if (dirtySince.current === null || halted.current) return;
      window.clearTimeout(timer.current);
      timer.current = undefined;
      failures.current = 0;
      lastAttemptAt.current = null;
      dirtySince.current = Date.now() - 6_000;
      schedule();
    };
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [schedule]);

  // Closing editing saves first; leaving the part (another part, another page) saves what is pending.
  useEffect(() => session.registerFlush(flush), [session, flush]);
  useEffect(
    () => () => {
      window.clearTimeout(timer.current);
      if (dirtySince.current !== null && !halted.current && !inFlight.current) void save();
    },
    [save],
  );

  const restore = useCallback(() => {
    if (!offer || !current.current) return;
    setOffer(null);
    change(offer.draft, offer.draft.Blocks.map(newKey));
  }, [offer, change]);

  const discard = useCallback(() => {
    setOffer(null);
    keeper.forget(key);
  }, [keeper, key]);

  /** After a stale save: the server's version is loaded; the draft stays kept and is offered back. */
  const reload = useCallback(async () => {
    window.clearTimeout(timer.current);
    timer.current = undefined;
    await load();
  }, [load]);

  return {
    loaded,
    loadError,
    media,
    addMedia: useCallback((id: number, info: MediaInfo) => setMedia((all) => ({ ...all, [String(id)]: info })), []),
    status,
    keptInBrowser,
    offer,
    change,
    newKey,
    flush,
    restore,
    discard,
    reload,
  };
}

/** A draft's name in every language, as one text to compare. */
const namesOf = (draft: PartDraft) => JSON.stringify([draft.Name, draft.NameTranslations]);

export type PartDraftState = ReturnType<typeof usePartDraft>;
