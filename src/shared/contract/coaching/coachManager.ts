import { z } from 'zod';
import { call, endpoint, id, ok, optionalId } from '../define';
import { Coach } from '../learning/courseShapes';

export const coachManager = endpoint('coach_manager.php', {
  /** The coaches of a course the caller may open, first coach first (the help button chats with the first). */
  get_coaches: call({
    access: 'user',
    reads: true,
    data: z.object({ CourseId: id, PostType: z.number().int().optional(), UserId: optionalId }),
    answer: z.object({ status: ok, data: z.array(Coach) }),
  }),
});
