import { type Locale, lines, type MailText } from '../../platform/mail/templates';

/** The account mails, in the recipient's language (shared/domain/language.ts `recipientLanguage`). */
export const accountMails = {
  changeEmail: (locale: Locale, name: string, link: string): MailText =>
    locale === 'sv'
      ? {
          subject: 'Bekräfta din nya e-postadress',
          text: lines(
            `Hej ${name}!`,
            '',
            'Du bad om att byta e-postadress till den här. Öppna länken för att bekräfta den:',
            link,
            '',
            'Länken gäller i 24 timmar. Adressen byts först när du har öppnat den. Om du inte bad om detta kan du bortse från mejlet.',
          ),
        }
      : {
          subject: 'Confirm your new email address',
          text: lines(
            `Hi ${name},`,
            '',
            'You asked to change your email address to this one. Open this link to confirm it:',
            link,
            '',
            'The link is valid for 24 hours. The address changes only once you open it. If you did not ask for this, ignore this mail.',
          ),
        },
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
  invitation: (locale: Locale, name: string, link: string, validDays: number): MailText =>
    locale === 'sv'
      ? {
          subject: 'Du har fått ett konto',
          text: lines(
            `Hej ${name}!`,
            '',
            'Ett konto har skapats åt dig. Öppna länken för att välja ditt lösenord:',
            link,
            '',
            `Länken gäller i ${validDays} dagar. Därefter kan du be om en ny på sidan för glömt lösenord.`,
          ),
        }
      : {
          subject: 'An account has been made for you',
          text: lines(
            `Hi ${name},`,
            '',
            'An account has been made for you. Open this link to choose your password:',
            link,
            '',
            `The link is valid for ${validDays} days. After that, ask for a new one on the forgotten-password page.`,
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
