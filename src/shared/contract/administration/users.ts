import { z } from 'zod';
import { userListLimit, userListSearchMax, userListSorts, userStatuses } from '../../domain/administration/users';
import { call, endpoint, isoDate, noneOr, ok, optionalId, pagination } from '../define';

/** One user of the site as /users lists her. */
export const UserListItem = z.object({
  Id: z.number(),
  FirstName: z.string(),
  LastName: z.string(),
  Email: z.string(),
  UserType: z.number(),
  Privilegies: z.number(),
  CompanyId: z.number().nullable(),
  CompanyName: z.string().nullable(),
  /** Her address is verified. */
  Verified: z.boolean(),
  /** Signing in is closed to her until she resets her password (docs/decisions.md, "Locked users"). */
  Locked: z.boolean(),
  CreatedAt: isoDate,
  /** When she was last active (presence), null if never. */
  LastSeenAt: isoDate.nullable(),
});
export type UserListItem = z.infer<typeof UserListItem>;

export const UserStatus = z.enum(userStatuses);
export type UserStatus = z.infer<typeof UserStatus>;
export const UserListSort = z.enum(userListSorts);
export type UserListSort = z.infer<typeof UserListSort>;

/** A company of the site, for the filter. */
export const CompanyOption = z.object({ Id: z.number(), Name: z.string() });

export const UserListQuery = z.object({
  /** Part of a first name, a last name, "first last" or an address, in any case; wildcards match themselves. */
  Search: z.string().trim().max(userListSearchMax).default(''),
  /** A user type (1 student, 2 administrator, 8 coach); 0, null or absent: any. */
  UserType: noneOr(z.number().int().min(1).max(99), 'a user type (1 to 99)'),
  CompanyId: optionalId,
  /** Users with access to this course (expired access included); 0, null or absent: any. */
  CourseId: optionalId,
  /** '': any. */
  Status: z.union([z.literal(''), UserStatus]).default(''),
  Page: z.number().int().min(1).max(1_000_000).default(1),
  Limit: z.number().int().min(1).max(userListLimit.max).default(userListLimit.default),
  Sort: UserListSort.default('name'),
  Desc: z.boolean().default(false),
});
export type UserListQuery = z.input<typeof UserListQuery>;

export const users = endpoint('users.php', {
  /** The site's users for /users: searched, filtered, sorted and paged in the database. */
  get_users: call({
    access: 'staff',
    data: UserListQuery,
    answer: z.object({
      status: ok,
      data: z.array(UserListItem),
      pagination: pagination.extend({ total: z.number().int() }),
    }),
  }),
  /** The site's companies by name, for the filter of /users. */
  get_companies: call({
    access: 'staff',
    data: z.object({}),
    answer: z.object({ status: ok, data: z.array(CompanyOption) }),
  }),
});
