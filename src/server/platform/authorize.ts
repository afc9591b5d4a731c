import { MIN_STAFF_PRIVILEGIES, staffTypes } from '../../shared/domain/roles';
import type { UserRow } from './db/schema';

/** Staff: types 2 and 8 with privilegies above 50 (spec §2, §5, §6), the `staff` access level of the contract. */
export const isStaff = (user: Pick<UserRow, 'user_type' | 'privilegies'>): boolean =>
  staffTypes.includes(user.user_type) && user.privilegies > MIN_STAFF_PRIVILEGIES;
