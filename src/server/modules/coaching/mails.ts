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

/** What a learner is told of a review of her exam: the same facts in the system message and in the mail. */
export interface ReviewFacts {
  recipientName: string;
  /** The exam as `examName` names it. */
  exam: string;
  course: string;
  approved: boolean;
  score: number | null;
  /** The coach's comment, sanitized HTML, or null without one. */
  comment: string | null;
  /** The page of the exam: a path for the message, an address for the mail. */
  path: string;
  link: string;
}

/** Text put into HTML as text. */
const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const reviewTexts = {
  en: {
    title: (f: ReviewFacts) => (f.approved ? `Approved: ${f.exam}` : `Returned: ${f.exam}`),
    outcome: (f: ReviewFacts) =>
      f.approved
        ? `Your coach approved your answer to “${f.exam}” in ${f.course}.`
        : `Your coach returned your answer to “${f.exam}” in ${f.course}. Change it and submit it again.`,
    score: (score: number) => `Score: ${score} / 100`,
    comment: 'Comment from your coach:',
    open: 'Open the page',
    greeting: (name: string) => `Hi ${name},`,
    openMail: 'See it on the platform:',
  },
  sv: {
    title: (f: ReviewFacts) => (f.approved ? `Godkänt: ${f.exam}` : `Återlämnat: ${f.exam}`),
    outcome: (f: ReviewFacts) =>
      f.approved
        ? `Din coach har godkänt ditt svar på ”${f.exam}” i ${f.course}.`
        : `Din coach har lämnat tillbaka ditt svar på ”${f.exam}” i ${f.course}. Ändra det och lämna in det igen.`,
    score: (score: number) => `Poäng: ${score} / 100`,
    comment: 'Kommentar från din coach:',
    open: 'Öppna sidan',
    greeting: (name: string) => `Hej ${name}!`,
    openMail: 'Se det i plattformen:',
  },
} satisfies Record<Locale, unknown>;

/** A review of a learner's exam, told as a system message and, when she is away, as a mail. */
export const reviewNotices = {
  message: (locale: Locale, f: ReviewFacts): { title: string; html: string } => {
    const t = reviewTexts[locale];
    return {
      title: t.title(f),
      html: [
        `<p>${escapeHtml(t.outcome(f))}</p>`,
        f.score === null ? '' : `<p><strong>${escapeHtml(t.score(f.score))}</strong></p>`,
        f.comment === null ? '' : `<p>${escapeHtml(t.comment)}</p><blockquote>${f.comment}</blockquote>`,
        `<p><a href="${escapeHtml(f.path)}">${escapeHtml(t.open)}</a></p>`,
      ].join(''),
    };
  },
  mail: (locale: Locale, f: ReviewFacts, commentText: string | null): MailText => {
    const t = reviewTexts[locale];
    return {
      subject: t.title(f),
      text: lines(
        t.greeting(f.recipientName),
        '',
        t.outcome(f),
        ...(f.score === null ? [] : ['', t.score(f.score)]),
        ...(commentText === null ? [] : ['', t.comment, '', commentText]),
        '',
        t.openMail,
        f.link,
      ),
    };
  },
};
