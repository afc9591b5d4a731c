import { type Locale, lines, type MailText } from '../../platform/mail/templates';

/** The site module's mails, in the language of the page they were asked from. */
export const trialMails = {
  startTrial: (locale: Locale, link: string, validHours: number, trialDays: number): MailText =>
    locale === 'sv'
      ? {
          subject: 'Starta din skola',
          text: lines(
            'Hej!',
            '',
            `Du bad om att få prova plattformen gratis i ${trialDays} dagar. Öppna länken för att namnge din skola och välja dess adress:`,
            link,
            '',
            `Länken gäller i ${validHours} timmar och kan användas en gång. Om du inte bad om detta kan du bortse från mejlet.`,
          ),
        }
      : {
          subject: 'Start your school',
          text: lines(
            'Hi,',
            '',
            `You asked to try the platform free for ${trialDays} days. Open this link to name your school and choose its address:`,
            link,
            '',
            `The link is valid for ${validHours} hours and works once. If you did not ask for this, ignore this mail.`,
          ),
        },
};
