import { bookings } from '../../../../shared/contract/commerce/bookings';
import type { Schedule } from '../../../../shared/domain/commerce/booking/rules';
import { handlers, signedInUser } from '../../../platform/handlers';
import { presentAvailability, presentSchedule } from '../presenters/availability';
import { presentBooking, presentScheduledBooking } from '../presenters/bookings';
import { availabilityOf, bookableCoaches, saveAvailability } from '../services/availability';
import { bookSession, cancelBooking, findSlots, moveBooking, myBookings } from '../services/bookings';
import { findLearners, weekSchedule } from '../services/schedule';
import { saveBookingSettings } from '../services/settings';

const iso = (ms: number) => new Date(ms).toISOString();

/** `bookings.php`: coaching sessions booked with a credit, coaches' hours, and /adminschedule. */
export const bookingsHandlers = handlers(bookings, {
  async get_coaches(ctx) {
    const coaches = await bookableCoaches(ctx.db, ctx.site.id);
    return {
      status: 'OK',
      Coaches: coaches.map((c) => ({
        Id: c.id,
        FirstName: c.firstName,
        LastName: c.lastName,
        SessionMinutes: c.schedule.sessionMinutes,
      })),
    };
  },
  async get_slots(ctx, data) {
    const found = await findSlots(ctx.db, { siteId: ctx.site.id, coachId: data.CoachId });
    return {
      status: 'OK',
      Slots: found.slots.map((s) => ({ StartsAt: iso(s.start), EndsAt: iso(s.end), CoachIds: s.coachIds })),
      CancelHours: found.cancelHours,
    };
  },
  async get_my_bookings(ctx) {
    const mine = await myBookings(ctx.db, { siteId: ctx.site.id, user: signedInUser(ctx) });
    return {
      status: 'OK',
      Bookings: mine.asLearner.map((b) => presentBooking(b, mine.cancelHours)),
      CoachBookings: mine.asCoach.map((b) => presentBooking(b, mine.cancelHours)),
      Credits: mine.credits,
      CancelHours: mine.cancelHours,
      IsCoach: mine.isCoach,
    };
  },
  async book_session(ctx, data) {
    const booked = await bookSession(ctx.db, ctx, {
      siteId: ctx.site.id,
      actor: signedInUser(ctx),
      coachId: data.CoachId,
      startsAt: data.StartsAt,
      timeZone: data.TimeZone,
      learnerId: data.LearnerId,
      withoutCredit: data.WithoutCredit,
    });
    return { status: 'OK', Booking: presentBooking(booked.booking, booked.cancelHours), Credits: booked.credits };
  },
  async cancel_booking(ctx, data) {
    const cancelled = await cancelBooking(ctx.db, ctx, {
      siteId: ctx.site.id,
      actor: signedInUser(ctx),
      bookingId: data.BookingId,
    });
    return {
      status: 'OK',
      Booking: presentBooking(cancelled.booking, cancelled.cancelHours),
      Credits: cancelled.credits,
    };
  },
  async move_booking(ctx, data) {
    const moved = await moveBooking(ctx.db, ctx, {
      siteId: ctx.site.id,
      actor: signedInUser(ctx),
      bookingId: data.BookingId,
      startsAt: data.StartsAt,
      timeZone: data.TimeZone,
    });
    return { status: 'OK', Booking: presentBooking(moved.booking, moved.cancelHours) };
  },
  async get_availability(ctx, data) {
    const found = await availabilityOf(ctx.db, {
      siteId: ctx.site.id,
      actor: signedInUser(ctx),
      coachId: data.CoachId,
    });
    return {
      status: 'OK',
      CoachId: found.coachId,
      HasSchedule: found.exists,
      Availability: presentAvailability(found.schedule, found.active),
    };
  },
  async save_availability(ctx, data) {
    const given = data.Availability;
    const schedule: Schedule = {
      timeZone: given.TimeZone,
      sessionMinutes: given.SessionMinutes,
      bufferMinutes: given.BufferMinutes,
      weekly: given.Weekly.map((w) => ({
        day: w.Day as Schedule['weekly'][number]['day'],
        start: w.Start,
        end: w.End,
      })),
      exceptions: given.Exceptions.map((e) =>
        e.Kind === 'off'
          ? { kind: 'off' as const, from: e.From, to: e.To }
          : { kind: 'extra' as const, date: e.Date, start: e.Start, end: e.End },
      ),
    };
    await saveAvailability(ctx.db, {
      siteId: ctx.site.id,
      actor: signedInUser(ctx),
      coachId: data.CoachId,
      schedule,
      active: given.Active,
    });
    return { status: 'OK' };
  },
  async get_schedule(ctx, data) {
    const week = await weekSchedule(ctx.db, {
      siteId: ctx.site.id,
      weekStart: data.WeekStart,
      timeZone: data.TimeZone,
    });
    return {
      status: 'OK',
      From: week.from,
      To: week.to,
      Coaches: week.coaches.map(presentSchedule),
      Bookings: week.bookings.map((b) => presentScheduledBooking(b, week.settings.cancelHours)),
      Settings: { CancelHours: week.settings.cancelHours, Weeks: week.settings.weeks },
    };
  },
  async find_learners(ctx, data) {
    const learners = await findLearners(ctx.db, { siteId: ctx.site.id, search: data.Search });
    return {
      status: 'OK',
      Learners: learners.map((l) => ({
        Id: l.id,
        FirstName: l.first_name,
        LastName: l.last_name,
        Email: l.email,
        Credits: l.credits,
      })),
    };
  },
  async save_booking_settings(ctx, data) {
    await saveBookingSettings(ctx.db, {
      siteId: ctx.site.id,
      settings: { cancelHours: data.CancelHours, weeks: data.Weeks },
    });
    return { status: 'OK' };
  },
});
