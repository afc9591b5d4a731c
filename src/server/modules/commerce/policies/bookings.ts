import { action, isAdmin, isStaff } from '../../../platform/authorize';

/** Who may do what with coaching bookings (docs/decisions.md, "Coaching bookings"). */
export const bookingActions = {
  /** A learner books for herself; an administrator for anyone, and without a credit. */
  bookFor: action<{ learnerId: number }>(
    'Only administrators book for someone else',
    (actor, subject) => subject.learnerId === actor.id || isAdmin(actor),
  ),
  bookWithoutCredit: action('Only administrators book without a coaching credit', (actor) => isAdmin(actor)),
  /** A coach keeps his own hours; an administrator anyone's. */
  editAvailability: action<{ coachId: number }>(
    "Only administrators change another coach's hours",
    (actor, subject) => isStaff(actor) && (subject.coachId === actor.id || isAdmin(actor)),
  ),
  /** A booking is cancelled or moved by its learner or by an administrator (its coach asks one of them). */
  change: action<{ learnerId: number | null }>(
    'Only the learner or an administrator changes a booking',
    (actor, booking) => booking.learnerId === actor.id || isAdmin(actor),
  ),
};
