import { z } from 'zod';
import { call, endpoint, id, isoDate, ok } from './define';

export const courseAdmin = endpoint('course_admin.php', {
  /** Staff open a course to a user; granting it again only moves its expiry. */
  grant_course_access: call({
    access: 'staff',
    data: z.object({ CourseId: id, UserId: id, ExpiresAt: isoDate.pipe(z.iso.datetime()).nullable().optional() }),
    answer: z.object({ status: ok }),
  }),
  revoke_course_access: call({
    access: 'staff',
    data: z.object({ CourseId: id, UserId: id }),
    answer: z.object({ status: ok }),
  }),
});
