import fs from 'node:fs';
import path from 'node:path';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantCoachingCredits, sendDueReminders } from '../../src/server/modules/commerce';
import { createDatabase, type Db } from '../../src/server/platform/db';
import type { Availability } from '../../src/shared/contract/commerce/bookings';
import { createSite, createUser, signInAs } from '../factories';
import { as, createPerson, type Person } from '../factories/coaching';
import { api, type DataOf } from '../support/api';
import {
  createTestDatabase,
  isPostgresReachable,
  TEST_DATABASE_URL,
  type TestDatabase,
  testDialects,
} from '../support/databases';
import { snapshotRows } from '../support/inspect';
import { type ServerProcess, sourceServerArgs, startServerProcess } from '../support/process';
import { startTestServer, type TestServer } from '../support/server';

const dialects = await testDialects();
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Every day around the clock in UTC, 45-minute sessions with 15 minutes between: a slot starts every hour. */
const roundTheClock = (extra: Partial<Availability> = {}): Availability => ({
  TimeZone: 'UTC',
  SessionMinutes: 45,
  BufferMinutes: 15,
  Active: true,
  Weekly: [1, 2, 3, 4, 5, 6, 7].map((Day) => ({ Day, Start: '00:00', End: '24:00' })),
  Exceptions: [],
  ...extra,
});

describe.each(dialects)('coaching bookings (bookings.php) on %s', (dialect) => {
  let server: TestServer;
  /** On PostgreSQL, a second server over the same database, as a second process behind a load balancer. */
  let second: TestServer | undefined;
  beforeAll(async () => {
    server = await startTestServer(dialect);
    if (dialect === 'postgres') second = await startTestServer(dialect, {}, server);
  });
  afterAll(async () => {
    await second?.close();
    await server.close();
  });

  /** A site with an administrator, a coach who keeps hours round the clock, and a learner with `credits`. */
  async function world(options: { credits?: number; availability?: Availability } = {}) {
    const site = await createSite(server.db);
    const admin = await createPerson(server, site, 'admin', { firstName: 'Ada', lastName: 'Admin' });
    const coach = await createPerson(server, site, 'coach', { firstName: 'Carl', lastName: 'Coach' });
    const learner = await createPerson(server, site, 'student', { firstName: 'Stina', lastName: 'Student' });
    const saved = await server.call(
      'bookings.php',
      'save_availability',
      { CoachId: 0, Availability: options.availability ?? roundTheClock() },
      as(coach),
    );
    expect(saved.body).toEqual({ status: 'OK' });
    if (options.credits) await give(learner, options.credits);
    return { site, admin, coach, learner };
  }

  const give = (person: Person, credits: number) =>
    grantCoachingCredits(server.db, { siteId: person.site.id, userId: person.id, credits, reason: 'granted' });

  const slots = async (site: { name: string }, coachId = 0) =>
    (await server.ok('bookings.php', 'get_slots', { CoachId: coachId }, { site: site.name })).Slots;

  /** The first free slot starting at least `after` from now. */
  async function slotAfter(site: { name: string }, after: number, coachId = 0) {
    const found = (await slots(site, coachId)).find((s) => Date.parse(s.StartsAt) >= Date.now() + after);
    if (!found) throw new Error('no free slot');
    return found;
  }

  const book = (
    person: Person,
    startsAt: string,
    extra: Partial<DataOf<'bookings.php', 'book_session'>> = {},
    via: TestServer = server,
  ) =>
    via.call(
      'bookings.php',
      'book_session',
      { CoachId: 0, StartsAt: startsAt, TimeZone: 'Europe/Stockholm', ...extra },
      as(person),
    );

  const credits = async (person: Person) =>
    (await server.ok('bookings.php', 'get_my_bookings', {}, as(person))).Credits;

  const mails = (siteId: number) =>
    server.db
      .selectFrom('mail_outbox')
      .select(['id', 'to_address', 'subject', 'text_body', 'attachments'])
      .where('site_id', '=', siteId)
      .orderBy('id')
      .execute();

  /** A mail's calendar file, parsed by ical.js: its method and event. */
  function invitation(mail: { attachments: string | null }) {
    const [file] = JSON.parse(mail.attachments ?? '[]') as { filename: string; contentType: string; content: string }[];
    if (!file) throw new Error('no attachment');
    expect(file.filename).toBe('coaching-session.ics');
    expect(file.content).toMatch(/\r\n$/);
    expect(file.content.replace(/\r\n/g, '')).not.toMatch(/\n/);
    const calendar = new ICAL.Component(ICAL.parse(file.content));
    const vevent = calendar.getFirstSubcomponent('vevent');
    if (!vevent) throw new Error('no VEVENT');
    const event = new ICAL.Event(vevent);
    return {
      contentType: file.contentType,
      method: calendar.getFirstPropertyValue('method'),
      uid: event.uid,
      sequence: event.sequence,
      start: event.startDate.toJSDate().toISOString(),
      end: event.endDate.toJSDate().toISOString(),
      status: vevent.getFirstPropertyValue('status'),
      attendees: vevent.getAllProperties('attendee').map((a) => a.getFirstValue()),
    };
  }

  it('a coach keeps his hours; a bad zone, overlapping windows or an end before the start are refused whole', async () => {
    const { site, coach, admin } = await world();
    const mine = await server.ok('bookings.php', 'get_availability', { CoachId: 0 }, as(coach));
    expect(mine).toMatchObject({ CoachId: coach.id, HasSchedule: true, Availability: roundTheClock() });

    const before = await snapshotRows(server);
    const refusals: [Partial<Availability>, { field: string; message: string }[]][] = [
      [
        { TimeZone: 'Mars/Olympus_Mons' },
        [{ field: 'data.Availability.TimeZone', message: expect.stringContaining('IANA') }],
      ],
      [
        {
          Weekly: [
            { Day: 1, Start: '09:00', End: '12:00' },
            { Day: 1, Start: '11:30', End: '13:00' },
          ],
        },
        [{ field: 'data.Availability.Weekly.1.Start', message: 'Overlaps another window of the same day' }],
      ],
      [
        { Weekly: [{ Day: 2, Start: '12:00', End: '09:00' }] },
        [{ field: 'data.Availability.Weekly.0.End', message: 'The end comes after the start' }],
      ],
      [
        { Exceptions: [{ Kind: 'off', From: '2030-05-10', To: '2030-05-01' }] },
        [{ field: 'data.Availability.Exceptions.0.To', message: 'A day on or after the first day off' }],
      ],
    ];
    for (const [change, fields] of refusals) {
      const answer = await server.call(
        'bookings.php',
        'save_availability',
        { CoachId: 0, Availability: roundTheClock(change) },
        as(coach),
      );
      expect(answer.httpStatus).toBe(400);
      expect(answer.body).toMatchObject({ error_code: 'INVALID_REQUEST', fields });
    }
    // The schema's own bounds: a session of 5 minutes, a time of 25:00, a weekday 8.
    for (const wrong of [{ SessionMinutes: 5 }, { Weekly: [{ Day: 8, Start: '09:00', End: '10:00' }] }]) {
      const answer = await server.call(
        'bookings.php',
        'save_availability',
        { CoachId: 0, Availability: { ...roundTheClock(), ...wrong } },
        as(coach),
      );
      expect(answer.body.error_code).toBe('INVALID_REQUEST');
    }
    expect(await snapshotRows(server)).toEqual(before);

    // An administrator edits any coach's hours; a coach only his own; a learner none.
    const other = await createPerson(server, site, 'coach');
    const weekdays = roundTheClock({
      TimeZone: 'Europe/Stockholm',
      SessionMinutes: 60,
      BufferMinutes: 0,
      Weekly: [{ Day: 3, Start: '10:00', End: '12:00' }],
      Exceptions: [
        { Kind: 'off', From: '2030-12-24', To: '2030-12-26' },
        { Kind: 'extra', Date: '2030-12-28', Start: '10:00', End: '11:00' },
      ],
    });
    expect(
      (await server.call('bookings.php', 'save_availability', { CoachId: other.id, Availability: weekdays }, as(admin)))
        .body,
    ).toEqual({ status: 'OK' });
    expect(
      (await server.ok('bookings.php', 'get_availability', { CoachId: other.id }, as(admin))).Availability,
    ).toEqual(weekdays);
    const refused = await server.call(
      'bookings.php',
      'save_availability',
      { CoachId: other.id, Availability: roundTheClock() },
      as(coach),
    );
    expect(refused.body).toMatchObject({ error_code: 'FORBIDDEN' });
    const learner = await createPerson(server, site);
    const student = await server.call('bookings.php', 'get_availability', { CoachId: 0 }, as(learner));
    expect(student.httpStatus).toBe(403);
    // A learner is no coach: an administrator cannot give her hours either.
    const notStaff = await server.call(
      'bookings.php',
      'save_availability',
      { CoachId: learner.id, Availability: roundTheClock() },
      as(admin),
    );
    expect(notStaff.body).toMatchObject({ error_code: 'NOT_FOUND' });

    const coaches = await server.ok('bookings.php', 'get_coaches', {}, { site: site.name });
    expect(coaches.Coaches.map((c) => [c.Id, c.SessionMinutes]).sort((a, b) => (a[0] ?? 0) - (b[0] ?? 0))).toEqual([
      [coach.id, 45],
      [other.id, 60],
    ]);
  });

  it('anyone sees the free slots; booking takes a session and a credit, mails both an invitation, and the slot is gone', async () => {
    const { site, coach, learner } = await world({ credits: 2 });
    const visitorSlots = await slots(site);
    expect(visitorSlots.length).toBeGreaterThan(500);
    const first = visitorSlots[0];
    if (!first) throw new Error('no slots');
    // Nothing within the hour's notice, and nothing past the four weeks.
    expect(Date.parse(first.StartsAt)).toBeGreaterThanOrEqual(Date.now() + HOUR - 1000);
    expect(Date.parse(visitorSlots.at(-1)?.StartsAt ?? '')).toBeLessThan(Date.now() + 28 * DAY);
    expect(first.CoachIds).toEqual([coach.id]);

    const slot = await slotAfter(site, 3 * DAY);
    const anonymous = await server.call(
      'bookings.php',
      'book_session',
      { CoachId: 0, StartsAt: slot.StartsAt, TimeZone: 'Europe/Stockholm' },
      { site: site.name },
    );
    expect(anonymous.httpStatus).toBe(401);

    const booked = await book(learner, slot.StartsAt, { CoachId: coach.id, TimeZone: 'America/New_York' });
    expect(booked.body).toMatchObject({
      status: 'OK',
      Credits: 1,
      Booking: {
        Status: 'booked',
        CoachId: coach.id,
        CoachName: 'Carl Coach',
        LearnerId: learner.id,
        LearnerName: 'Stina Student',
        StartsAt: slot.StartsAt,
        EndsAt: slot.EndsAt,
        PaidWithCredit: true,
        ChangeableUntil: new Date(Date.parse(slot.StartsAt) - 24 * HOUR).toISOString(),
      },
    });
    const bookingId = booked.body.Booking.Id as number;
    expect((await slots(site)).find((s) => s.StartsAt === slot.StartsAt)).toBeUndefined();
    const mine = await server.ok('bookings.php', 'get_my_bookings', {}, as(learner));
    expect(mine).toMatchObject({ Credits: 1, CancelHours: 24, IsCoach: false, CoachBookings: [] });
    expect(mine.Bookings.map((b) => b.Id)).toEqual([bookingId]);
    const his = await server.ok('bookings.php', 'get_my_bookings', {}, as(coach));
    expect(his).toMatchObject({ IsCoach: true });
    expect(his.CoachBookings.map((b) => [b.Id, b.LearnerName])).toEqual([[bookingId, 'Stina Student']]);

    const sent = await mails(site.id);
    expect(sent.map((m) => [m.to_address, m.subject])).toEqual([
      [learner.email, 'Your coaching session is booked'],
      [coach.email, 'New coaching session with Stina Student'],
    ]);
    // The learner's mail tells the time on her clock (New York), the coach's on his (UTC).
    const when = new Intl.DateTimeFormat('en-GB', { timeZone: 'America/New_York', hour: '2-digit', minute: '2-digit' });
    expect(sent[0]?.text_body).toContain(`${when.format(new Date(slot.StartsAt))}–`);
    expect(sent[0]?.text_body).toContain('(America/New_York)');
    expect(sent[1]?.text_body).toContain('(UTC)');
    expect(sent[0]?.text_body).toContain('http://localhost:3000/book-a-coaching-session');
    for (const mail of sent) {
      expect(invitation(mail)).toEqual({
        contentType: 'text/calendar; charset=utf-8; method=REQUEST',
        method: 'REQUEST',
        uid: `booking-${bookingId}@localhost`,
        sequence: 0,
        start: slot.StartsAt,
        end: slot.EndsAt,
        status: 'CONFIRMED',
        attendees: [`mailto:${learner.email}`, `mailto:${coach.email}`],
      });
    }

    // Delivered, the mail carries the file byte for byte (CRLF kept) as a text/calendar attachment.
    await server.mailer.deliverDue();
    const eml = fs.readFileSync(path.join(server.config.dataDir, 'outbox', `${sent[0]?.id}.eml`), 'utf8');
    expect(eml).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=REQUEST;\s+name=coaching-session\.ics/);
    expect(eml).toContain('Content-Transfer-Encoding: base64');
    const base64 = /filename=coaching-session\.ics\n\n([A-Za-z0-9+/=\n]+)\n/.exec(eml)?.[1] ?? '';
    const stored = JSON.parse(sent[0]?.attachments ?? '[]')[0].content;
    expect(Buffer.from(base64.replace(/\n/g, ''), 'base64').toString('utf8')).toBe(stored);

    // A learner without credits is sent to buy some; with the slot taken, another learner is told so.
    const broke = await createPerson(server, site);
    const other = await slotAfter(site, 4 * DAY);
    const before = await snapshotRows(server);
    expect((await book(broke, other.StartsAt)).body).toMatchObject({ error_code: 'NO_CREDITS' });
    await give(broke, 1);
    const after = await snapshotRows(server);
    expect((await book(broke, slot.StartsAt, { CoachId: coach.id })).body).toMatchObject({
      error_code: 'SLOT_TAKEN',
    });
    expect(await snapshotRows(server)).toEqual(after);
    expect(Object.keys(before)).toEqual(Object.keys(after));
    // A time that is no slot (between two), in the past, or past the horizon: SLOT_TAKEN, nothing written.
    for (const startsAt of [
      new Date(Date.parse(other.StartsAt) + 30 * 60_000).toISOString(),
      new Date(Date.now() - DAY).toISOString(),
      new Date(Date.now() + 40 * DAY).toISOString().replace(/:\d\d\.\d+Z$/, ':00.000Z'),
    ]) {
      expect((await book(broke, startsAt, { CoachId: coach.id })).body.error_code).toBe('SLOT_TAKEN');
    }
    expect((await book(broke, other.StartsAt, { TimeZone: 'Not/AZone' })).body).toMatchObject({
      error_code: 'INVALID_REQUEST',
      fields: [{ field: 'data.TimeZone' }],
    });
    expect(await snapshotRows(server)).toEqual(after);
    expect((await book(broke, other.StartsAt)).body).toMatchObject({ status: 'OK', Credits: 0 });
  });

  it('of many learners booking one slot at once (one of them twice), exactly one gets it and spends one credit', async () => {
    const { site, coach, learner } = await world({ credits: 2 });
    const others: Person[] = [];
    for (let i = 0; i < 10; i++) {
      const other = await createPerson(server, site);
      await give(other, 1);
      others.push(other);
    }
    const slot = await slotAfter(site, 2 * DAY);
    const attempts = [learner, ...others, learner].map((person, index) =>
      book(person, slot.StartsAt, { CoachId: index % 3 === 0 ? coach.id : 0 }, second && index % 2 ? second : server),
    );
    const answers = await Promise.all(attempts);
    const won = answers.filter((a) => a.body.status === 'OK');
    expect(won).toHaveLength(1);
    for (const lost of answers.filter((a) => a.body.status !== 'OK')) {
      expect(lost.httpStatus).toBe(409);
      expect(['SLOT_TAKEN', 'INVALID_STATE']).toContain(lost.body.error_code);
    }
    const rows = await server.db
      .selectFrom('bookings')
      .select(['learner_id'])
      .where('site_id', '=', site.id)
      .where('status', '=', 'booked')
      .execute();
    expect(rows).toHaveLength(1);
    const winnerId = rows[0]?.learner_id;
    for (const person of [learner, ...others]) {
      const start = person === learner ? 2 : 1;
      expect(await credits(person)).toBe(person.id === winnerId ? start - 1 : start);
    }
    // One confirmation and one notice: no mail for a booking that was not made.
    expect(await mails(site.id)).toHaveLength(2);
  });

  it('a learner cannot spend one credit twice: two slots booked at once, one is refused for want of credits', async () => {
    const { site, learner } = await world({ credits: 1 });
    const free = await slots(site);
    const [a, b, c] = free.filter((s) => Date.parse(s.StartsAt) > Date.now() + 2 * DAY);
    if (!a || !b || !c) throw new Error('too few slots');
    const answers = await Promise.all(
      [a, b, c].map((slot, index) => book(learner, slot.StartsAt, {}, second && index % 2 ? second : server)),
    );
    expect(answers.map((x) => x.body.status).sort()).toEqual(['ERROR', 'ERROR', 'OK']);
    expect(answers.filter((x) => x.body.error_code === 'NO_CREDITS')).toHaveLength(2);
    expect(await credits(learner)).toBe(0);
    const ledger = await server.db
      .selectFrom('coaching_credits')
      .select(['change', 'reason'])
      .where('user_id', '=', learner.id)
      .orderBy('id')
      .execute();
    expect(ledger).toEqual([
      { change: 1, reason: 'granted' },
      { change: -1, reason: 'booked' },
    ]);
  });

  it('cancel and move until the deadline: the credit comes back on cancelling, stays on moving; the coach is told', async () => {
    const { site, coach, learner, admin } = await world({ credits: 2 });
    const far = await slotAfter(site, 3 * DAY);
    const booked = await book(learner, far.StartsAt);
    const bookingId = booked.body.Booking.Id as number;

    const later = await slotAfter(site, 5 * DAY);
    const moved = await server.call(
      'bookings.php',
      'move_booking',
      { BookingId: bookingId, StartsAt: later.StartsAt, TimeZone: 'Europe/Stockholm' },
      as(learner),
    );
    expect(moved.body.Booking).toMatchObject({ Id: bookingId, StartsAt: later.StartsAt, Status: 'booked' });
    expect(await credits(learner)).toBe(1);
    // The slot it left is free again, and the one it took is not.
    const free = (await slots(site)).map((s) => s.StartsAt);
    expect(free).toContain(far.StartsAt);
    expect(free).not.toContain(later.StartsAt);

    const cancelled = await server.call('bookings.php', 'cancel_booking', { BookingId: bookingId }, as(learner));
    expect(cancelled.body).toMatchObject({ status: 'OK', Credits: 2, Booking: { Status: 'cancelled' } });
    const again = await server.call('bookings.php', 'cancel_booking', { BookingId: bookingId }, as(learner));
    expect(again.body).toMatchObject({ error_code: 'INVALID_STATE' });
    expect(await credits(learner)).toBe(2);

    const sent = await mails(site.id);
    expect(sent.map((m) => [m.to_address, m.subject])).toEqual([
      [learner.email, 'Your coaching session is booked'],
      [coach.email, 'New coaching session with Stina Student'],
      [learner.email, 'Your coaching session has moved'],
      [coach.email, 'Session with Stina Student moved'],
      [learner.email, 'Your coaching session is cancelled'],
      [coach.email, 'Session with Stina Student cancelled'],
    ]);
    const invitations = sent.map(invitation);
    expect(invitations.map((i) => [i.method, i.sequence, i.status, i.start])).toEqual([
      ['REQUEST', 0, 'CONFIRMED', far.StartsAt],
      ['REQUEST', 0, 'CONFIRMED', far.StartsAt],
      ['REQUEST', 1, 'CONFIRMED', later.StartsAt],
      ['REQUEST', 1, 'CONFIRMED', later.StartsAt],
      ['CANCEL', 2, 'CANCELLED', later.StartsAt],
      ['CANCEL', 2, 'CANCELLED', later.StartsAt],
    ]);
    expect(new Set(invitations.map((i) => i.uid))).toEqual(new Set([`booking-${bookingId}@localhost`]));
    expect(sent[4]?.text_body).toContain('The session is yours to book at another time.');

    // Within the 24 hours before it, the learner can neither cancel nor move it; an administrator can.
    const soon = await slotAfter(site, 2 * HOUR);
    const near = await book(learner, soon.StartsAt);
    const nearId = near.body.Booking.Id as number;
    const before = await snapshotRows(server);
    const closed = await server.call('bookings.php', 'cancel_booking', { BookingId: nearId }, as(learner));
    expect(closed.httpStatus).toBe(409);
    expect(closed.body).toMatchObject({
      error_code: 'CHANGE_CLOSED',
      message: 'A booking can be cancelled or moved until 24 hours before it starts',
      changeable_until: new Date(Date.parse(soon.StartsAt) - 24 * HOUR).toISOString(),
    });
    const notMoved = await server.call(
      'bookings.php',
      'move_booking',
      { BookingId: nearId, StartsAt: later.StartsAt, TimeZone: 'UTC' },
      as(learner),
    );
    expect(notMoved.body.error_code).toBe('CHANGE_CLOSED');
    expect(await snapshotRows(server)).toEqual(before);
    const byAdmin = await server.call(
      'bookings.php',
      'move_booking',
      { BookingId: nearId, StartsAt: far.StartsAt, TimeZone: 'America/New_York' },
      as(admin),
    );
    expect(byAdmin.body.Booking).toMatchObject({ StartsAt: far.StartsAt });
    // An administrator's move keeps the zone the learner booked in.
    const row = await server.db.selectFrom('bookings').selectAll().where('id', '=', nearId).executeTakeFirstOrThrow();
    expect(row.time_zone).toBe('Europe/Stockholm');
    expect(row.sequence).toBe(1);

    // A shorter deadline, set by an administrator, lets the learner cancel later.
    const soonAgain = await slotAfter(site, 3 * HOUR);
    const late = await book(learner, soonAgain.StartsAt);
    expect(
      (await server.call('bookings.php', 'save_booking_settings', { CancelHours: 1, Weeks: 2 }, as(admin))).body,
    ).toEqual({ status: 'OK' });
    const lateCancel = await server.call(
      'bookings.php',
      'cancel_booking',
      { BookingId: late.body.Booking.Id },
      as(learner),
    );
    expect(lateCancel.body).toMatchObject({ status: 'OK' });
    // Two weeks ahead now.
    expect(Date.parse((await slots(site)).at(-1)?.StartsAt ?? '')).toBeLessThan(Date.now() + 14 * DAY);
  });

  it('who may change what: not another learner, not the coach; /adminschedule is for administrators', async () => {
    const { site, coach, learner, admin } = await world({ credits: 1 });
    const slot = await slotAfter(site, 3 * DAY);
    const bookingId = (await book(learner, slot.StartsAt)).body.Booking.Id as number;
    const stranger = await createPerson(server, site);
    const elsewhere = await createPerson(server, await createSite(server.db), 'admin');
    const before = await snapshotRows(server);
    expect(
      (await server.call('bookings.php', 'cancel_booking', { BookingId: bookingId }, as(stranger))).body,
    ).toMatchObject({
      error_code: 'NOT_FOUND',
    });
    expect(
      (await server.call('bookings.php', 'cancel_booking', { BookingId: bookingId }, as(coach))).body,
    ).toMatchObject({
      error_code: 'FORBIDDEN',
    });
    expect(
      (await server.call('bookings.php', 'cancel_booking', { BookingId: bookingId }, as(elsewhere))).body.error_code,
    ).toBe('NOT_FOUND');
    // A learner books for nobody else and never without a credit.
    expect((await book(stranger, slot.StartsAt, { LearnerId: learner.id })).body.error_code).toBe('FORBIDDEN');
    expect((await book(learner, slot.StartsAt, { WithoutCredit: true })).body.error_code).toBe('FORBIDDEN');
    for (const person of [learner, coach]) {
      for (const [req, data] of [
        ['get_schedule', { WeekStart: '2030-01-07', TimeZone: 'UTC' }],
        ['find_learners', { Search: 'stina' }],
        ['save_booking_settings', { CancelHours: 0, Weeks: 1 }],
      ] as const) {
        const answer = await server.callRaw('bookings.php', req, data, as(person));
        expect(answer.httpStatus, `${req} as ${person.email}`).toBe(403);
      }
    }
    expect(await snapshotRows(server)).toEqual(before);

    // The administrator sees the week, finds the learner, books for her (without a credit) and cancels it.
    const week = await server.ok(
      'bookings.php',
      'get_schedule',
      { WeekStart: slot.StartsAt.slice(0, 10), TimeZone: 'UTC' },
      as(admin),
    );
    expect(week.Bookings.map((b) => [b.Id, b.LearnerEmail])).toEqual([[bookingId, learner.email]]);
    const carl = week.Coaches.find((c) => c.Id === coach.id);
    expect(carl).toMatchObject({ HasSchedule: true, Active: true, TimeZone: 'UTC', SessionMinutes: 45 });
    expect(carl?.Open.length).toBeGreaterThan(0);
    expect(carl?.Free.map((f) => f.StartsAt)).not.toContain(slot.StartsAt);
    expect(week.Coaches.find((c) => c.Id === admin.id)).toMatchObject({ HasSchedule: false, Open: [], Free: [] });
    expect(Date.parse(week.To) - Date.parse(week.From)).toBe(7 * DAY);

    const found = await server.ok('bookings.php', 'find_learners', { Search: 'STINA stu' }, as(admin));
    expect(found.Learners.map((l) => [l.Id, l.Credits])).toEqual([[learner.id, 0]]);
    const gift = await slotAfter(site, 6 * DAY);
    const forHer = await book(admin, gift.StartsAt, { LearnerId: learner.id, WithoutCredit: true, CoachId: coach.id });
    expect(forHer.body).toMatchObject({ Credits: 0, Booking: { LearnerId: learner.id, PaidWithCredit: false } });
    const withoutCredit = await book(admin, (await slotAfter(site, 7 * DAY)).StartsAt, { LearnerId: learner.id });
    expect(withoutCredit.body.error_code).toBe('NO_CREDITS');
    const undone = await server.call(
      'bookings.php',
      'cancel_booking',
      { BookingId: forHer.body.Booking.Id },
      as(admin),
    );
    // Nothing was spent, so nothing comes back.
    expect(undone.body).toMatchObject({ status: 'OK', Credits: 0 });
  });

  it('sends each reminder once, a day before, however many processes run the job at once', async () => {
    const { site, learner } = await world({ credits: 3 });
    const tomorrow = await slotAfter(site, 30 * HOUR);
    const booked = await book(learner, tomorrow.StartsAt);
    const soon = await slotAfter(site, 3 * HOUR);
    await book(learner, soon.StartsAt);
    const deps = { config: server.config, mailer: server.mailer };
    const reminders = async () => (await mails(site.id)).filter((m) => m.subject === 'Reminder: your coaching session');

    // A day and a half ahead, nothing is due; within the day, the first booking's reminder is.
    expect(await sendDueReminders(server.db, deps, Date.now())).toBe(0);
    const due = Date.parse(tomorrow.StartsAt) - 23 * HOUR;
    const runs = await Promise.all([
      sendDueReminders(server.db, deps, due),
      sendDueReminders(
        second?.db ?? server.db,
        { config: server.config, mailer: second?.mailer ?? server.mailer },
        due,
      ),
      sendDueReminders(server.db, deps, due),
    ]);
    expect(runs.reduce((a, b) => a + b, 0)).toBe(1);
    const sent = await reminders();
    expect(sent.map((m) => m.to_address)).toEqual([learner.email]);
    expect(sent[0]?.attachments).toBeNull();
    expect(sent[0]?.text_body).toContain('A reminder of your coaching session with Carl Coach.');
    expect(await sendDueReminders(server.db, deps, due + HOUR)).toBe(0);
    expect(await reminders()).toHaveLength(1);
    const row = await server.db
      .selectFrom('bookings')
      .select('reminder_sent_at')
      .where('id', '=', booked.body.Booking.Id as number)
      .executeTakeFirstOrThrow();
    expect(row.reminder_sent_at).not.toBeNull();
  });

  it('a signed-out visitor lists coaches and slots, and books nothing; bookings are per site', async () => {
    const { site } = await world();
    const other = await createSite(server.db);
    expect((await server.ok('bookings.php', 'get_coaches', {}, { site: other.name })).Coaches).toEqual([]);
    expect((await server.ok('bookings.php', 'get_slots', { CoachId: 0 }, { site: other.name })).Slots).toEqual([]);
    const coaches = (await server.ok('bookings.php', 'get_coaches', {}, { site: site.name })).Coaches;
    const unknown = await server.call(
      'bookings.php',
      'get_slots',
      { CoachId: coaches[0]?.Id ?? 0 },
      { site: other.name },
    );
    expect(unknown.body.error_code).toBe('NOT_FOUND');
    const mine = await server.callRaw('bookings.php', 'get_my_bookings', {}, { site: site.name });
    expect(mine.httpStatus).toBe(401);
  });
});

// Two real server processes on one PostgreSQL: the lock and the unique index are in the database, not in a process.
describe.runIf(await isPostgresReachable())('booking one slot through two server processes on PostgreSQL', () => {
  let database: TestDatabase;
  let processes: ServerProcess[] = [];
  let db: Db;
  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    const url = new URL(TEST_DATABASE_URL);
    url.searchParams.set('options', `-c search_path=${database.schema}`);
    const options = {
      args: sourceServerArgs(),
      env: { DATABASE_URL: url.toString(), SEED_DEMO: 'false' },
      dataDir: database.dataDir,
    };
    // One after the other: the first migrates; the second finds it done.
    processes = [await startServerProcess(options)];
    processes.push(await startServerProcess(options));
    db = createDatabase({ url: TEST_DATABASE_URL, schema: database.schema });
  }, 120_000);
  afterAll(async () => {
    await db?.destroy();
    await Promise.all(processes.map((p) => p.stop()));
    await database?.drop();
  });

  it('of twelve learners booking one slot at once, half through each process, one gets it and spends one credit', async () => {
    const [first, second] = processes.map((p) => api(p.url));
    if (!first || !second) throw new Error('the processes are not started');
    const site = await createSite(db);
    const coach = await createUser(db, { site, role: 'coach' });
    await first.ok(
      'bookings.php',
      'save_availability',
      { CoachId: 0, Availability: roundTheClock() },
      { site: site.name, token: await signInAs(first, site, coach) },
    );
    const learners: { id: number; token: string }[] = [];
    for (let i = 0; i < 12; i++) {
      const learner = await createUser(db, { site });
      await grantCoachingCredits(db, { siteId: site.id, userId: learner.id, credits: 1, reason: 'granted' });
      learners.push({ id: learner.id, token: await signInAs(i % 2 ? second : first, site, learner) });
    }
    const slot = (await first.ok('bookings.php', 'get_slots', { CoachId: 0 }, { site: site.name })).Slots.find(
      (s) => Date.parse(s.StartsAt) > Date.now() + 2 * DAY,
    );
    if (!slot) throw new Error('no free slot');
    const answers = await Promise.all(
      learners.map((learner, i) =>
        (i % 2 ? second : first).call(
          'bookings.php',
          'book_session',
          { CoachId: 0, StartsAt: slot.StartsAt, TimeZone: 'Europe/Stockholm' },
          { site: site.name, token: learner.token },
        ),
      ),
    );
    expect(answers.filter((a) => a.body.status === 'OK')).toHaveLength(1);
    expect(answers.filter((a) => a.body.error_code === 'SLOT_TAKEN')).toHaveLength(11);
    const booked = await db.selectFrom('bookings').select('learner_id').where('site_id', '=', site.id).execute();
    expect(booked).toHaveLength(1);
    const balances = await db
      .selectFrom('coaching_credits')
      .select(['user_id', (eb) => eb.fn.sum<number>('change').as('balance')])
      .where('site_id', '=', site.id)
      .groupBy('user_id')
      .execute();
    for (const { user_id, balance } of balances) {
      expect(Number(balance)).toBe(user_id === booked[0]?.learner_id ? 0 : 1);
    }
  });
});
