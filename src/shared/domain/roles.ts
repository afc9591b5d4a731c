export const UserType = { student: 1, admin: 2, coach: 8 } as const;

/** Types that reach the admin menu and staff pages (spec §2, §6). */
export const staffTypes: readonly number[] = [UserType.admin, UserType.coach];

/** Staff pages also need privilegies above this once the user is loaded (spec §5). */
export const MIN_STAFF_PRIVILEGIES = 50;

export const isStaffType = (userType: number | null | undefined) => staffTypes.includes(userType ?? 0);

/** Staff as the server counts them (the `staff` access level): a staff type with privilegies above 50. */
export const isStaffUser = (user: { UserType: number; privilegies: number }) =>
  isStaffType(user.UserType) && user.privilegies > MIN_STAFF_PRIVILEGIES;
