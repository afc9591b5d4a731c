import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserData } from '../../shared/contract/define';
import { storageKeys } from '../../shared/domain/storage';
import { ApiError, call, onUnauthorized } from './api';
import { appKeys } from './keys';
import { storage } from './storage';

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
}

const SessionContext = createContext<Session | null>(null);

const storedUserType = () => {
  const raw = storage.get(storageKeys.userType);
  return raw === null ? null : Number(raw) || null;
};

/** Forgets the session in this browser: every storage key but those spec §4 keeps. */
function forgetSession() {
  storage.clearOnSignOut();
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [token, setToken] = useState(() => storage.get(storageKeys.token));
  const [userType, setUserType] = useState(storedUserType);
  const [user, setUser] = useState<UserData | null>(null);
  const [checked, setChecked] = useState(() => token === null);

  // The token this tab holds, for listeners that outlive a render.
  const held = useRef(token);
  held.current = token;

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
          setUser(answer.data);
          setUserType(answer.data.UserType);
          storage.set(storageKeys.userType, String(answer.data.UserType));
        })
        .catch((error) => {
          if (error instanceof ApiError && error.code === 'UNAUTHORIZED') drop();
          else console.warn('auth_user failed', error);
        })
        .finally(() => setChecked(true));
    },
    [drop],
  );

  // The stored token is checked once, when the app starts (spec §4).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs for the token found at start only
  useEffect(() => {
    if (token) adopt(token);
  }, []);

  // A dead session signs the user out (spec §8: UNAUTHORIZED on messages): whatever call is told so while this tab
  // holds a session, also one made after another tab forgot the token.
  useEffect(() => onUnauthorized(() => held.current !== null && drop()), [drop]);

  // Another tab signed out, or in as someone else: this tab follows at once instead of polling with a dead token.
  useEffect(() => {
    const follow = (event: StorageEvent) => {
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

  const signIn = useCallback((newToken: string, newUser: UserData) => {
    storage.set(storageKeys.token, newToken);
    storage.set(storageKeys.userType, String(newUser.UserType));
    setToken(newToken);
    setUserType(newUser.UserType);
    setUser(newUser);
    setChecked(true);
  }, []);

  const signOut = useCallback(async () => {
    try {
      await call('login.php', 'sign_out', token ? { token } : {});
      notifications.show({ message: t('signedOut'), color: 'green' });
    } catch (error) {
      // A failed sign-out is logged; the browser forgets the session all the same (spec §4).
      console.warn('sign_out failed', error);
      notifications.show({ message: t('signOutFailed'), color: 'red' });
    }
    drop();
    queryClient.clear();
  }, [token, drop, queryClient, t]);

  const updateUser = useCallback((patch: Partial<UserData>) => setUser((u) => (u ? { ...u, ...patch } : u)), []);

  const value = useMemo<Session>(
    () => ({ token, userType, user, checked, signIn, signOut, updateUser }),
    [token, userType, user, checked, signIn, signOut, updateUser],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside SessionProvider');
  return session;
}
