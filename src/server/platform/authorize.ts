import type { ExpressionBuilder } from 'kysely';
import type { Access } from '../../shared/contract/define';
import { isAdminRole, isStaffRole, MIN_STAFF_PRIVILEGIES, staffTypes } from '../../shared/domain/roles';
import type { Database, UserRow } from './db/schema';
import { AppError } from './errors';

/**
 * Authorization, one vocabulary for the whole server (docs/architecture.md, "Authorization"): the contract's access
 * levels are checked by the dispatcher with `hasAccess`; everything finer is an action a module declares with
 * `action(...)` in its `policies/` and checks with `authorize(user, action, subject)`, or asks with `can(...)` where
 * an answer tells the viewer what she may do. Roles are written once, in shared/domain/roles.ts.
 */

/** What a rule needs to know of a user. */
export type Actor = Pick<UserRow, 'id' | 'user_type' | 'privilegies'>;

export const isStaff = (user: Pick<UserRow, 'user_type' | 'privilegies'>): boolean =>
  isStaffRole(user.user_type, user.privilegies);
export const isAdmin = (user: Pick<UserRow, 'user_type' | 'privilegies'>): boolean =>
  isAdminRole(user.user_type, user.privilegies);

/** Whether a caller (null: anonymous) has a call's access level (`public`, `user`, `staff`, `admin`). */
export function hasAccess(access: Access, user: Pick<UserRow, 'user_type' | 'privilegies'> | null): boolean {
  if (access === 'public') return true;
  if (!user) return false;
  if (access === 'user') return true;
  return access === 'admin' ? isAdmin(user) : isStaff(user);
}

/** The staff rule as a query condition on `users`, for lists of staff (task owners). */
export const staffUsers = (eb: ExpressionBuilder<Database, 'users'>) =>
  eb.and([eb('users.user_type', 'in', staffTypes), eb('users.privilegies', '>', MIN_STAFF_PRIVILEGIES)]);

/** An action on a subject of type S: the rule that allows it and the message of its refusal. */
export interface Action<S> {
  readonly allows: (actor: Actor, subject: S) => boolean;
  readonly denial: string;
}

export const action = <S = void>(denial: string, allows: (actor: Actor, subject: S) => boolean): Action<S> => ({
  allows,
  denial,
});

/** Whether the user may take the action on the subject. */
export const can = <S>(actor: Actor, act: Action<S>, subject: S): boolean => act.allows(actor, subject);

/** Refuses the action with FORBIDDEN (and its denial) unless the user may take it on the subject. */
export function authorize<S>(actor: Actor, act: Action<S>, subject: S): void {
  if (!act.allows(actor, subject)) throw new AppError('FORBIDDEN', act.denial);
}
