import type { Language } from '../../../shared/domain/language';

type Locale = Language;
interface MailText {
  subject: string;
  text: string;
}

const lines = (...parts: string[]) => parts.join('\n');

/** The account mails, in the language of the browser that asked for them. */
export const accountMails = {
  verify: (locale: Locale, name: string, link: string): MailText =>
    locale === 'sv'
      ? {
          subject: 'Bekräfta din e-postadress',
          text: lines(
            `Hej ${name}!`,
            '',
            'Öppna länken för att bekräfta din e-postadress:',
            link,
            '',
            'Länken gäller i 24 timmar.',
          ),
        }
      : {
          subject: 'Confirm your email address',
          text: lines(
            `Hi ${name},`,
            '',
            'Open this link to confirm your email address:',
            link,
            '',
            'The link is valid for 24 hours.',
          ),
        },
  reset: (locale: Locale, name: string, link: string): MailText =>
    locale === 'sv'
      ? {
          subject: 'Återställ ditt lösenord',
          text: lines(
            `Hej ${name}!`,
            '',
            'Öppna länken för att välja ett nytt lösenord:',
            link,
            '',
            'Länken gäller i 30 minuter. Om du inte bad om detta kan du bortse från mejlet.',
          ),
        }
      : {
          subject: 'Reset your password',
          text: lines(
            `Hi ${name},`,
            '',
            'Open this link to choose a new password:',
            link,
            '',
            'The link is valid for 30 minutes. If you did not ask for this, ignore this mail.',
          ),
        },
  alreadyRegistered: (locale: Locale, name: string, link: string): MailText =>
    locale === 'sv'
      ? {
          subject: 'Du har redan ett konto',
          text: lines(
            `Hej ${name}!`,
            '',
            'Någon försökte registrera ett nytt konto med din e-postadress. Du har redan ett konto.',
            'Har du glömt lösenordet kan du välja ett nytt här:',
            link,
          ),
        }
      : {
          subject: 'You already have an account',
          text: lines(
            `Hi ${name},`,
            '',
            'Someone tried to register a new account with your email address. You already have one.',
            'If you forgot your password, choose a new one here:',
            link,
          ),
        },
};

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
