import { type Locale, lines, type MailText } from '../../platform/mail/templates';

/** A message mailed to its recipient (submit_message with SendAsEmail, send_message_as_email). */
export const messageMails = {
  message: (
    locale: Locale,
    opts: { recipientName: string; senderName: string; title: string; text: string; link: string },
  ): MailText =>
    locale === 'sv'
      ? {
          subject: opts.title || `Nytt meddelande från ${opts.senderName}`,
          text: lines(
            `Hej ${opts.recipientName}!`,
            '',
            `${opts.senderName} skrev:`,
            '',
            opts.text,
            '',
            'Svara i plattformen:',
            opts.link,
          ),
        }
      : {
          subject: opts.title || `New message from ${opts.senderName}`,
          text: lines(
            `Hi ${opts.recipientName},`,
            '',
            `${opts.senderName} wrote:`,
            '',
            opts.text,
            '',
            'Answer on the platform:',
            opts.link,
          ),
        },
};
