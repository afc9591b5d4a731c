import { z } from 'zod';
import { call, endpoint, ok, optionalId, UserData } from '../define';

export const auth = endpoint('auth.php', {
  /** Checks a session token; `status:'UNAUTHORIZED'` (HTTP 401) when it is missing, unknown, expired or revoked. */
  auth_user: call({
    access: 'public',
    reads: true,
    openInMaintenance: true,
    data: z.object({
      token: z.string().max(200).optional(),
      access: z.object({ CourseId: optionalId }).nullable().optional(),
    }),
    answer: z.object({
      status: ok,
      data: UserData,
      /** 1 when the user may open `access.CourseId`, 0 when not; null when no course was asked about (none, 0 or null). */
      CourseAccess: z.union([z.literal(0), z.literal(1)]).nullable(),
      userExamId: z.number().nullable(),
    }),
  }),
});
