import { formatPrice } from '../../../shared/domain/commerce/price';
import { type Locale, lines, type MailText } from '../../platform/mail/templates';

export interface ReceiptFacts {
  name: string;
  orderId: number;
  productName: string;
  amountCents: number;
  discountCents: number;
  /** Where the buyer finds what she bought. */
  link: string;
}

/** The shop's mails, in the buyer's language. */
export const shopMails = {
  receipt: (locale: Locale, facts: ReceiptFacts): MailText => {
    const price = formatPrice(facts.amountCents, locale);
    const discount = facts.discountCents > 0 ? formatPrice(facts.discountCents, locale) : null;
    return locale === 'sv'
      ? {
          subject: `Kvitto för din beställning ${facts.orderId}`,
          text: lines(
            `Hej ${facts.name}!`,
            '',
            `Tack för ditt köp av ${facts.productName}.`,
            `Beställning: ${facts.orderId}`,
            `Betalt: ${price} inklusive moms${discount ? ` (rabatt ${discount})` : ''}`,
            '',
            'Du hittar det du köpt här:',
            facts.link,
          ),
        }
      : {
          subject: `Receipt for your order ${facts.orderId}`,
          text: lines(
            `Hi ${facts.name},`,
            '',
            `Thank you for buying ${facts.productName}.`,
            `Order: ${facts.orderId}`,
            `Paid: ${price} VAT included${discount ? ` (discount ${discount})` : ''}`,
            '',
            'You find what you bought here:',
            facts.link,
          ),
        };
  },
};

/** A coaching session as a mail tells it to one of its two people. */
export interface SessionFacts {
  /** The recipient's first name. */
  name: string;
  /** The other person: the coach for the learner, the learner for the coach. */
  other: string;
  /** When, on the recipient's clock (`sessionTime`). */
  when: string;
  /** Where the recipient sees and changes her sessions. */
  link: string;
}

/** A session's start and end on a clock, with the clock's zone named: the mails' one way of saying when. */
export function sessionTime(startsAt: string, endsAt: string, timeZone: string, locale: Locale): string {
  const language = locale === 'sv' ? 'sv-SE' : 'en-GB';
  const day = new Intl.DateTimeFormat(language, { timeZone, dateStyle: 'full' }).format(new Date(startsAt));
  const time = new Intl.DateTimeFormat(language, { timeZone, hour: '2-digit', minute: '2-digit' });
  return `${day}, ${time.format(new Date(startsAt))}–${time.format(new Date(endsAt))} (${timeZone})`;
}

/** The calendar event's title, in the recipient's language. */
export const sessionSummary = (locale: Locale, other: string): string =>
  locale === 'sv' ? `Coachsamtal med ${other}` : `Coaching session with ${other}`;

type Role = 'learner' | 'coach';

/** The mails of coaching bookings, in the recipient's language; each carries the session's calendar file. */
export const bookingMails = {
  booked: (locale: Locale, role: Role, facts: SessionFacts): MailText =>
    locale === 'sv'
      ? {
          subject: role === 'learner' ? 'Ditt coachsamtal är bokat' : `Nytt coachsamtal med ${facts.other}`,
          text: lines(
            `Hej ${facts.name}!`,
            '',
            role === 'learner'
              ? `Ditt coachsamtal med ${facts.other} är bokat.`
              : `${facts.other} har bokat ett coachsamtal med dig.`,
            `Tid: ${facts.when}`,
            '',
            'Lägg in det i din kalender med den bifogade filen. Dina samtal:',
            facts.link,
          ),
        }
      : {
          subject: role === 'learner' ? 'Your coaching session is booked' : `New coaching session with ${facts.other}`,
          text: lines(
            `Hi ${facts.name},`,
            '',
            role === 'learner'
              ? `Your coaching session with ${facts.other} is booked.`
              : `${facts.other} has booked a coaching session with you.`,
            `When: ${facts.when}`,
            '',
            'Add it to your calendar with the attached file. Your sessions:',
            facts.link,
          ),
        },
  moved: (locale: Locale, role: Role, facts: SessionFacts & { before: string }): MailText =>
    locale === 'sv'
      ? {
          subject: role === 'learner' ? 'Ditt coachsamtal är flyttat' : `Coachsamtal med ${facts.other} flyttat`,
          text: lines(
            `Hej ${facts.name}!`,
            '',
            `Coachsamtalet med ${facts.other} är flyttat.`,
            `Ny tid: ${facts.when}`,
            `Tidigare: ${facts.before}`,
            '',
            'Den bifogade filen uppdaterar din kalender. Dina samtal:',
            facts.link,
          ),
        }
      : {
          subject: role === 'learner' ? 'Your coaching session has moved' : `Session with ${facts.other} moved`,
          text: lines(
            `Hi ${facts.name},`,
            '',
            `The coaching session with ${facts.other} has moved.`,
            `New time: ${facts.when}`,
            `Before: ${facts.before}`,
            '',
            'The attached file updates your calendar. Your sessions:',
            facts.link,
          ),
        },
  cancelled: (locale: Locale, role: Role, facts: SessionFacts & { creditReturned: boolean }): MailText =>
    locale === 'sv'
      ? {
          subject: role === 'learner' ? 'Ditt coachsamtal är avbokat' : `Coachsamtal med ${facts.other} avbokat`,
          text: lines(
            `Hej ${facts.name}!`,
            '',
            `Coachsamtalet med ${facts.other} är avbokat.`,
            `Tid: ${facts.when}`,
            ...(role === 'learner' && facts.creditReturned ? ['Samtalet finns kvar att boka en annan tid.'] : []),
            '',
            'Den bifogade filen tar bort det ur din kalender. Dina samtal:',
            facts.link,
          ),
        }
      : {
          subject: role === 'learner' ? 'Your coaching session is cancelled' : `Session with ${facts.other} cancelled`,
          text: lines(
            `Hi ${facts.name},`,
            '',
            `The coaching session with ${facts.other} is cancelled.`,
            `When: ${facts.when}`,
            ...(role === 'learner' && facts.creditReturned ? ['The session is yours to book at another time.'] : []),
            '',
            'The attached file takes it out of your calendar. Your sessions:',
            facts.link,
          ),
        },
  reminder: (locale: Locale, facts: SessionFacts): MailText =>
    locale === 'sv'
      ? {
          subject: 'Påminnelse: ditt coachsamtal',
          text: lines(
            `Hej ${facts.name}!`,
            '',
            `Påminnelse om ditt coachsamtal med ${facts.other}.`,
            `Tid: ${facts.when}`,
            '',
            'Dina samtal:',
            facts.link,
          ),
        }
      : {
          subject: 'Reminder: your coaching session',
          text: lines(
            `Hi ${facts.name},`,
            '',
            `A reminder of your coaching session with ${facts.other}.`,
            `When: ${facts.when}`,
            '',
            'Your sessions:',
            facts.link,
          ),
        },
};
