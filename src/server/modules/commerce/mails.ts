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
