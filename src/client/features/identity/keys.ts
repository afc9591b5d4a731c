import { appKeys } from '../../app/keys';

const progress = appKeys.progress;

/**
 * The query keys of the profile page. They live under the progress root: a progress step changes the xp, the
 * achievements and the certificates the profile shows, and invalidates them with the course.
 */
export const identityKeys = {
  profile: (userId: number) => [...progress, 'profile', userId] as const,
  achievements: (userId: number) => [...progress, 'achievements', userId] as const,
  certificates: (userId: number) => [...progress, 'certificates', userId] as const,
};
