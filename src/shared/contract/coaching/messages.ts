import { z } from 'zod';
import { SYSTEM_USER_ID } from '../../domain/coaching/messages';
import { call, endpoint, id, isoDate, noneOr, ok, optionalId, pagination } from '../define';

export { SYSTEM_USER_ID };

/** A user id, or -1 for the system (as a sender) or the support inbox (as a recipient). */
const party = z.union([id, z.literal(SYSTEM_USER_ID)]);
/** A party that may be none: 0, null or absent (parsed to null). */
const optionalParty = noneOr(party, 'an id (a positive integer) or -1');

export const Message = z.object({
  Id: z.number(),
  FromUserId: z.number(),
  ToUserId: z.number(),
  /** Sanitized HTML. */
  Message: z.string(),
  Title: z.string(),
  CDate: isoDate,
  ShowedDate: isoDate.nullable(),
  Showed: z.union([z.literal(0), z.literal(1)]),
  /** When the recipient answered; null shows the unread dot. */
  ReplyDate: isoDate.nullable(),
  SenderFirstName: z.string(),
  SenderLastName: z.string(),
  SenderUserFileId: z.number().nullable(),
  course_id: z.number().nullable(),
  course_part_id: z.number().nullable(),
  /**
   * A system message: the staff member who sent it, told to staff only; null for everyone else (a learner's system
   * messages come from the system) and for other messages.
   */
  SentByUserId: z.number().nullable(),
  SentByName: z.string().nullable(),
});
export type Message = z.infer<typeof Message>;

/** Message HTML as the editor sends it; the server sanitizes it and refuses an empty one. */
const messageHtml = z.string().max(20_000);

export const messages = endpoint('messages.php', {
  /**
   * Messages of the caller, newest first (spec §7). Without `FromUserId`: everything sent to her (the bell).
   * With it: the conversation with that user, both ways (`-1`: her system messages). `LastDate` (the `datetime`
   * of the previous answer) asks only for what came since; answers may repeat a message near the boundary, which
   * clients drop by Id. Staff read the support inbox with `UserId: -1`. `IsChat` is accepted as the spec's client
   * sends it. Each poll also records the caller as online (at most every 30 s).
   */
  get_messages: call({
    access: 'user',
    reads: true,
    data: z.object({
      UserId: party,
      FromUserId: optionalParty,
      IsChat: z.boolean().optional(),
      LastDate: isoDate.pipe(z.iso.datetime()).nullable().optional(),
      page: z.number().int().min(1).max(100_000).default(1),
      limit: z.number().int().min(1).max(100).default(25),
    }),
    answer: z.object({
      status: ok,
      data: z.array(Message),
      datetime: isoDate,
      pagination,
      /** Messages to the caller not opened yet (the bell's count). */
      unopened: z.number(),
    }),
  }),
  /** Marks messages to the caller as opened; others' messages are left alone. */
  mark_messages_as_opened: call({
    access: 'user',
    data: z.array(z.object({ Id: id })).max(500),
    answer: z.object({ status: ok }),
  }),
  /**
   * Sends a message. The same message to the same user within 5 s is not sent again (the first one's Id is
   * answered). `SendToCourseCoaches` sends it to every coach of `CourseId` instead of `UserId`;
   * `SendAsNotification` (staff) sends it as a system message; `SendAsEmail` also mails it. `UserId: -1` is a
   * reply to a system message, which is refused ("System message - unable to reply!").
   */
  submit_message: call({
    access: 'user',
    data: z.object({
      SendAsNotification: z.boolean().optional(),
      FromUserId: id,
      UserId: optionalParty,
      Title: z.string().trim().max(300).optional(),
      Message: messageHtml,
      UserFileId: optionalId,
      CourseId: optionalId,
      CoursePartId: optionalId,
      SendAsEmail: z.boolean().optional(),
      SendToCourseCoaches: z.boolean().optional(),
    }),
    answer: z.object({
      status: ok,
      createMessageResult: z.object({
        data: z.object({ Id: z.number() }),
        /** Whether the recipient polled within the last minute. */
        recipientOnlineStatus: z.object({ data: z.boolean() }),
      }),
    }),
  }),
  /** Mails a message the caller sent to its recipient; the same message mailed within 10 s is mailed once. */
  send_message_as_email: call({
    access: 'user',
    data: z.object({ Id: id }),
    answer: z.object({ status: ok, emailed: z.boolean() }),
  }),
  /** Removes a message from the caller's own view (she must be its sender or recipient). */
  remove_message: call({
    access: 'user',
    data: z.object({ Id: id, UserId: id }),
    answer: z.object({ status: ok }),
  }),
  /** Tech support (spec §2): a message to the support inbox, and a task of type 9 for staff with no owner. */
  send_support_message: call({
    access: 'user',
    data: z.object({
      Message: messageHtml,
      CourseId: optionalId,
      CoursePartId: optionalId,
    }),
    answer: z.object({ status: ok, data: z.object({ Id: z.number(), TaskId: z.number() }) }),
  }),
});
