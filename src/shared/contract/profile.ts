import { z } from 'zod';
import { call, endpoint, id, ok, shortText } from './define';

export const Profile = z.object({
  Id: z.number(),
  Username: z.string(),
  FirstName: z.string(),
  LastName: z.string(),
  UserFileId: z.number().nullable(),
  UserType: z.number(),
  CollectXp: z.boolean(),
  TotalXp: z.number(),
  CompanyName: z.string().nullable(),
});
export type Profile = z.infer<typeof Profile>;

export const profile = endpoint('profile.php', {
  get_profile: call({
    access: 'user',
    data: z.object({ UserId: id }),
    answer: z.object({ status: ok, data: Profile }),
  }),
  update_profile: call({
    access: 'user',
    data: z.object({ UserId: id, FirstName: shortText(100), LastName: shortText(100), CollectXp: z.boolean() }),
    answer: z.object({ status: ok, data: Profile }),
  }),
});
