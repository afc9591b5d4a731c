import { z } from 'zod';
import { call, endpoint, id, ok } from '../define';
import { Course, CoursePart, CourseSummary } from './courseShapes';

export const FreeLesson = z.object({
  CourseId: z.number(),
  CourseName: z.string(),
  Category: z.string().nullable(),
  PartId: z.number(),
  Name: z.string(),
  VideoLength: z.number(),
  Icon: z.string().nullable(),
});
export type FreeLesson = z.infer<typeof FreeLesson>;

const category = z.string().trim().min(1).max(100);

export const course = endpoint('course.php', {
  /**
   * One course with the parts the viewer may see and her progress (spec §7). A learner never receives
   * unpublished, mentor-only or not-yet-published parts, nor the answers of quizzes and tests; staff receive
   * everything, marked. `NO_COURSE_ACCESS` when she may not open it, `NOT_FOUND` when it does not exist.
   */
  get_course: call({
    access: 'user',
    reads: true,
    data: z.object({ UserId: id, CourseId: id, UserType: z.number().int().optional() }),
    answer: z.object({ status: ok, data: z.array(Course) }),
  }),
  /** The courses the caller may open, each with her progress and status (My courses). */
  get_my_courses: call({
    access: 'user',
    reads: true,
    data: z.object({ UserId: id }),
    answer: z.object({ status: ok, data: z.array(CourseSummary) }),
  }),
  /** Free parts of published courses, open to everyone; `category` narrows them to one course category. */
  get_free_lessons: call({
    access: 'public',
    reads: true,
    data: z.object({ category: category.nullable().optional() }),
    answer: z.object({ status: ok, data: z.array(FreeLesson), categories: z.array(z.string()) }),
  }),
  /**
   * Staff turn on a course's own footer coach text (`FooterMentorCopy.UseCustomText` of `get_course`, spec §7): the
   * text written in the course settings then replaces the default one. `UserId` is the caller's own.
   */
  addFooterCoachText: call({
    access: 'staff',
    data: z.object({ CourseId: id, UserId: id }),
    answer: z.object({ status: ok }),
  }),
  /** One free part with its blocks, for anyone. */
  get_free_lesson: call({
    access: 'public',
    reads: true,
    data: z.object({ CourseId: id, PartId: id }),
    answer: z.object({
      status: ok,
      data: z.object({ CourseId: z.number(), CourseName: z.string(), Part: CoursePart }),
    }),
  }),
});
