export const UserType = { student: 1, admin: 2, coach: 8 } as const;

/** Types that reach the admin menu and staff pages (spec §2, §6). */
export const staffTypes: readonly number[] = [UserType.admin, UserType.coach];

/** Staff pages also need privilegies above this once the user is loaded (spec §5). */
export const MIN_STAFF_PRIVILEGIES = 50;

export const isStaffType = (userType: number | null | undefined) => staffTypes.includes(userType ?? 0);

/**
 * The roles every rule is made of, the one place they are written: staff are types 2 and 8 with privilegies above
 * 50 (spec §2, §5, §6), administrators the staff of type 2. The server's `authorize` and the client's staff checks
 * ask these; the route guards make spec §5's staged check on the same constants.
 */
export const isStaffRole = (userType: number, privilegies: number): boolean =>
  isStaffType(userType) && privilegies > MIN_STAFF_PRIVILEGIES;
export const isAdminRole = (userType: number, privilegies: number): boolean =>
  userType === UserType.admin && privilegies > MIN_STAFF_PRIVILEGIES;

/** Staff as the server counts them (the `staff` access level), for a user as the wire carries her. */
export const isStaffUser = (user: { UserType: number; privilegies: number }) =>
  isStaffRole(user.UserType, user.privilegies);
