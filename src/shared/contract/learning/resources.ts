import { z } from 'zod';
import { call, endpoint, ok } from '../define';

export const Resource = z.object({
  Id: z.number(),
  Title: z.string(),
  Description: z.string(),
  /** An outside address, or a signed link to a file the site keeps. */
  Url: z.string().nullable(),
  FileName: z.string().nullable(),
  CourseId: z.number().nullable(),
  CourseName: z.string().nullable(),
});
export type Resource = z.infer<typeof Resource>;

export const resources = endpoint('resources.php', {
  /** The site's resources, and those of the courses the caller may open. */
  get_resources: call({
    access: 'user',
    reads: true,
    data: z.object({}),
    answer: z.object({ status: ok, data: z.array(Resource) }),
  }),
});
