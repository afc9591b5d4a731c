import { type Actor, action, isStaff } from '../../../platform/authorize';
import type { MessageRow, UserRow } from '../../../platform/db/schema';

export const messageActions = {
  /** Staff share the support inbox: they read it and mark its messages opened. */
  readSupportInbox: action('UserId must be your own (or -1, the support inbox, for staff)', (user) => isStaff(user)),
  /** Only staff send system messages (`SendAsNotification`). */
  sendNotification: action('Only staff send system messages', (user) => isStaff(user)),
  /** Only staff are told which staff member sent a system message. */
  seeSystemSender: action('Only staff see who sent a system message', (user) => isStaff(user)),
  /**
   * Whom a user may write to: staff write to anyone of their site; everyone else writes to staff, and answers
   * whoever wrote to her first. Learners cannot start conversations with each other.
   */
  writeTo: action<{ recipient: Actor; recipientWroteFirst: boolean }>(
    'You may write to staff, and answer those who wrote to you',
    (sender, { recipient, recipientWroteFirst }) =>
      sender.id !== recipient.id && (isStaff(sender) || isStaff(recipient) || recipientWroteFirst),
  ),
};

/** Which side of a message a user is on; null when she is neither (she may not read or remove it). */
export function sideOf(
  user: Pick<UserRow, 'id'>,
  message: Pick<MessageRow, 'from_user_id' | 'to_user_id'>,
): 'sender' | 'recipient' | null {
  if (message.to_user_id === user.id) return 'recipient';
  if (message.from_user_id === user.id) return 'sender';
  return null;
}
