import { z } from 'zod';
import { call, email, endpoint, id, LanguageChoice, ok, password } from '../define';
import { MyData } from './myData';
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
  /** Her chosen language, which mails and the server's messages to her are written in; null: the site's default. */
  Language: LanguageChoice.nullable(),
  /** An address she asked to change to whose link is not opened yet. */
  PendingEmail: z.string().nullable(),
});
export type Profile = z.infer<typeof Profile>;

export const profile = endpoint('profile.php', {
  get_profile: call({
    access: 'user',
    reads: true,
    data: z.object({ UserId: id }),
    answer: z.object({ status: ok, data: Profile }),
  }),
  update_profile: call({
    access: 'user',
    data: z.object({ UserId: id, FirstName: personName, LastName: personName, CollectXp: z.boolean() }),
    answer: z.object({ status: ok, data: Profile }),
  }),
  /** Stores the caller's language (the top bar's switch and the profile's choice both call it). */
  set_language: call({
    access: 'user',
    data: z.object({ Language: LanguageChoice }),
    answer: z.object({ status: ok, data: Profile }),
  }),
  /**
   * Mails a link to `email`; the address becomes hers when the link is opened (`register.php verify_email`). Needs her
   * password. An address another account has gets that account's "you already have an account" mail instead, and the
   * caller the same answer.
   */
  request_email_change: call({
    access: 'user',
    data: z.object({ email, password }),
    answer: z.object({ status: ok, data: Profile }),
  }),
  /** Everything stored about the caller, as a file to download. */
  export_data: call({
    access: 'user',
    data: z.object({}),
    answer: z.object({ status: ok, data: MyData }),
  }),
  /** Deletes the caller's account and what belongs to her, and signs her out everywhere. Needs her password. */
  delete_account: call({
    access: 'user',
    data: z.object({ password }),
    answer: z.object({ status: ok }),
  }),
});
