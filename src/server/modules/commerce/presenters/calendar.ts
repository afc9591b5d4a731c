/**
 * A booking as a calendar invitation (RFC 5545, with RFC 5546's methods): the `.ics` file its mails carry. Written
 * here rather than with a library: one event of a fixed shape needs its escaping, folding and UTC times, which are
 * the few lines below (docs/decisions.md, "Coaching bookings").
 */

export interface CalendarPerson {
  name: string;
  email: string;
}

export interface CalendarEvent {
  /** REQUEST puts the session in the calendar or changes it; CANCEL takes it out. */
  method: 'REQUEST' | 'CANCEL';
  /** Stable for a booking, so a calendar changes the event it holds instead of adding another. */
  uid: string;
  /** One more at each change: a calendar applies a change only over an older one. */
  sequence: number;
  /** ISO moments. */
  start: string;
  end: string;
  /** When this version of the invitation was made. */
  stamp: string;
  summary: string;
  description: string;
  url: string;
  organizer: CalendarPerson;
  attendees: CalendarPerson[];
}

/** The longest a line may be, in octets, before the line break (RFC 5545 §3.1). */
const LINE_OCTETS = 75;

/** A moment as a UTC date-time (`20260330T070000Z`). */
export const utcDateTime = (iso: string): string => `${new Date(iso).toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;

/** A TEXT value: backslashes, semicolons and commas escaped, line breaks as `\n`, other control characters dropped. */
export const escapeText = (text: string): string =>
  text
    .replace(/\r\n?/g, '\n')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
    .replace(/[\u0000-\u0009\u000b-\u001f\u007f]/g, '')
    .replace(/[\\;,]/g, (c) => `\\${c}`)
    .replace(/\n/g, '\\n');

/** A parameter value (a name): quoted, as it may hold `:`, `;` or `,`; quotes and control characters dropped. */
const paramValue = (text: string): string =>
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  `"${text.replace(/[\u0000-\u001f\u007f"]/g, '')}"`;

/**
 * A content line folded to lines of at most 75 octets, each continuation starting with one space, never inside a
 * character's UTF-8 bytes (RFC 5545 §3.1).
 */
export function foldLine(line: string): string {
  const encoder = new TextEncoder();
  const pieces: string[] = [];
  let piece = '';
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    // The first line holds 75 octets; a continuation holds 74 after its leading space.
    const room = pieces.length === 0 ? LINE_OCTETS : LINE_OCTETS - 1;
    if (octets + size > room) {
      pieces.push(piece);
      piece = '';
      octets = 0;
    }
    piece += char;
    octets += size;
  }
  pieces.push(piece);
  return pieces.join('\r\n ');
}

const person = (role: 'ORGANIZER' | 'ATTENDEE', who: CalendarPerson) =>
  role === 'ORGANIZER'
    ? `ORGANIZER;CN=${paramValue(who.name)}:mailto:${who.email}`
    : `ATTENDEE;CN=${paramValue(who.name)};ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED:mailto:${who.email}`;

/** The `.ics` file of one event: CRLF line ends, folded lines, times in UTC. */
export function calendarFile(event: CalendarEvent): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Learning platform//Coaching bookings//EN',
    'CALSCALE:GREGORIAN',
    `METHOD:${event.method}`,
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `SEQUENCE:${event.sequence}`,
    `DTSTAMP:${utcDateTime(event.stamp)}`,
    `DTSTART:${utcDateTime(event.start)}`,
    `DTEND:${utcDateTime(event.end)}`,
    `SUMMARY:${escapeText(event.summary)}`,
    `DESCRIPTION:${escapeText(event.description)}`,
    `URL:${event.url}`,
    `STATUS:${event.method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED'}`,
    'TRANSP:OPAQUE',
    person('ORGANIZER', event.organizer),
    ...event.attendees.map((attendee) => person('ATTENDEE', attendee)),
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}

/** The address part of a mail's sender (`School <no-reply@school.example>` → `no-reply@school.example`). */
export const addressOf = (sender: string): string => /<([^<>\s]+)>/.exec(sender)?.[1] ?? sender.trim();
