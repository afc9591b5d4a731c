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

/** Why a course was refused (the course page tells /denied): she may not open it, or there is no such course. */
export type CourseDenial = 'noAccess' | 'notFound';

/** What /denied explains: a course refused, else the reason of the route guard. */
export type DeniedCase = Denial | 'courseNoAccess' | 'courseNotFound';

export function deniedCaseOf(reason: string | undefined, course: CourseDenial | undefined): DeniedCase {
  if (course === 'noAccess') return 'courseNoAccess';
  if (course === 'notFound') return 'courseNotFound';
  return denialOf(reason);
}

/** The user id a "Premission denied id:" reason ends in, or null. */
export function deniedUserId(reason: string | undefined): number | null {
  if (!reason?.startsWith(denialReasons.permission)) return null;
  const id = Number(reason.slice(denialReasons.permission.length).trim());
  return Number.isInteger(id) && id > 0 ? id : null;
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
