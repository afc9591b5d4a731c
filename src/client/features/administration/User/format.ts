import { UserType } from '../../../../shared/domain/roles';

/** The id of `/user/:id`: an integer (spec §2, §5), anything else read as 0, the new-user form. */
export function userIdFromParam(param: string | undefined): number {
  if (param === undefined || !/^\d{1,10}$/.test(param)) return 0;
  const id = Number(param);
  return id <= 2_147_483_647 ? id : 0;
}

/** The types staff may give, with their text keys (users.types). */
export const assignableTypes = [
  { type: UserType.student, key: 'student' },
  { type: UserType.coach, key: 'coach' },
  { type: UserType.admin, key: 'admin' },
] as const;

/** A day as an `<input type="date">` holds it (UTC), from a stored end of access. */
export const dayOf = (iso: string | null) => (iso ? iso.slice(0, 10) : '');

/** The first day an end of access may be: today (UTC), which lasts to its end. */
export const today = () => new Date().toISOString().slice(0, 10);
