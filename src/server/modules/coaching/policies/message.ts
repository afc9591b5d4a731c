import { isStaff } from '../../../platform/authorize';
import type { MessageRow, UserRow } from '../../../platform/db/schema';

type Party = Pick<UserRow, 'id' | 'user_type' | 'privilegies'>;

/** Staff share the support inbox: they read it and mark its messages opened. */
export const readsSupportInbox = (user: Party): boolean => isStaff(user);

/** Only staff send system messages (`SendAsNotification`). */
export const sendsNotifications = (user: Party): boolean => isStaff(user);

/**
 * Whom a user may write to: staff write to anyone of their site; everyone else writes to staff, and answers
 * whoever wrote to her first. Learners cannot start conversations with each other.
 */
export const mayWriteTo = (sender: Party, recipient: Party, recipientWroteFirst: boolean): boolean =>
  sender.id !== recipient.id && (isStaff(sender) || isStaff(recipient) || recipientWroteFirst);

/** Which side of a message a user is on; null when she is neither (she may not read or remove it). */
export function sideOf(
  user: Pick<UserRow, 'id'>,
  message: Pick<MessageRow, 'from_user_id' | 'to_user_id'>,
): 'sender' | 'recipient' | null {
  if (message.to_user_id === user.id) return 'recipient';
  if (message.from_user_id === user.id) return 'sender';
  return null;
}
