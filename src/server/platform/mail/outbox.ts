import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '../config';
import { type Db, now } from '../db';

/** A file a mail carries, as text (a calendar invitation). */
export interface MailAttachment {
  filename: string;
  /** Its MIME type with parameters (`text/calendar; charset=utf-8; method=REQUEST`). */
  contentType: string;
  content: string;
}

export interface OutgoingMail {
  siteId: number;
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
}

export interface Mailer {
  /** Queues a mail in the database (inside the caller's transaction when given one) and wakes the worker. */
  enqueue(mail: OutgoingMail, db?: Db): Promise<void>;
  /** Delivers every mail that is due now; resolves when done. */
  deliverDue(): Promise<void>;
  start(): void;
  stop(): Promise<void>;
}

/** With pauses capped at an hour, 80 attempts keep a mail waiting through about three days of outage. */
const MAX_ATTEMPTS = 80;
const MAX_PAUSE_SECONDS = 3600;
const LEASE_SECONDS = 120;
const POLL_MS = 5_000;
/** 30 s, 1 min, 2 min, 4 min … between attempts, then hourly. */
const backoffSeconds = (attempts: number) => Math.min(MAX_PAUSE_SECONDS, 30 * 2 ** Math.max(0, attempts - 1));
const secondsFromNow = (s: number) => new Date(Date.now() + s * 1000).toISOString();

/**
 * Whether a written mail's link may go to the log: only where NODE_ENV says development or test (`npm run dev`,
 * the test runner). A verification or reset link is a bearer credential, so anywhere else (production sets no
 * NODE_ENV or `production`) the log names the file and never the link.
 */
export const logsMailLinks = (env: NodeJS.ProcessEnv = process.env): boolean =>
  env.NODE_ENV === 'development' || env.NODE_ENV === 'test';

/**
 * The platform's own link of a mail: the last line that is nothing but a link under PUBLIC_URL. The account and
 * message templates put it on a line of its own after everything a user wrote, so neither a name nor a message
 * can pass its own link off as the mail's.
 */
export function platformLink(text: string, publicUrl: string): string | undefined {
  return text
    .split('\n')
    .filter((line) => line.startsWith(`${publicUrl}/`) && !/\s/.test(line))
    .at(-1);
}

/**
 * Mail goes through the `mail_outbox` table: a mail server outage loses nothing, and several server
 * processes share the queue (each mail is leased by one before it is sent). Without `SMTP_URL`, mails are
 * written to `<DATA_DIR>/outbox/*.eml`; in development and tests their link is logged too (`logsMailLinks`).
 */
export function createMailer(
  db: Db,
  config: Config,
  log: FastifyBaseLogger,
  options: { logLinks?: boolean } = {},
): Mailer {
  const logLinks = options.logLinks ?? logsMailLinks();
  const transport = config.smtpUrl
    ? nodemailer.createTransport(config.smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const outboxDir = path.join(config.dataDir, 'outbox');
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = true;

  async function deliver(row: {
    id: number;
    to_address: string;
    subject: string;
    text_body: string;
    html_body: string | null;
    attachments: string | null;
  }) {
    const attachments = row.attachments ? (JSON.parse(row.attachments) as MailAttachment[]) : [];
    const info = await transport.sendMail({
      from: config.mailFrom,
      to: row.to_address,
      subject: row.subject,
      text: row.text_body,
      ...(row.html_body ? { html: row.html_body } : {}),
      // Base64 keeps an attachment's bytes as they are: a calendar file's lines end in CRLF, which the written
      // files' Unix newlines would otherwise change.
      ...(attachments.length > 0
        ? { attachments: attachments.map((a) => ({ ...a, contentTransferEncoding: 'base64' as const })) }
        : {}),
    });
    if (!config.smtpUrl) {
      await fs.mkdir(outboxDir, { recursive: true });
      const file = path.join(outboxDir, `${row.id}.eml`);
      await fs.writeFile(file, (info as { message: Buffer }).message);
      const link = logLinks ? platformLink(row.text_body, config.publicUrl) : undefined;
      log.info(
        { to: row.to_address, file, ...(link ? { link } : {}) },
        `Mail written: ${row.subject}${link ? ` ${link}` : ''}`,
      );
    }
  }

  async function deliverDueOnce(): Promise<void> {
    const due = await db
      .selectFrom('mail_outbox')
      .select(['id', 'to_address', 'subject', 'text_body', 'html_body', 'attachments', 'attempts'])
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', now())
      .orderBy('id')
      .limit(20)
      .execute();
    for (const row of due) {
      const leased = await db
        .updateTable('mail_outbox')
        .set({ next_attempt_at: secondsFromNow(LEASE_SECONDS), attempts: row.attempts + 1, updated_at: now() })
        .where('id', '=', row.id)
        .where('status', '=', 'pending')
        .where('attempts', '=', row.attempts)
        .executeTakeFirst();
      if (Number(leased.numUpdatedRows) !== 1) continue; // another process took it
      try {
        await deliver(row);
        await db
          .updateTable('mail_outbox')
          .set({ status: 'sent', sent_at: now(), last_error: null, updated_at: now() })
          .where('id', '=', row.id)
          .execute();
      } catch (error) {
        const attempts = row.attempts + 1;
        log.warn({ err: error, mailId: row.id, attempts }, 'Mail delivery failed');
        await db
          .updateTable('mail_outbox')
          .set({
            status: attempts >= MAX_ATTEMPTS ? 'failed' : 'pending',
            next_attempt_at: secondsFromNow(backoffSeconds(attempts)),
            last_error: String(error).slice(0, 1000),
            updated_at: now(),
          })
          .where('id', '=', row.id)
          .execute();
      }
    }
  }

  function deliverDue(): Promise<void> {
    running ??= deliverDueOnce()
      .catch((error) => log.error({ err: error }, 'Mail worker failed'))
      .finally(() => {
        running = undefined;
      });
    return running;
  }

  return {
    async enqueue(mail, executor = db) {
      const at = now();
      await executor
        .insertInto('mail_outbox')
        .values({
          site_id: mail.siteId,
          to_address: mail.to,
          subject: mail.subject,
          text_body: mail.text,
          html_body: mail.html ?? null,
          attachments: mail.attachments?.length ? JSON.stringify(mail.attachments) : null,
          status: 'pending',
          attempts: 0,
          next_attempt_at: at,
          last_error: null,
          sent_at: null,
          created_at: at,
          updated_at: at,
        })
        .execute();
      // Deliver after the caller's transaction has had its chance to commit.
      if (!stopped) setImmediate(() => void deliverDue());
    },
    deliverDue,
    start() {
      stopped = false;
      timer = setInterval(() => void deliverDue(), POLL_MS);
      timer.unref();
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
      transport.close();
    },
  };
}
