import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CURRENT_PASSWORD_FAILURES } from '../../src/shared/domain/identity/accounts';
import { createSite, signIn, signInAs } from '../factories';
import { as, createPerson, type Person } from '../factories/coaching';
import { createCourse, grantAccess } from '../factories/courses';
import { nth } from '../support/answers';
import { testDialects } from '../support/databases';
import { linkIn, mailsTo } from '../support/inspect';
import { startTestServer, type TestServer } from '../support/server';

const dialects = await testDialects();

const NEW_PASSWORD = 'a brand new secret';

/** The account calls of a signed-in user: password, address, language, her data and deleting the account. */
describe.each(dialects)('account calls on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  const changePassword = (who: Person, current: string, password = NEW_PASSWORD, repeat = password) =>
    server.call(
      'password.php',
      'change_password',
      { current_password: current, password, password_repeat: repeat },
      as(who),
    );
  const alive = async (token: string, site: { name: string }) =>
    (await server.call('auth.php', 'auth_user', {}, { site: site.name, token })).httpStatus === 200;
  const passwordHashOf = async (id: number) =>
    (await server.db.selectFrom('users').select('password_hash').where('id', '=', id).executeTakeFirstOrThrow())
      .password_hash;

  describe('change_password', () => {
    it('refuses a wrong current password with its own reason and changes nothing', async () => {
      const site = await createSite(server.db);
      const me = await createPerson(server, site);
      const before = await passwordHashOf(me.id);
      const wrong = await changePassword(me, 'not my password');
      expect(wrong.httpStatus).toBe(403);
      expect(wrong.body).toMatchObject({
        status: 'ERROR',
        error_code: 'FORBIDDEN',
        reason: 'CURRENT_PASSWORD',
      });
      expect(await passwordHashOf(me.id)).toBe(before);
      // A wrong current password is not a dead session: she stays signed in.
      expect(await alive(me.token, site)).toBe(true);
    });

    it('refuses two different new passwords and a weak one, before any hash', async () => {
      const site = await createSite(server.db);
      const me = await createPerson(server, site);
      const before = await passwordHashOf(me.id);
      expect((await changePassword(me, me.password, NEW_PASSWORD, 'something else')).body.error_code).toBe(
        'PASSWORDS_DIFFER',
      );
      const weak = await changePassword(me, me.password, 'password123');
      expect(weak.body).toMatchObject({ error_code: 'WEAK_PASSWORD' });
      expect(await passwordHashOf(me.id)).toBe(before);
    });

    it('changes the password and signs out her other sessions, not the one she changed it from', async () => {
      const site = await createSite(server.db);
      const me = await createPerson(server, site);
      const elsewhere = await signInAs(server, site, me);
      const changed = await changePassword(me, me.password);
      expect(changed.body).toEqual({ status: 'OK' });
      expect(await alive(me.token, site)).toBe(true);
      expect(await alive(elsewhere, site)).toBe(false);
      expect((await signIn(server, site, me.email, me.password)).body.error_code).toBe('WRONG_CREDENTIALS');
      expect((await signIn(server, site, me.email, NEW_PASSWORD)).body.status).toBe('OK');
    });

    it('is limited: after the wrong tries of a window even the right password waits', async () => {
      const site = await createSite(server.db);
      const me = await createPerson(server, site);
      for (let i = 0; i < CURRENT_PASSWORD_FAILURES.limit; i++) {
        expect((await changePassword(me, `wrong ${i}`)).body.error_code).toBe('FORBIDDEN');
      }
      const limited = await changePassword(me, me.password);
      expect(limited.httpStatus).toBe(429);
      expect(limited.body).toMatchObject({ error_code: 'TOO_MANY_REQUESTS', retry_after: expect.any(Number) });
      expect((await signIn(server, site, me.email, me.password)).body.status).toBe('OK');
    });
  });

  describe('request_email_change and its link', () => {
    const request = (who: Person, email: string, password = who.password) =>
      server.call('profile.php', 'request_email_change', { email, password }, as(who));
    const codeIn = async (email: string) => {
      const link = linkIn((await mailsTo(server, email)).at(-1)?.text_body ?? '');
      const prefix = `${server.config.publicUrl}/verify-email?code=`;
      expect(link.startsWith(prefix)).toBe(true);
      return link.slice(prefix.length);
    };
    const verify = (site: { name: string }, code: string) =>
      server.call('register.php', 'verify_email', { code }, { site: site.name });

    it('needs her password', async () => {
      const site = await createSite(server.db);
      const me = await createPerson(server, site);
      const wrong = await request(me, 'new-address@example.test', 'not my password');
      expect(wrong.body).toMatchObject({ error_code: 'FORBIDDEN', reason: 'CURRENT_PASSWORD' });
      expect(await mailsTo(server, 'new-address@example.test')).toHaveLength(0);
    });

    it('mails a link to the new address; the address changes only when it is opened, and a second opening says so', async () => {
      const site = await createSite(server.db);
      const me = await createPerson(server, site);
      const newEmail = `moved-${me.id}@example.test`;
      const asked = await request(me, newEmail);
      expect(asked.body).toMatchObject({ status: 'OK', data: { Username: me.email, PendingEmail: newEmail } });
      const [mail] = await mailsTo(server, newEmail);
      expect(mail?.subject).toBe('Confirm your new email address');
      // Not yet: the old address still signs in, the new one does not.
      expect((await signIn(server, site, me.email, me.password)).body.status).toBe('OK');
      expect((await signIn(server, site, newEmail, me.password)).body.error_code).toBe('WRONG_CREDENTIALS');

      const code = await codeIn(newEmail);
      expect((await verify(site, code)).body).toEqual({ status: 'OK', already_verified: false });
      expect((await signIn(server, site, newEmail, me.password)).body.status).toBe('OK');
      expect((await signIn(server, site, me.email, me.password)).body.error_code).toBe('WRONG_CREDENTIALS');
      const profile = await server.call('profile.php', 'get_profile', { UserId: me.id }, as(me));
      expect(profile.body.data).toMatchObject({ Username: newEmail, PendingEmail: null });

      expect((await verify(site, code)).body).toEqual({ status: 'OK', already_verified: true });
    });

    it('a wrong code is refused and changes nothing; a newer request ends the older link', async () => {
      const site = await createSite(server.db);
      const me = await createPerson(server, site);
      await request(me, `first-${me.id}@example.test`);
      const first = await codeIn(`first-${me.id}@example.test`);
      await request(me, `second-${me.id}@example.test`);
      expect((await verify(site, 'A'.repeat(43))).body.error_code).toBe('CODE_NOT_FOUND');
      expect((await verify(site, 'not a code')).body.error_code).toBe('INVALID_CODE');
      // The first link is used up by the second request; her address has not changed, so it is not "verified".
      expect((await verify(site, first)).body).toMatchObject({ status: 'OK', already_verified: true });
      const profile = await server.call('profile.php', 'get_profile', { UserId: me.id }, as(me));
      expect(profile.body.data).toMatchObject({ Username: me.email, PendingEmail: `second-${me.id}@example.test` });
    });

    it('an address another account has gets that account a note, and the caller the same answer', async () => {
      const site = await createSite(server.db);
      const me = await createPerson(server, site);
      const other = await createPerson(server, site);
      const asked = await request(me, other.email);
      expect(asked.body).toMatchObject({ status: 'OK', data: { PendingEmail: other.email } });
      const mails = await mailsTo(server, other.email);
      expect(mails.map((m) => m.subject)).toEqual(['You already have an account']);
    });
  });

  it('a text over its length limit is refused naming the field and its limit', async () => {
    const site = await createSite(server.db);
    const me = await createPerson(server, site);
    const long = await server.call(
      'profile.php',
      'update_profile',
      { UserId: me.id, FirstName: 'x'.repeat(101), LastName: 'Tester', CollectXp: true },
      as(me),
    );
    expect(long.httpStatus).toBe(400);
    expect(long.body.fields).toEqual([expect.objectContaining({ field: 'data.FirstName', max: 100 })]);
  });

  describe('language', () => {
    it('set_language stores her choice, which auth_user and the profile answer', async () => {
      const site = await createSite(server.db);
      const me = await createPerson(server, site);
      expect((await server.call('auth.php', 'auth_user', {}, as(me))).body.data.Language).toBeNull();
      const set = await server.call('profile.php', 'set_language', { Language: 'sv' }, as(me));
      expect(set.body.data.Language).toBe('sv');
      expect((await server.call('auth.php', 'auth_user', {}, as(me))).body.data.Language).toBe('sv');
      const bad = await server.call('profile.php', 'set_language', { Language: 'de' as 'sv' }, as(me));
      expect(bad.httpStatus).toBe(400);
    });

    it('a mailed message is written in the language of its recipient, not of its sender', async () => {
      const site = await createSite(server.db);
      const admin = await createPerson(server, site, 'admin');
      const swede = await createPerson(server, site, 'student', { language: 'sv', firstName: 'Sven' });
      const english = await createPerson(server, site, 'student', { firstName: 'Emma' });
      const send = (to: Person, headers: Record<string, string>) =>
        server.call(
          'messages.php',
          'submit_message',
          { FromUserId: admin.id, UserId: to.id, SendAsNotification: true, SendAsEmail: true, Message: '<p>Hello</p>' },
          { ...as(admin), headers },
        );
      expect((await send(swede, { 'Accept-Language': 'en' })).body.status).toBe('OK');
      expect((await send(english, { 'Accept-Language': 'sv' })).body.status).toBe('OK');
      expect(nth(await mailsTo(server, swede.email)).text_body).toMatch(/^Hej Sven!/);
      // No language chosen: the site's default, English.
      expect(nth(await mailsTo(server, english.email)).text_body).toMatch(/^Hi Emma,/);
    });
  });

  describe('export_data', () => {
    it('answers everything stored about her and nothing of others', async () => {
      const site = await createSite(server.db);
      const course = await createCourse(server.db, { site, progressEvent: 2, xpPerReward: 5, achievements: [5] });
      const me = await createPerson(server, site, 'student', { firstName: 'Ida' });
      const coach = await createPerson(server, site, 'coach');
      await grantAccess(server.db, { site, course, user: me });
      const played = await server.call(
        'course_progress.php',
        'updateCourseProgressVideoPlay',
        { UserId: me.id, CourseId: course.id, CoursePartId: nth(course.partIds) },
        as(me),
      );
      expect(played.body.status).toBe('OK');
      const message = (from: Person, to: Person, text: string) =>
        server.call('messages.php', 'submit_message', { FromUserId: from.id, UserId: to.id, Message: text }, as(from));
      await message(me, coach, '<p>A question</p>');
      await message(coach, me, '<p>An answer</p>');
      const stranger = await createPerson(server, site);
      await message(stranger, coach, '<p>Not hers</p>');

      const exported = await server.call('profile.php', 'export_data', {}, as(me));
      expect(exported.httpStatus).toBe(200);
      const data = exported.body.data;
      expect(data.Profile).toMatchObject({ Id: me.id, Email: me.email, FirstName: 'Ida', TotalXp: 5 });
      expect(JSON.stringify(data)).not.toContain('scrypt$');
      expect(data.CourseAccess).toEqual([expect.objectContaining({ CourseId: course.id, CourseName: course.name })]);
      expect(data.CourseProgress).toEqual([expect.objectContaining({ CourseId: course.id, ProgressPercent: 100 })]);
      expect(data.XpAwards).toEqual([expect.objectContaining({ CourseId: course.id, Xp: 5 })]);
      expect(data.Achievements).toEqual([expect.objectContaining({ CourseId: course.id, RequiredXp: 5 })]);
      expect(data.Certificates).toEqual([expect.objectContaining({ CourseId: course.id })]);
      expect(data.Messages.map((m: { Message: string; Sent: boolean }) => [m.Message, m.Sent])).toEqual([
        ['<p>A question</p>', true],
        ['<p>An answer</p>', false],
      ]);
    });
  });

  describe('delete_account', () => {
    const remove = (who: Person, password = who.password) =>
      server.call('profile.php', 'delete_account', { password }, as(who));
    const exists = async (id: number) =>
      (await server.db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;

    it('needs her password, and a wrong one deletes nothing', async () => {
      const site = await createSite(server.db);
      const me = await createPerson(server, site);
      const wrong = await remove(me, 'not my password');
      expect(wrong.body).toMatchObject({ error_code: 'FORBIDDEN', reason: 'CURRENT_PASSWORD' });
      expect(await exists(me.id)).toBe(true);
      expect(await alive(me.token, site)).toBe(true);
    });

    it('removes her account and data, signs her out everywhere, and keeps the site its page texts', async () => {
      const site = await createSite(server.db);
      const course = await createCourse(server.db, { site, progressEvent: 2 });
      const coach = await createPerson(server, site, 'coach');
      const me = await createPerson(server, site, 'admin');
      await createPerson(server, site, 'admin');
      const elsewhere = await signInAs(server, site, me);
      await grantAccess(server.db, { site, course, user: me });
      await server.call(
        'messages.php',
        'submit_message',
        { FromUserId: coach.id, UserId: me.id, Message: '<p>Hi</p>' },
        as(coach),
      );
      const saved = await server.call(
        'content/save_content.php',
        undefined,
        { TheKey: 'home.intro', content: '<p>Welcome</p>', Locale: 'en' },
        as(me),
      );
      expect(saved.body.status).toBe('OK');

      expect((await remove(me)).body).toEqual({ status: 'OK' });
      expect(await exists(me.id)).toBe(false);
      expect(await alive(me.token, site)).toBe(false);
      expect(await alive(elsewhere, site)).toBe(false);
      expect((await signIn(server, site, me.email, me.password)).body.error_code).toBe('WRONG_CREDENTIALS');
      const left = async (table: 'course_access' | 'sessions' | 'one_time_codes') =>
        (await server.db.selectFrom(table).select('id').where('user_id', '=', me.id).execute()).length;
      expect(await left('course_access')).toBe(0);
      expect(await left('sessions')).toBe(0);
      const messages = await server.db
        .selectFrom('messages')
        .select('id')
        .where((eb) => eb.or([eb('to_user_id', '=', me.id), eb('from_user_id', '=', me.id)]))
        .execute();
      expect(messages).toHaveLength(0);
      const revisions = await server.db
        .selectFrom('content_revisions')
        .select(['user_id', 'content'])
        .where('site_id', '=', site.id)
        .execute();
      expect(revisions).toEqual([{ user_id: null, content: '<p>Welcome</p>' }]);
    });

    it('the last administrator of a site cannot delete herself', async () => {
      const site = await createSite(server.db);
      const admin = await createPerson(server, site, 'admin');
      await createPerson(server, site, 'coach');
      const refused = await remove(admin);
      expect(refused.httpStatus).toBe(409);
      expect(refused.body).toMatchObject({ error_code: 'INVALID_STATE', reason: 'LAST_ADMIN' });
      expect(await exists(admin.id)).toBe(true);
    });
  });
});
