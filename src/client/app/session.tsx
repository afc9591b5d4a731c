import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserData } from '../../shared/contract/define';
import { supportedLanguages } from '../../shared/domain/language';
import { storageKeys } from '../../shared/domain/storage';
import { ApiError, call, onUnauthorized } from './api';
import { setLanguage } from './i18n';
import { appKeys } from './keys';
import { storage } from './storage';

/** An administrator viewing as a student (docs/decisions.md, "View as this user"), as this browser keeps it. */
export interface ViewAs {
  /** The administrator's own token, set aside while the student's view-as token is the session's. */
  adminToken: string;
  /** Her user type, so that her pages' guards let her back in before her session is checked again. */
  adminUserType: number;
  /** The view-as log entry, which `end_view_as` ends. */
  entryId: number;
  userId: number;
  userName: string;
  expiresAt: string;
}

export interface Session {
  token: string | null;
  /** The stored user type, known before `auth_user` answers. */
  userType: number | null;
  user: UserData | null;
  /** False until the stored token has been checked once. */
  checked: boolean;
  signIn(token: string, user: UserData): void;
  signOut(): Promise<void>;
  updateUser(patch: Partial<UserData>): void;
  /** Set while an administrator views as a student: the session is then the student's, read-only. */
  viewAs: ViewAs | null;
  /**
   * Returns to the administrator's own session at once (the caller ends the view-as on the server: `end_view_as`
   * with its entry); what it was, or null. Starting one is the administration's (User/ViewAsDialog.tsx).
   */
  leaveViewAs(): ViewAs | null;
}

const SessionContext = createContext<Session | null>(null);

const storedViewAs = (): ViewAs | null => {
  const stored = storage.getJson<ViewAs | null>(storageKeys.viewAs, null);
  return typeof stored?.adminToken === 'string' ? stored : null;
};

const storedUserType = () => {
  const raw = storage.get(storageKeys.userType);
  return raw === null ? null : Number(raw) || null;
};

/** Stores the user's language on her account, so mails and the server's messages to her are written in it. */
const saveLanguage = (language: string) => {
  const choice = supportedLanguages.find((l) => l === language);
  if (!choice) return;
  call('profile.php', 'set_language', { Language: choice }).catch((error) =>
    console.warn('set_language failed', error),
  );
};

/**
 * On signing in (or finding the session at start) the account's language wins over this browser's: she chose it,
 * maybe on another device. An account without one keeps the browser's until she chooses (mails then use the
 * site's default).
 */
function takeAccountLanguage(user: UserData, current: string) {
  if (user.Language !== null && user.Language !== current) setLanguage(user.Language);
}

/** Forgets the session in this browser: every storage key but those spec §4 keeps. */
function forgetSession() {
  storage.clearOnSignOut();
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [token, setToken] = useState(() => storage.get(storageKeys.token));
  const [userType, setUserType] = useState(storedUserType);
  const [user, setUser] = useState<UserData | null>(null);
  const [checked, setChecked] = useState(() => token === null);
  const [viewAs, setViewAs] = useState(storedViewAs);

  /** Leaves a view-as for the administrator's own session (set below, used by listeners set up before it). */
  const returnToAdmin = useRef<() => unknown>(() => null);

  // The token this tab holds, for listeners that outlive a render.
  const held = useRef(token);
  held.current = token;
  const shown = useRef(user);
  shown.current = user;

  /** This tab's session state, signed out. */
  const reset = useCallback(() => {
    setToken(null);
    setUserType(null);
    setUser(null);
    setChecked(true);
    queryClient.removeQueries({ queryKey: appKeys.session });
  }, [queryClient]);

  const drop = useCallback(() => {
    forgetSession();
    reset();
  }, [reset]);

  /** Checks a token with the server and takes its user, or drops the session when the server says it is dead. */
  const adopt = useCallback(
    (checking: string) => {
      call('auth.php', 'auth_user', { token: checking, access: {} })
        .then((answer) => {
          if (held.current !== checking) return;
          takeAccountLanguage(answer.data, i18n.language);
          setUser(answer.data);
          setUserType(answer.data.UserType);
          storage.set(storageKeys.userType, String(answer.data.UserType));
        })
        .catch((error) => {
          if (!(error instanceof ApiError && error.code === 'UNAUTHORIZED')) console.warn('auth_user failed', error);
          else if (storedViewAs()?.adminToken === checking) drop();
          else if (storedViewAs()) returnToAdmin.current();
          else drop();
        })
        .finally(() => setChecked(true));
    },
    [drop, i18n],
  );

  // A language chosen while signed in (the top bar, the profile) is stored on the account too.
  useEffect(() => {
    const follow = (language: string) => {
      const current = shown.current;
      if (!held.current || !current || current.Language === language) return;
      setUser((u) => (u ? { ...u, Language: supportedLanguages.find((l) => l === language) ?? u.Language } : u));
      saveLanguage(language);
    };
    i18n.on('languageChanged', follow);
    return () => i18n.off('languageChanged', follow);
  }, [i18n]);

  // The photo's id is kept in `avatar` (spec §3), so the top bar shows it at once on the next visit, before
  // the user has loaded.
  const userFileId = user?.UserFileId;
  useEffect(() => {
    if (userFileId === undefined) return;
    if (userFileId === null) storage.remove(storageKeys.avatar);
    else storage.set(storageKeys.avatar, String(userFileId));
  }, [userFileId]);

  // The stored token is checked once, when the app starts (spec §4).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs for the token found at start only
  useEffect(() => {
    if (token) adopt(token);
  }, []);

  // A dead session signs the user out (spec §8: UNAUTHORIZED on messages): whatever call is told so while this tab
  // holds a session, also one made after another tab forgot the token. A view-as session that ended (its time, the
  // administrator's sign-out elsewhere) returns to the administrator instead.
  useEffect(
    () =>
      onUnauthorized(() => {
        if (held.current === null) return;
        const current = storedViewAs();
        if (current && current.adminToken !== held.current) returnToAdmin.current();
        else drop();
      }),
    [drop],
  );

  // Another tab signed out, or in as someone else: this tab follows at once instead of polling with a dead token.
  useEffect(() => {
    const follow = (event: StorageEvent) => {
      if (event.key === null || event.key === storageKeys.viewAs) setViewAs(storedViewAs());
      if (event.key !== null && event.key !== storageKeys.token) return;
      const stored = storage.get(storageKeys.token);
      if (stored === held.current) return;
      if (stored === null) {
        // The other tab has cleared the storage already; what this tab fetched as the user goes too.
        reset();
        queryClient.clear();
        return;
      }
      held.current = stored;
      setToken(stored);
      setUser(null);
      setChecked(false);
      adopt(stored);
    };
    window.addEventListener('storage', follow);
    return () => window.removeEventListener('storage', follow);
  }, [adopt, reset, queryClient]);

  const signIn = useCallback(
    (newToken: string, newUser: UserData) => {
      takeAccountLanguage(newUser, i18n.language);
      storage.set(storageKeys.token, newToken);
      storage.set(storageKeys.userType, String(newUser.UserType));
      setToken(newToken);
      setUserType(newUser.UserType);
      setUser(newUser);
      setChecked(true);
    },
    [i18n],
  );

  /** Switches this tab (and, through the storage, the others) to `next` as its token, checking it with the server. */
  const switchTo = useCallback(
    (next: string, nextType: number) => {
      storage.set(storageKeys.token, next);
      storage.set(storageKeys.userType, String(nextType));
      held.current = next;
      queryClient.clear();
      setToken(next);
      setUserType(nextType);
      setUser(null);
      setChecked(false);
      adopt(next);
    },
    [adopt, queryClient],
  );

  /** Back to the administrator's own token, without waiting for the server. */
  const leaveViewAs = useCallback(() => {
    const current = storedViewAs();
    storage.remove(storageKeys.viewAs);
    setViewAs(null);
    if (current) switchTo(current.adminToken, current.adminUserType);
    return current;
  }, [switchTo]);
  returnToAdmin.current = leaveViewAs;

  const signOut = useCallback(async () => {
    // Signing out while viewing as a student signs the administrator out: her signing out ends the view-as.
    const signingOut = storedViewAs()?.adminToken ?? token;
    try {
      await call('login.php', 'sign_out', signingOut ? { token: signingOut } : {});
      notifications.show({ message: t('signedOut'), color: 'green' });
    } catch (error) {
      // A failed sign-out is logged; the browser forgets the session all the same (spec §4).
      console.warn('sign_out failed', error);
      notifications.show({ message: t('signOutFailed'), color: 'red' });
    }
    drop();
    queryClient.clear();
    setViewAs(null);
  }, [token, drop, queryClient, t]);

  const updateUser = useCallback((patch: Partial<UserData>) => setUser((u) => (u ? { ...u, ...patch } : u)), []);

  const value = useMemo<Session>(
    () => ({ token, userType, user, checked, signIn, signOut, updateUser, viewAs, leaveViewAs }),
    [token, userType, user, checked, signIn, signOut, updateUser, viewAs, leaveViewAs],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside SessionProvider');
  return session;
}
