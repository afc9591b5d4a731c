import { useQuery } from '@tanstack/react-query';
import { call } from '../../../app/api';

/** Keys of the profile page's queries, under `learning` like the other learning pages. */
export const profileKeys = {
  profile: (userId: number) => ['learning', 'profile', userId] as const,
  achievements: (userId: number) => ['learning', 'achievements', userId] as const,
  certificates: (userId: number) => ['learning', 'certificates', userId] as const,
};

export const useProfile = (userId: number | null) =>
  useQuery({
    queryKey: profileKeys.profile(userId ?? 0),
    queryFn: async () => (await call('profile.php', 'get_profile', { UserId: userId ?? 0 })).data,
    enabled: userId !== null,
  });

export const useAchievements = (userId: number | null) =>
  useQuery({
    queryKey: profileKeys.achievements(userId ?? 0),
    queryFn: async () => (await call('achievements.php', 'get_achievements', { UserId: userId ?? 0 })).data,
    enabled: userId !== null,
  });

export const useCertificates = (userId: number | null) =>
  useQuery({
    queryKey: profileKeys.certificates(userId ?? 0),
    queryFn: async () => (await call('certificates.php', 'get_certificates', { UserId: userId ?? 0 })).data,
    enabled: userId !== null,
  });

/** Where the server serves a profile photo. */
export const avatarUrl = (userFileId: number) => `/media/avatar/${userFileId}`;
