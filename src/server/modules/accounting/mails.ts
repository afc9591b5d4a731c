import { formatPrice } from '../../../shared/domain/commerce/price';
import { type Locale, lines, type MailText } from '../../platform/mail/templates';

export interface ReminderFacts {
  customer: string;
  seller: string;
  number: number;
  dueDate: string;
  /** What is left to pay, euro cents. */
  dueCents: number;
  bankAccount: string;
}

/** The books' mails, in the customer's language. */
export const booksMails = {
  reminder: (locale: Locale, facts: ReminderFacts): MailText => {
    const amount = formatPrice(facts.dueCents, locale);
    return locale === 'sv'
      ? {
          subject: `Påminnelse: faktura ${facts.number} från ${facts.seller}`,
          text: lines(
            `Hej ${facts.customer}!`,
            '',
            `Vår faktura ${facts.number} förföll till betalning ${facts.dueDate} och vi har inte sett någon betalning.`,
            `Kvar att betala: ${amount}`,
            ...(facts.bankAccount ? [`Betala till ${facts.bankAccount} och ange fakturanumret.`] : []),
            '',
            'Har du redan betalat kan du bortse från det här meddelandet.',
            '',
            facts.seller,
          ),
        }
      : {
          subject: `Reminder: invoice ${facts.number} from ${facts.seller}`,
          text: lines(
            `Hello ${facts.customer},`,
            '',
            `Our invoice ${facts.number} was due on ${facts.dueDate}, and we have not seen a payment of it.`,
            `Left to pay: ${amount}`,
            ...(facts.bankAccount ? [`Please pay to ${facts.bankAccount}, quoting the invoice number.`] : []),
            '',
            'If you have paid it already, please disregard this message.',
            '',
            facts.seller,
          ),
        };
  },
};
