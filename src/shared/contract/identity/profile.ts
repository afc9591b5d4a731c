import { z } from 'zod';
import { call, endpoint, id, ok } from '../define';
import { personName } from './register';

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
    data: z.object({ UserId: id, FirstName: personName, LastName: personName, CollectXp: z.boolean() }),
    answer: z.object({ status: ok, data: Profile }),
  }),
});
