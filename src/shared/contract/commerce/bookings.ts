import { z } from 'zod';
import { BOOKING_LIMITS, TIME_OF_DAY } from '../../domain/commerce/booking/rules';
import { call, endpoint, id, isoDate, noneOr, ok } from '../define';

/** An IANA time zone's name; whether the server knows it is checked there (INVALID_REQUEST naming the field). */
const TimeZone = z
  .string()
  .trim()
  .min(1)
  .max(BOOKING_LIMITS.timeZone)
  .regex(/^[A-Za-z][A-Za-z0-9_+\-/]*$/, { error: 'An IANA time zone, such as Europe/Stockholm' });
const TimeOfDay = z.string().regex(TIME_OF_DAY, { error: 'A time of day, HH:MM' });
const Day = z.iso.date();
/** A moment given by the client, with its offset (`2026-03-30T07:00:00Z`). */
const Moment = z.iso.datetime({ offset: true });

export const WeeklyWindow = z.object({
  /** 1 Monday … 7 Sunday. */
  Day: z.number().int().min(1).max(7),
  Start: TimeOfDay,
  End: TimeOfDay,
});

export const ScheduleException = z.discriminatedUnion('Kind', [
  /** Whole days off, `From` to `To` of the coach's calendar. */
  z.object({ Kind: z.literal('off'), From: Day, To: Day }),
  /** Hours on one day beside the weekly ones. */
  z.object({ Kind: z.literal('extra'), Date: Day, Start: TimeOfDay, End: TimeOfDay }),
]);

/** A coach's availability as he edits it. */
export const Availability = z.object({
  TimeZone,
  SessionMinutes: z.number().int().min(BOOKING_LIMITS.sessionMinutes.min).max(BOOKING_LIMITS.sessionMinutes.max),
  BufferMinutes: z.number().int().min(BOOKING_LIMITS.bufferMinutes.min).max(BOOKING_LIMITS.bufferMinutes.max),
  /** Whether learners may book him. */
  Active: z.boolean(),
  Weekly: z.array(WeeklyWindow).max(BOOKING_LIMITS.weeklyWindows),
  Exceptions: z.array(ScheduleException).max(BOOKING_LIMITS.exceptions),
});
export type Availability = z.infer<typeof Availability>;

/** A coach learners may book. */
export const BookableCoach = z.object({
  Id: z.number(),
  FirstName: z.string(),
  LastName: z.string(),
  SessionMinutes: z.number(),
});
export type BookableCoach = z.infer<typeof BookableCoach>;

/** A free slot: when it starts and ends, and the coaches free then (one, or several for "any coach"). */
export const Slot = z.object({ StartsAt: isoDate, EndsAt: isoDate, CoachIds: z.array(z.number()) });
export type Slot = z.infer<typeof Slot>;

export const bookingStatuses = ['booked', 'cancelled'] as const;

/** A booked session as its learner, its coach or an administrator sees it. */
export const Booking = z.object({
  Id: z.number(),
  Status: z.enum(bookingStatuses),
  CoachId: z.number(),
  CoachName: z.string(),
  /** 0 once her account is gone. */
  LearnerId: z.number(),
  LearnerName: z.string(),
  StartsAt: isoDate,
  EndsAt: isoDate,
  /** Until when the learner may cancel or move it herself (administrators may until it ends). */
  ChangeableUntil: isoDate,
  /** Whether it was paid with a coaching credit (given back when it is cancelled). */
  PaidWithCredit: z.boolean(),
});
export type Booking = z.infer<typeof Booking>;

/** A booking as administrators see it on /adminschedule: the learner's address too. */
export const ScheduledBooking = Booking.extend({ LearnerEmail: z.string() });
export type ScheduledBooking = z.infer<typeof ScheduledBooking>;

const Span = z.object({ StartsAt: isoDate, EndsAt: isoDate });

/** One staff member's week on /adminschedule. */
export const CoachWeek = z.object({
  Id: z.number(),
  FirstName: z.string(),
  LastName: z.string(),
  /** Whether he has availability set (null fields below otherwise). */
  HasSchedule: z.boolean(),
  Active: z.boolean(),
  TimeZone: z.string().nullable(),
  SessionMinutes: z.number().nullable(),
  /** His hours of the week, as moments. */
  Open: z.array(Span),
  /** His free slots of the week (from now on). */
  Free: z.array(Span),
});
export type CoachWeek = z.infer<typeof CoachWeek>;

export const BookingSettings = z.object({
  /** Learners cancel or move a booking until this many hours before it starts. */
  CancelHours: z.number().int().min(BOOKING_LIMITS.cancelHours.min).max(BOOKING_LIMITS.cancelHours.max),
  /** How many weeks ahead slots are shown and booked. */
  Weeks: z.number().int().min(BOOKING_LIMITS.weeks.min).max(BOOKING_LIMITS.weeks.max),
});
export type BookingSettings = z.infer<typeof BookingSettings>;

export const bookings = endpoint('bookings.php', {
  /** The coaches learners may book (who take bookings and keep hours), by name. */
  get_coaches: call({
    access: 'public',
    reads: true,
    data: z.object({}),
    answer: z.object({ status: ok, Coaches: z.array(BookableCoach) }),
  }),
  /**
   * The free slots of the coming weeks (the site's `Weeks`), of one coach or of every coach (0: any), as moments
   * in UTC; the page shows them on the visitor's clock. Anyone may look; booking needs a session.
   */
  get_slots: call({
    access: 'public',
    reads: true,
    data: z.object({ CoachId: noneOr(id) }),
    answer: z.object({ status: ok, Slots: z.array(Slot), CancelHours: z.number() }),
  }),
  /**
   * The caller's coming sessions (as a learner, and as a coach those booked with him), her coaching credits, and
   * whether she takes bookings herself (staff).
   */
  get_my_bookings: call({
    access: 'user',
    reads: true,
    data: z.object({}),
    answer: z.object({
      status: ok,
      Bookings: z.array(Booking),
      CoachBookings: z.array(Booking),
      Credits: z.number(),
      CancelHours: z.number(),
      IsCoach: z.boolean(),
    }),
  }),
  /**
   * Books a free slot with a coach (0: whichever coach is free then) for a coaching credit; mails both. An
   * administrator may book for a learner (`LearnerId`), and without a credit (`WithoutCredit`). `TimeZone` is the
   * learner's clock, which her mails use. Refusals: NOT_FOUND (no such coach), SLOT_TAKEN, NO_CREDITS,
   * INVALID_REQUEST (an unknown zone), FORBIDDEN, TOO_MANY_REQUESTS.
   */
  book_session: call({
    access: 'user',
    data: z.object({
      CoachId: noneOr(id),
      StartsAt: Moment,
      TimeZone,
      LearnerId: noneOr(id),
      WithoutCredit: z.boolean().default(false),
    }),
    answer: z.object({ status: ok, Booking, Credits: z.number() }),
  }),
  /**
   * Cancels a booking: the learner her own until the site's deadline, an administrator any until it ends. The credit
   * it was paid with comes back; both are mailed. Refusals: NOT_FOUND, CHANGE_CLOSED, INVALID_STATE (cancelled
   * already, or over), TOO_MANY_REQUESTS.
   */
  cancel_booking: call({
    access: 'user',
    data: z.object({ BookingId: id }),
    answer: z.object({ status: ok, Booking, Credits: z.number() }),
  }),
  /**
   * Moves a booking to another free slot of its coach, on the rules of cancelling; the credit stays with it, and both
   * are mailed a changed invitation. Refusals: as `cancel_booking`, and SLOT_TAKEN.
   */
  move_booking: call({
    access: 'user',
    data: z.object({ BookingId: id, StartsAt: Moment, TimeZone }),
    answer: z.object({ status: ok, Booking }),
  }),
  /** A coach's availability: the caller's own (0), or any staff member's for an administrator. */
  get_availability: call({
    access: 'staff',
    reads: true,
    data: z.object({ CoachId: noneOr(id) }),
    answer: z.object({ status: ok, CoachId: z.number(), HasSchedule: z.boolean(), Availability }),
  }),
  /**
   * Replaces a coach's availability whole: the caller's own (0), or any staff member's for an administrator. Checked
   * before anything is written (a known zone, windows that end after they start and do not overlap on a day).
   */
  save_availability: call({
    access: 'staff',
    data: z.object({ CoachId: noneOr(id), Availability }),
    answer: z.object({ status: ok }),
  }),
  /**
   * Every staff member's week (`WeekStart`: a Monday of the viewer's calendar, in `TimeZone`) with his hours, free
   * slots and the bookings of the week, and the site's booking settings (administrators).
   */
  get_schedule: call({
    access: 'admin',
    reads: true,
    data: z.object({ WeekStart: Day, TimeZone }),
    answer: z.object({
      status: ok,
      From: isoDate,
      To: isoDate,
      Coaches: z.array(CoachWeek),
      Bookings: z.array(ScheduledBooking),
      Settings: BookingSettings,
    }),
  }),
  /** Learners found by name or address (at most 20), with their coaching credits, to book for (administrators). */
  find_learners: call({
    access: 'admin',
    reads: true,
    data: z.object({ Search: z.string().trim().min(1).max(100) }),
    answer: z.object({
      status: ok,
      Learners: z.array(
        z.object({
          Id: z.number(),
          FirstName: z.string(),
          LastName: z.string(),
          Email: z.string(),
          Credits: z.number(),
        }),
      ),
    }),
  }),
  /** Changes the site's booking settings (administrators). */
  save_booking_settings: call({
    access: 'admin',
    data: BookingSettings,
    answer: z.object({ status: ok }),
  }),
});
