import { MIN_STAFF_PRIVILEGIES, staffTypes } from './roles';

export interface GuardInput {
  token: string | null;
  /** The stored user type; known before the user is loaded. */
  userType: number | null;
  /** The loaded user, once `auth_user` has answered. */
  user: { Id: number; privilegies: number; UserType: number } | null;
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
  if (!input.token) return { allowed: false, redirect: 'denied', reason: 'No token' };
  const type = input.user?.UserType ?? input.userType;
  if (!allowedTypes.includes(type ?? 0))
    return { allowed: false, redirect: 'denied', reason: 'No access to this page' };
  if (input.user && input.user.privilegies <= MIN_STAFF_PRIVILEGIES) {
    return { allowed: false, redirect: 'denied', reason: `Premission denied id:${input.user.Id}` };
  }
  return { allowed: true };
}
