import { recipientLanguage } from '../../../../shared/domain/language';
import type { Config } from '../../../platform/config';
import { type Db, now } from '../../../platform/db';
import type { Mailer } from '../../../platform/mail/outbox';
import { bookingMails, sessionSummary, sessionTime } from '../mails';
import { addressOf, type CalendarPerson, calendarFile } from '../presenters/calendar';

/** What happened to a booking that its people are told of. */
export type BookingNews =
  | { event: 'booked' }
  | { event: 'moved'; before: { startsAt: string; endsAt: string } }
  | { event: 'cancelled'; creditReturned: boolean }
  | { event: 'reminder' };

/** The page where learners and coaches see their sessions. */
export const BOOKING_PAGE = '/book-a-coaching-session';

interface Party {
  firstName: string;
  fullName: string;
  email: string;
  language: string | null;
  /** The clock the mail tells the time on. */
  timeZone: string;
}

/**
 * Mails a booking's news to its learner and its coach (a reminder to the learner alone), inside the caller's
 * transaction: each in her language with the time on her clock (the learner's when she booked, the coach's own),
 * and, but for a reminder, the session's calendar file (METHOD:REQUEST, or CANCEL; the booking's SEQUENCE).
 */
export async function mailBookingNews(
  trx: Db,
  deps: { config: Config; mailer: Mailer },
  opts: { siteId: number; bookingId: number; news: BookingNews },
): Promise<void> {
  const booking = await trx
    .selectFrom('bookings')
    .innerJoin('sites', 'sites.id', 'bookings.site_id')
    .leftJoin('coach_schedules', (join) =>
      join
        .onRef('coach_schedules.user_id', '=', 'bookings.coach_id')
        .onRef('coach_schedules.site_id', '=', 'bookings.site_id'),
    )
    .select([
      'bookings.id',
      'bookings.coach_id',
      'bookings.learner_id',
      'bookings.starts_at',
      'bookings.ends_at',
      'bookings.time_zone',
      'bookings.sequence',
      'sites.title as site_title',
      'coach_schedules.time_zone as coach_time_zone',
    ])
    .where('bookings.site_id', '=', opts.siteId)
    .where('bookings.id', '=', opts.bookingId)
    .executeTakeFirstOrThrow();
  const people = await trx
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'email', 'language'])
    .where('site_id', '=', opts.siteId)
    .where('id', 'in', [booking.coach_id ?? 0, booking.learner_id ?? 0])
    .execute();
  const party = (id: number | null, timeZone: string): Party | null => {
    const user = people.find((p) => p.id === id);
    return user
      ? {
          firstName: user.first_name,
          fullName: `${user.first_name} ${user.last_name}`.trim(),
          email: user.email,
          language: user.language,
          timeZone,
        }
      : null;
  };
  const learner = party(booking.learner_id, booking.time_zone);
  const coach = party(booking.coach_id, booking.coach_time_zone ?? booking.time_zone);
  const link = `${deps.config.publicUrl}${BOOKING_PAGE}`;
  const method = opts.news.event === 'cancelled' ? 'CANCEL' : 'REQUEST';
  const attendees: CalendarPerson[] = [learner, coach].flatMap((p) =>
    p ? [{ name: p.fullName, email: p.email }] : [],
  );
  const stamp = now();

  const send = async (to: Party, role: 'learner' | 'coach', other: Party | null) => {
    const locale = recipientLanguage(to.language);
    const otherName = other?.fullName ?? (locale === 'sv' ? 'en coach' : 'a coach');
    const facts = {
      name: to.firstName,
      other: otherName,
      when: sessionTime(booking.starts_at, booking.ends_at, to.timeZone, locale),
      link,
    };
    const news = opts.news;
    const mail =
      news.event === 'booked'
        ? bookingMails.booked(locale, role, facts)
        : news.event === 'moved'
          ? bookingMails.moved(locale, role, {
              ...facts,
              before: sessionTime(news.before.startsAt, news.before.endsAt, to.timeZone, locale),
            })
          : news.event === 'cancelled'
            ? bookingMails.cancelled(locale, role, { ...facts, creditReturned: news.creditReturned })
            : bookingMails.reminder(locale, facts);
    const attachments =
      news.event === 'reminder'
        ? []
        : [
            {
              filename: 'coaching-session.ics',
              contentType: `text/calendar; charset=utf-8; method=${method}`,
              content: calendarFile({
                method,
                uid: `booking-${booking.id}@${new URL(deps.config.publicUrl).hostname}`,
                sequence: booking.sequence,
                start: booking.starts_at,
                end: booking.ends_at,
                stamp,
                summary: sessionSummary(locale, otherName),
                description: `${facts.when}\n${link}`,
                url: link,
                organizer: { name: booking.site_title, email: addressOf(deps.config.mailFrom) },
                attendees,
              }),
            },
          ];
    await deps.mailer.enqueue({ siteId: opts.siteId, to: to.email, ...mail, attachments }, trx);
  };

  if (learner) await send(learner, 'learner', coach);
  if (coach && opts.news.event !== 'reminder') await send(coach, 'coach', learner);
}
