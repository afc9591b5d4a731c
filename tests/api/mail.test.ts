import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { accountMails } from '../../src/server/modules/identity/mails';
import { createMailer, logsMailLinks, platformLink } from '../../src/server/platform/mail/outbox';
import { MESSAGE_MAILS_PER_STUDENT } from '../../src/shared/domain/identity/accounts';
import { createSite, createUser } from '../factories';
import { addCoach, as, createPerson } from '../factories/coaching';
import { createCourse, grantAccess } from '../factories/courses';
import { testDialects } from '../support/databases';
import { linkIn, mailsTo } from '../support/inspect';
import { startTestServer, type TestServer } from '../support/server';
import { bodyText, header, startSmtp, type TestSmtp } from '../support/smtp';

const dialects = await testDialects();

describe.each(dialects)('mail delivery on %s', (dialect) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function smtpOn(port = 0): Promise<TestSmtp> {
    const smtp = await startSmtp(port);
    cleanups.push(() => smtp.close());
    return smtp;
  }

  async function serverWith(env: Record<string, string> = {}): Promise<TestServer> {
    const server = await startTestServer(dialect, env);
    cleanups.push(() => server.close());
    return server;
  }

  /** A user who asked for a password reset; answers the queued mail's link. */
  async function requestReset(server: TestServer) {
    const site = await createSite(server.db);
    const user = await createUser(server.db, { site });
    const { body } = await server.call('password.php', 'request_reset', { email: user.email }, { site: site.name });
    expect(body.status).toBe('OK');
    const [queued] = await mailsTo(server, user.email);
    expect(queued?.status).toBe('pending');
    return { user, link: linkIn(queued?.text_body ?? '') };
  }

  it('delivers a queued mail over SMTP and marks it sent', async () => {
    const smtp = await smtpOn();
    const server = await serverWith({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
    const { user, link } = await requestReset(server);
    expect(link).toMatch(/\/password-recovery\/[A-Za-z0-9_-]{43}$/);

    await server.mailer.deliverDue();

    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail?.to).toEqual([user.email]);
    expect(header(mail?.raw ?? '', 'subject')).toBe('Reset your password');
    expect(header(mail?.raw ?? '', 'to')).toContain(user.email);
    expect(bodyText(mail?.raw ?? '')).toContain(link);

    const [row] = await mailsTo(server, user.email);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, last_error: null });
    expect(row?.sent_at).not.toBeNull();

    // A sent mail is not sent again.
    await server.mailer.deliverDue();
    expect(smtp.received).toHaveLength(1);
  });

  it('keeps a mail through an SMTP outage and delivers it once the server is back and the mail is due', async () => {
    // A port that was free a moment ago, with nothing listening on it now.
    const probe = await startSmtp();
    const port = probe.port;
    await probe.close();
    const server = await serverWith({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    const { user, link } = await requestReset(server);

    const before = Date.now();
    await server.mailer.deliverDue();
    const [failed] = await mailsTo(server, user.email);
    expect(failed).toMatchObject({ status: 'pending', attempts: 1, sent_at: null });
    expect(failed?.last_error).toBeTruthy();
    expect(Date.parse(failed?.next_attempt_at ?? '')).toBeGreaterThan(before + 10_000);

    const smtp = await smtpOn(port);
    // Not due yet: the back-off holds.
    await server.mailer.deliverDue();
    expect(smtp.received).toHaveLength(0);

    await server.db
      .updateTable('mail_outbox')
      .set({ next_attempt_at: new Date().toISOString() })
      .where('id', '=', failed?.id ?? 0)
      .execute();
    await server.mailer.deliverDue();
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]?.to).toEqual([user.email]);
    expect(bodyText(smtp.received[0]?.raw ?? '')).toContain(link);
    const [sent] = await mailsTo(server, user.email);
    expect(sent).toMatchObject({ status: 'sent', attempts: 2, last_error: null });
  });

  it('without SMTP_URL writes the mail to <DATA_DIR>/outbox as an .eml file', async () => {
    const server = await serverWith();
    expect(server.config.smtpUrl).toBeUndefined();
    const { user, link } = await requestReset(server);

    await server.mailer.deliverDue();

    const [row] = await mailsTo(server, user.email);
    expect(row?.status).toBe('sent');
    const file = path.join(server.config.dataDir, 'outbox', `${row?.id}.eml`);
    expect(fs.existsSync(file)).toBe(true);
    const raw = fs.readFileSync(file, 'utf8').replace(/\r?\n/g, '\r\n');
    expect(header(raw, 'to')).toContain(user.email);
    expect(header(raw, 'subject')).toBe('Reset your password');
    expect(bodyText(raw)).toContain(link);
  });

  /** A logger that keeps every line it is given, as JSON. */
  function capturingLogger() {
    const lines: string[] = [];
    const keep = (...args: unknown[]) => {
      lines.push(JSON.stringify(args));
    };
    const logger = { info: keep, warn: keep, error: keep, debug: keep, trace: keep, fatal: keep, child: () => logger };
    return { lines, log: logger as unknown as FastifyBaseLogger };
  }

  it('logs a written mail without its link outside development and tests, and only the platform link inside', async () => {
    const server = await serverWith();
    const site = await createSite(server.db);
    const link = `${server.config.publicUrl}/verify-email?code=${'a'.repeat(43)}`;
    const lure = 'http://evil.example/login';
    const mail = accountMails.verify('en', `Greta ${lure}`, link);

    const production = capturingLogger();
    const quiet = createMailer(server.db, server.config, production.log, { logLinks: false });
    await quiet.enqueue({ siteId: site.id, to: 'greta@example.test', ...mail });
    await quiet.deliverDue();
    expect(production.lines.join('\n')).toContain('Mail written: Confirm your email address');
    expect(production.lines.join('\n')).not.toContain('verify-email');
    expect(production.lines.join('\n')).not.toContain(lure);

    const development = capturingLogger();
    const talkative = createMailer(server.db, server.config, development.log, { logLinks: true });
    await talkative.enqueue({ siteId: site.id, to: 'greta@example.test', ...mail });
    await talkative.deliverDue();
    expect(development.lines.join('\n')).toContain(link);
    expect(development.lines.join('\n')).not.toContain(lure);
    await Promise.all([quiet.stop(), talkative.stop()]);

    expect(platformLink(mail.text, server.config.publicUrl)).toBe(link);
    expect(logsMailLinks({ NODE_ENV: 'production' })).toBe(false);
    expect(logsMailLinks({})).toBe(false);
    expect(logsMailLinks({ NODE_ENV: 'development' })).toBe(true);
    expect(logsMailLinks({ NODE_ENV: 'test' })).toBe(true);
  });

  it('a student mails messages to staff up to a limit per hour; past it the send is refused and stores nothing', async () => {
    const server = await serverWith();
    const site = await createSite(server.db);
    const course = await createCourse(server.db, { site, parts: [{}] });
    const coach = await createPerson(server, site, 'coach');
    const student = await createPerson(server, site, 'student');
    await addCoach(server.db, { site, course, user: coach });
    await grantAccess(server.db, { site, course, user: student });
    const send = (n: number) =>
      server.call(
        'messages.php',
        'submit_message',
        { FromUserId: student.id, UserId: coach.id, Message: `<p>Question ${n}</p>`, SendAsEmail: true },
        as(student),
      );
    for (let n = 1; n <= MESSAGE_MAILS_PER_STUDENT.limit; n++) expect((await send(n)).body.status).toBe('OK');
    expect(await mailsTo(server, coach.email)).toHaveLength(MESSAGE_MAILS_PER_STUDENT.limit);

    const messagesBefore = await server.db.selectFrom('messages').select('id').where('site_id', '=', site.id).execute();
    const refused = await send(MESSAGE_MAILS_PER_STUDENT.limit + 1);
    expect(refused.httpStatus).toBe(429);
    expect(refused.body.error_code).toBe('TOO_MANY_REQUESTS');
    expect(refused.body.retry_after).toBeGreaterThan(0);
    expect(await mailsTo(server, coach.email)).toHaveLength(MESSAGE_MAILS_PER_STUDENT.limit);
    const messagesAfter = await server.db.selectFrom('messages').select('id').where('site_id', '=', site.id).execute();
    expect(messagesAfter).toHaveLength(messagesBefore.length);

    // Without mail, the message goes through.
    const plain = await server.call(
      'messages.php',
      'submit_message',
      { FromUserId: student.id, UserId: coach.id, Message: '<p>No mail this time</p>' },
      as(student),
    );
    expect(plain.body.status).toBe('OK');
  });
});
