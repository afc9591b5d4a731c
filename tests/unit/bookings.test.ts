import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { calendarFile, escapeText, foldLine } from '../../src/server/modules/commerce/presenters/calendar';
import {
  addDays,
  changeableUntil,
  isTimeZone,
  mondayOf,
  type Schedule,
  scheduleProblems,
} from '../../src/shared/domain/commerce/booking/rules';
import {
  availability,
  freeSlots,
  type Interval,
  isFreeSlot,
  weekInZone,
  zonedMoment,
} from '../../src/shared/domain/commerce/booking/slots';
import { byDayInZone, dayInZone, timeInZone } from '../../src/shared/domain/commerce/booking/viewer';

const STOCKHOLM = 'Europe/Stockholm';
const NEW_YORK = 'America/New_York';
const at = (text: string) => Date.parse(text);
const iso = (ms: number) => new Date(ms).toISOString();

/** A Stockholm coach's mornings, Monday to Friday 09:00–12:00, 45-minute sessions with 15 minutes between. */
const mornings = (extra: Partial<Schedule> = {}): Schedule => ({
  timeZone: STOCKHOLM,
  sessionMinutes: 45,
  bufferMinutes: 15,
  weekly: [1, 2, 3, 4, 5].map((day) => ({ day: day as 1, start: '09:00', end: '12:00' })),
  exceptions: [],
  ...extra,
});

/** The free slots between two moments with a fixed clock (`now`), as ISO starts. */
function starts(schedule: Schedule, from: string, to: string, options: { now?: string; booked?: Interval[] } = {}) {
  return freeSlots({
    schedule,
    from: at(from),
    to: at(to),
    now: at(options.now ?? '2000-01-01T00:00:00Z'),
    noticeMinutes: 60,
    booked: options.booked ?? [],
  }).map((slot) => iso(slot.start));
}

describe('coaching slots: a coach keeps his clock across daylight-saving switches', () => {
  it('09:00 in Stockholm is 08:00 UTC before the spring switch (29 March 2026) and 07:00 UTC after it', () => {
    const slots = starts(mornings(), '2026-03-27T00:00:00Z', '2026-03-31T00:00:00Z');
    expect(slots).toEqual([
      // Friday 27 March, CET (UTC+1).
      '2026-03-27T08:00:00.000Z',
      '2026-03-27T09:00:00.000Z',
      '2026-03-27T10:00:00.000Z',
      // Monday 30 March, CEST (UTC+2): still 09:00, 10:00 and 11:00 on his clock.
      '2026-03-30T07:00:00.000Z',
      '2026-03-30T08:00:00.000Z',
      '2026-03-30T09:00:00.000Z',
    ]);
    expect(slots.map((s) => timeInZone(s, STOCKHOLM, 'sv-SE'))).toEqual([
      '09:00',
      '10:00',
      '11:00',
      '09:00',
      '10:00',
      '11:00',
    ]);
  });

  it('and back at the autumn switch (25 October 2026): 07:00 UTC on the Friday, 08:00 UTC on the Monday', () => {
    const slots = starts(mornings(), '2026-10-23T00:00:00Z', '2026-10-27T00:00:00Z');
    expect(slots).toEqual([
      '2026-10-23T07:00:00.000Z',
      '2026-10-23T08:00:00.000Z',
      '2026-10-23T09:00:00.000Z',
      '2026-10-26T08:00:00.000Z',
      '2026-10-26T09:00:00.000Z',
      '2026-10-26T10:00:00.000Z',
    ]);
  });

  it('a viewer in New York, whose switches fall on other days, sees the gap between the clocks change', () => {
    const nine = (day: string) => iso(zonedMoment(day, '09:00', STOCKHOLM));
    // Before the American switch (8 March): 6 hours; between the two switches: 5; after both: 6 again.
    expect(timeInZone(nine('2026-03-06'), NEW_YORK, 'en-GB')).toBe('03:00');
    expect(timeInZone(nine('2026-03-09'), NEW_YORK, 'en-GB')).toBe('04:00');
    expect(timeInZone(nine('2026-03-27'), NEW_YORK, 'en-GB')).toBe('04:00');
    expect(timeInZone(nine('2026-03-30'), NEW_YORK, 'en-GB')).toBe('03:00');
    // In autumn Europe goes back first (25 October), America a week later (1 November).
    expect(timeInZone(nine('2026-10-23'), NEW_YORK, 'en-GB')).toBe('03:00');
    expect(timeInZone(nine('2026-10-26'), NEW_YORK, 'en-GB')).toBe('04:00');
    expect(timeInZone(nine('2026-11-02'), NEW_YORK, 'en-GB')).toBe('03:00');
  });

  it("groups slots by the viewer's own calendar day: a Stockholm morning is the evening before in Los Angeles", () => {
    const slots = starts(mornings(), '2026-03-30T00:00:00Z', '2026-04-01T00:00:00Z').map((s) => ({ StartsAt: s }));
    const inStockholm = byDayInZone(slots, STOCKHOLM).map(([day, list]) => [day, list.length]);
    expect(inStockholm).toEqual([
      ['2026-03-30', 3],
      ['2026-03-31', 3],
    ]);
    const inLosAngeles = byDayInZone(slots, 'America/Los_Angeles').map(([day, list]) => [day, list.length]);
    // 09:00 CEST is 00:00 PDT; 10:00 and 11:00 CEST are 01:00 and 02:00: all on the same day there.
    expect(inLosAngeles).toEqual([
      ['2026-03-30', 3],
      ['2026-03-31', 3],
    ]);
    expect(dayInZone('2026-03-30T06:59:00Z', 'America/Los_Angeles')).toBe('2026-03-29');
  });

  it('hours across the spring gap last as long as the clock really runs: 01:00–04:00 on the switch night is two hours', () => {
    const night: Schedule = {
      timeZone: STOCKHOLM,
      sessionMinutes: 60,
      bufferMinutes: 0,
      weekly: [{ day: 7, start: '01:00', end: '04:00' }],
      exceptions: [],
    };
    const slots = starts(night, '2026-03-28T00:00:00Z', '2026-03-30T00:00:00Z');
    expect(slots).toEqual(['2026-03-29T00:00:00.000Z', '2026-03-29T01:00:00.000Z']);
    expect(slots.map((s) => timeInZone(s, STOCKHOLM, 'sv-SE'))).toEqual(['01:00', '03:00']);
    // A window that starts inside the gap starts when the clock comes back: 02:30 does not exist, 03:30 does.
    expect(iso(zonedMoment('2026-03-29', '02:30', STOCKHOLM))).toBe('2026-03-29T01:30:00.000Z');
    // And the autumn night's 01:00–04:00 is four hours.
    const autumn = { ...night, weekly: [{ day: 7 as const, start: '01:00', end: '04:00' }] };
    expect(starts(autumn, '2026-10-24T00:00:00Z', '2026-10-26T00:00:00Z')).toHaveLength(4);
  });

  it('a week on a viewer’s calendar spans 167 hours in the week of a spring switch', () => {
    const week = weekInZone('2026-03-23', STOCKHOLM);
    expect(iso(week.start)).toBe('2026-03-22T23:00:00.000Z');
    expect(iso(week.end)).toBe('2026-03-29T22:00:00.000Z');
    expect((week.end - week.start) / 3_600_000).toBe(167);
    expect(mondayOf('2026-03-29')).toBe('2026-03-23');
    expect(mondayOf('2026-03-30')).toBe('2026-03-30');
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
  });
});

describe('coaching slots: buffers, bookings, exceptions and the clock', () => {
  const monday = '2026-05-04';
  const day = { from: `${monday}T00:00:00Z`, to: `${monday}T23:59:00Z` };
  const local = (time: string) => zonedMoment(monday, time, STOCKHOLM);

  it('lays sessions with the buffer between them, each ending inside the window', () => {
    expect(starts(mornings(), day.from, day.to).map((s) => timeInZone(s, STOCKHOLM, 'sv-SE'))).toEqual([
      '09:00',
      '10:00',
      '11:00',
    ]);
    const noBuffer = mornings({ sessionMinutes: 50, bufferMinutes: 0 });
    expect(starts(noBuffer, day.from, day.to).map((s) => timeInZone(s, STOCKHOLM, 'sv-SE'))).toEqual([
      '09:00',
      '09:50',
      '10:40',
    ]);
  });

  it('hides a booked slot and keeps the buffer around a session booked off the grid', () => {
    const onGrid = [{ start: local('10:00'), end: local('10:45') }];
    expect(
      starts(mornings(), day.from, day.to, { booked: onGrid }).map((s) => timeInZone(s, STOCKHOLM, 'sv-SE')),
    ).toEqual(['09:00', '11:00']);
    // Booked 09:30–10:15 (when his sessions were another length): the next one starts a buffer after it.
    const offGrid = [{ start: local('09:30'), end: local('10:15') }];
    expect(
      starts(mornings(), day.from, day.to, { booked: offGrid }).map((s) => timeInZone(s, STOCKHOLM, 'sv-SE')),
    ).toEqual(['10:30']);
  });

  it('hides slots that start in the past or within the notice, and keeps the grid for the rest', () => {
    const now = iso(local('09:30'));
    // 10:00 starts in 30 minutes, within the hour's notice.
    expect(starts(mornings(), day.from, day.to, { now }).map((s) => timeInZone(s, STOCKHOLM, 'sv-SE'))).toEqual([
      '11:00',
    ]);
    expect(starts(mornings(), day.from, day.to, { now: `${monday}T20:00:00Z` })).toEqual([]);
  });

  it('takes days off out of the week and adds extra hours, even on a day off', () => {
    const schedule = mornings({
      exceptions: [
        { kind: 'off', from: '2026-05-05', to: '2026-05-06' },
        { kind: 'extra', date: '2026-05-09', start: '14:00', end: '16:00' },
        { kind: 'extra', date: '2026-05-06', start: '13:00', end: '14:00' },
      ],
    });
    const week = starts(schedule, '2026-05-04T00:00:00Z', '2026-05-11T00:00:00Z');
    const byDay = byDayInZone(
      week.map((s) => ({ StartsAt: s })),
      STOCKHOLM,
    ).map(([d, list]) => [d, list.map((s) => timeInZone(s.StartsAt, STOCKHOLM, 'sv-SE'))]);
    expect(byDay).toEqual([
      ['2026-05-04', ['09:00', '10:00', '11:00']],
      ['2026-05-06', ['13:00']],
      ['2026-05-07', ['09:00', '10:00', '11:00']],
      ['2026-05-08', ['09:00', '10:00', '11:00']],
      ['2026-05-09', ['14:00', '15:00']],
    ]);
  });

  it('merges overlapping hours of a day, and keeps a day’s hours to that day', () => {
    const schedule = mornings({ exceptions: [{ kind: 'extra', date: monday, start: '11:00', end: '13:00' }] });
    expect(availability(schedule, at(day.from), at(day.to)).map((w) => [iso(w.start), iso(w.end)])).toEqual([
      ['2026-05-04T07:00:00.000Z', '2026-05-04T11:00:00.000Z'],
    ]);
    const lateNights: Schedule = {
      ...mornings(),
      weekly: [
        { day: 1, start: '22:00', end: '24:00' },
        { day: 2, start: '00:00', end: '02:00' },
      ],
      sessionMinutes: 90,
      bufferMinutes: 0,
    };
    // No session runs over midnight: 22:00–23:30, then 00:00–01:30.
    expect(starts(lateNights, day.from, '2026-05-05T12:00:00Z').map((s) => timeInZone(s, STOCKHOLM, 'sv-SE'))).toEqual([
      '22:00',
      '00:00',
    ]);
  });

  it('answers the same slot whichever range it is asked in (a booking checks the slot the page showed)', () => {
    const query = {
      schedule: mornings({ sessionMinutes: 40, bufferMinutes: 15 }),
      from: at('2026-05-01T00:00:00Z'),
      to: at('2026-05-29T00:00:00Z'),
      now: at('2026-05-01T00:00:00Z'),
      noticeMinutes: 60,
      booked: [{ start: local('10:35'), end: local('11:15') }],
    };
    const all = freeSlots(query);
    expect(all.length).toBeGreaterThan(40);
    for (const slot of all) expect(isFreeSlot(query, slot.start)).toEqual(slot);
    expect(isFreeSlot(query, local('10:05'))).toBeUndefined();
  });
});

describe('coaching schedules: what is checked before one is stored', () => {
  const valid = (): Schedule => ({
    timeZone: STOCKHOLM,
    sessionMinutes: 45,
    bufferMinutes: 15,
    weekly: [{ day: 1, start: '09:00', end: '12:00' }],
    exceptions: [],
  });

  it('knows IANA zones and refuses others', () => {
    expect(isTimeZone('Europe/Stockholm')).toBe(true);
    expect(isTimeZone('America/Argentina/Buenos_Aires')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isTimeZone('')).toBe(false);
    expect(isTimeZone('Europe/Stockholm; drop table')).toBe(false);
  });

  it('names each field at fault: a bad zone, an end before the start, overlapping windows, days off backwards', () => {
    expect(scheduleProblems(valid())).toEqual([]);
    expect(
      scheduleProblems({
        ...valid(),
        timeZone: 'Nowhere/Town',
        weekly: [
          { day: 1, start: '09:00', end: '12:00' },
          { day: 1, start: '11:00', end: '13:00' },
          { day: 2, start: '12:00', end: '09:00' },
          { day: 3, start: '09:00', end: '09:00' },
          { day: 2, start: '13:00', end: '24:00' },
        ],
        exceptions: [
          { kind: 'off', from: '2026-05-10', to: '2026-05-09' },
          { kind: 'off', from: '2026-02-30', to: '2026-03-01' },
          { kind: 'off', from: '2026-01-01', to: '2027-06-01' },
          { kind: 'extra', date: '2026-05-11', start: '15:00', end: '14:00' },
        ],
      }),
    ).toEqual([
      { field: 'TimeZone', code: 'timeZone', message: 'An IANA time zone, such as Europe/Stockholm' },
      { field: 'Weekly.1.Start', code: 'overlap', message: 'Overlaps another window of the same day' },
      { field: 'Weekly.2.End', code: 'endBeforeStart', message: 'The end comes after the start' },
      { field: 'Weekly.3.End', code: 'endBeforeStart', message: 'The end comes after the start' },
      { field: 'Exceptions.0.To', code: 'offBackwards', message: 'A day on or after the first day off' },
      { field: 'Exceptions.1.From', code: 'day', message: 'A day (YYYY-MM-DD)' },
      { field: 'Exceptions.2.To', code: 'offTooLong', message: 'At most a year of days off at once' },
      { field: 'Exceptions.3.End', code: 'endBeforeStart', message: 'The end comes after the start' },
    ]);
    // Windows that touch do not overlap.
    expect(
      scheduleProblems({
        ...valid(),
        weekly: [
          { day: 1, start: '09:00', end: '12:00' },
          { day: 1, start: '12:00', end: '14:00' },
        ],
      }),
    ).toEqual([]);
  });

  it('lets a learner change a booking until the deadline before it', () => {
    expect(changeableUntil('2026-05-04T07:00:00.000Z', 24)).toBe('2026-05-03T07:00:00.000Z');
    expect(changeableUntil('2026-05-04T07:00:00.000Z', 0)).toBe('2026-05-04T07:00:00.000Z');
  });
});

describe('the calendar invitation (.ics)', () => {
  const event = {
    method: 'REQUEST' as const,
    uid: 'booking-42@school.example',
    sequence: 2,
    start: '2026-03-30T07:00:00.000Z',
    end: '2026-03-30T07:45:00.000Z',
    stamp: '2026-03-20T12:00:05.123Z',
    summary: 'Coachsamtal med Åsa Öberg-Ångström; bas, gitarr & sång',
    description: 'Måndag 30 mars 2026, 09:00–09:45 (Europe/Stockholm)\nhttp://localhost:3000/book-a-coaching-session',
    url: 'http://localhost:3000/book-a-coaching-session',
    organizer: { name: 'Learning "Platform", the school', email: 'no-reply@school.example' },
    attendees: [
      { name: 'Stina Student', email: 'stina@school.example' },
      {
        name: 'Åsa Öberg-Ångström med ett mycket långt namn som inte får plats på en rad',
        email: 'asa@school.example',
      },
    ],
  };

  it('ends every line with CRLF and folds lines over 75 octets without splitting a character', () => {
    const file = calendarFile(event);
    expect(file.endsWith('\r\n')).toBe(true);
    expect(file.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const lines = file.split('\r\n').slice(0, -1);
    for (const line of lines) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(lines.some((line) => line.startsWith(' '))).toBe(true);
    // Unfolded, each line is whole again.
    const unfolded = file.replace(/\r\n /g, '').split('\r\n');
    expect(unfolded).toContain('SUMMARY:Coachsamtal med Åsa Öberg-Ångström\\; bas\\, gitarr & sång');
    expect(unfolded).toContain('DTSTART:20260330T070000Z');
    expect(unfolded).toContain('DTEND:20260330T074500Z');
    expect(unfolded).toContain('DTSTAMP:20260320T120005Z');
    expect(unfolded).toContain('METHOD:REQUEST');
    expect(unfolded).toContain('SEQUENCE:2');
  });

  it('folds at 75 octets exactly, counting a multi-byte character whole', () => {
    const folded = foldLine(`X:${'å'.repeat(60)}`);
    const [first, ...rest] = folded.split('\r\n');
    expect(new TextEncoder().encode(first).length).toBe(74);
    expect(rest.every((line) => line.startsWith(' '))).toBe(true);
    expect(folded.replace(/\r\n /g, '')).toBe(`X:${'å'.repeat(60)}`);
    expect(foldLine('SHORT:line')).toBe('SHORT:line');
    expect(escapeText('a\\b;c,d\r\ne')).toBe('a\\\\b\\;c\\,d\\ne');
  });

  it('parses with an independent reader (ical.js): method, stable UID, SEQUENCE, UTC times, people', () => {
    const calendar = new ICAL.Component(ICAL.parse(calendarFile(event)));
    expect(calendar.getFirstPropertyValue('method')).toBe('REQUEST');
    const vevent = calendar.getFirstSubcomponent('vevent');
    if (!vevent) throw new Error('no VEVENT');
    const parsed = new ICAL.Event(vevent);
    expect(parsed.uid).toBe('booking-42@school.example');
    expect(parsed.sequence).toBe(2);
    expect(parsed.startDate.toJSDate().toISOString()).toBe('2026-03-30T07:00:00.000Z');
    expect(parsed.endDate.toJSDate().toISOString()).toBe('2026-03-30T07:45:00.000Z');
    expect(parsed.startDate.zone?.tzid).toBe('UTC');
    expect(parsed.summary).toBe(event.summary);
    expect(parsed.description).toBe(event.description);
    expect(vevent.getFirstPropertyValue('status')).toBe('CONFIRMED');
    const attendees = vevent.getAllProperties('attendee');
    expect(attendees.map((a) => [a.getParameter('cn'), a.getFirstValue()])).toEqual([
      ['Stina Student', 'mailto:stina@school.example'],
      [event.attendees[1]?.name, 'mailto:asa@school.example'],
    ]);
    expect(vevent.getFirstProperty('organizer')?.getParameter('cn')).toBe('Learning Platform, the school');

    const cancel = new ICAL.Component(ICAL.parse(calendarFile({ ...event, method: 'CANCEL', sequence: 3 })));
    expect(cancel.getFirstPropertyValue('method')).toBe('CANCEL');
    const cancelled = cancel.getFirstSubcomponent('vevent');
    expect(cancelled?.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(cancelled?.getFirstPropertyValue('uid')).toBe('booking-42@school.example');
    expect(cancelled?.getFirstPropertyValue('sequence')).toBe(3);
  });
});
