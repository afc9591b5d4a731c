import { useQuery } from '@tanstack/react-query';
import { call } from '../../../app/api';
import { identityKeys } from '../keys';

export const useProfile = (userId: number | null) =>
  useQuery({
    queryKey: identityKeys.profile(userId ?? 0),
    queryFn: async () => (await call('profile.php', 'get_profile', { UserId: userId ?? 0 })).data,
    enabled: userId !== null,
  });

export const useAchievements = (userId: number | null) =>
  useQuery({
    queryKey: identityKeys.achievements(userId ?? 0),
    queryFn: async () => (await call('achievements.php', 'get_achievements', { UserId: userId ?? 0 })).data,
    enabled: userId !== null,
  });

export const useCertificates = (userId: number | null) =>
  useQuery({
    queryKey: identityKeys.certificates(userId ?? 0),
    queryFn: async () => (await call('certificates.php', 'get_certificates', { UserId: userId ?? 0 })).data,
    enabled: userId !== null,
  });

/** Where the server serves a profile photo. */
export const avatarUrl = (userFileId: number) => `/media/avatar/${userFileId}`;
