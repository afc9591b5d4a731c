import { type Message, SYSTEM_USER_ID } from '../../../../shared/contract/coaching/messages';
import { type Actor, can } from '../../../platform/authorize';
import type { MessageRow } from '../../../platform/db/schema';
import { messageActions } from '../policies/message';

/** The staff member who sent a system message (told to staff readers only). */
export interface SentBy {
  id: number;
  name: string;
}

/** A message row with its sender's name and photo (null for a system message). */
export interface MessageWithSender extends MessageRow {
  sender_first_name: string | null;
  sender_last_name: string | null;
  sender_user_file_id: number | null;
}

/**
 * The only path from a message row to the wire. The system (no sender) and the support inbox (no recipient) are
 * -1, as spec §3 writes them; a system message has no sender name, which the client shows in its own language.
 * Staff also learn which staff member sent a system message; anyone else gets null there.
 */
export function presentMessage(row: MessageWithSender, viewer: Actor, sentBy?: SentBy): Message {
  const told =
    row.kind === 'system' && sentBy !== undefined && can(viewer, messageActions.seeSystemSender, undefined)
      ? sentBy
      : null;
  return {
    Id: row.id,
    FromUserId: row.from_user_id ?? SYSTEM_USER_ID,
    ToUserId: row.to_user_id ?? SYSTEM_USER_ID,
    Message: row.message,
    Title: row.title,
    CDate: row.created_at,
    ShowedDate: row.showed_at,
    Showed: row.showed_at === null ? 0 : 1,
    ReplyDate: row.replied_at,
    SenderFirstName: row.sender_first_name ?? '',
    SenderLastName: row.sender_last_name ?? '',
    SenderUserFileId: row.sender_user_file_id,
    course_id: row.course_id,
    course_part_id: row.course_part_id,
    SentByUserId: told?.id ?? null,
    SentByName: told?.name || null,
  };
}
