import { learningKeys } from '../learning';

/**
 * The query keys of the profile page. They live under learning's keys: a progress step changes the xp, the
 * achievements and the certificates the profile shows, and invalidates them with the course.
 */
export const identityKeys = {
  profile: (userId: number) => [...learningKeys.all, 'profile', userId] as const,
  achievements: (userId: number) => [...learningKeys.all, 'achievements', userId] as const,
  certificates: (userId: number) => [...learningKeys.all, 'certificates', userId] as const,
};
