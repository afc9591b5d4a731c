import { MIN_STAFF_PRIVILEGIES, staffTypes } from './roles';

export interface GuardInput {
  token: string | null;
  /** The stored user type; known before the user is loaded. */
  userType: number | null;
  /** The loaded user, once `auth_user` has answered. */
  user: { Id: number; privilegies: number; UserType: number } | null;
}

/** The reasons /denied is given (spec §8, spelled as the spec spells them); the permission one ends in the user's id. */
export const denialReasons = {
  noToken: 'No token',
  noAccess: 'No access to this page',
  permission: 'Premission denied id:',
} as const;

/** Which of the reasons a /denied reason is; `unknown` for anything else. */
export type Denial = keyof typeof denialReasons | 'unknown';

export function denialOf(reason: string | undefined): Denial {
  if (reason === denialReasons.noToken) return 'noToken';
  if (reason === denialReasons.noAccess) return 'noAccess';
  if (reason?.startsWith(denialReasons.permission)) return 'permission';
  return 'unknown';
}

export type GuardResult =
  | { allowed: true }
  | { allowed: false; redirect: 'login' }
  | { allowed: false; redirect: 'denied'; reason: string };

/** Login-required routes: a stored token, else the login page with triedUrl. */
export function checkLogin(input: Pick<GuardInput, 'token'>): GuardResult {
  return input.token ? { allowed: true } : { allowed: false, redirect: 'login' };
}

/**
 * Admin routes (spec §2, §5, §8): no token → "No token"; a type outside `allowedTypes` → "No access to this
 * page"; a loaded user with privilegies of 50 or less → "Premission denied id:" + the user's id.
 */
export function checkAdmin(input: GuardInput, allowedTypes: readonly number[] = staffTypes): GuardResult {
  if (!input.token) return { allowed: false, redirect: 'denied', reason: denialReasons.noToken };
  const type = input.user?.UserType ?? input.userType;
  if (!allowedTypes.includes(type ?? 0)) return { allowed: false, redirect: 'denied', reason: denialReasons.noAccess };
  if (input.user && input.user.privilegies <= MIN_STAFF_PRIVILEGIES) {
    return { allowed: false, redirect: 'denied', reason: `${denialReasons.permission}${input.user.Id}` };
  }
  return { allowed: true };
}
