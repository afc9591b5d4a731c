import type { Booking, ScheduledBooking } from '../../../../shared/contract/commerce/bookings';
import { changeableUntil } from '../../../../shared/domain/commerce/booking/rules';

/** A booking with the names of its coach and learner, as the queries read it. */
export interface BookingView {
  id: number;
  status: 'booked' | 'cancelled';
  coach_id: number | null;
  coach_first_name: string | null;
  coach_last_name: string | null;
  learner_id: number | null;
  learner_first_name: string | null;
  learner_last_name: string | null;
  learner_email: string | null;
  starts_at: string;
  ends_at: string;
  paid_with_credit: number;
}

const fullName = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(' ') || '—';

/** A booking on the wire; `cancelHours` is the site's deadline for the learner's own changes. */
export const presentBooking = (row: BookingView, cancelHours: number): Booking => ({
  Id: row.id,
  Status: row.status,
  CoachId: row.coach_id ?? 0,
  CoachName: fullName(row.coach_first_name, row.coach_last_name),
  LearnerId: row.learner_id ?? 0,
  LearnerName: fullName(row.learner_first_name, row.learner_last_name),
  StartsAt: row.starts_at,
  EndsAt: row.ends_at,
  ChangeableUntil: changeableUntil(row.starts_at, cancelHours),
  PaidWithCredit: row.paid_with_credit === 1,
});

/** A booking as administrators see it on /adminschedule. */
export const presentScheduledBooking = (row: BookingView, cancelHours: number): ScheduledBooking => ({
  ...presentBooking(row, cancelHours),
  LearnerEmail: row.learner_email ?? '',
});
