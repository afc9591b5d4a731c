import { z } from 'zod';
import { call, endpoint, id, isoDate, ok } from '../define';

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
  /**
   * Staff give a learner her attempts at a test of the course back: her result on it is removed (a part the test
   * completed, and xp earned, stay). `removed` is false when she had no result.
   */
  reset_test_attempts: call({
    access: 'staff',
    data: z.object({ CourseId: id, UserId: id, BlockId: id }),
    answer: z.object({ status: ok, removed: z.boolean() }),
  }),
});
