import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSite, signIn } from '../factories';
import { as, createPerson, type Person } from '../factories/coaching';
import { createCourse, grantAccess } from '../factories/courses';
import { testDialects } from '../support/databases';
import { startTestServer, type TestServer } from '../support/server';

const dialects = await testDialects();

describe.each(dialects)('site.php on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  it('get_site answers the name, title, plan and whether registration is open', async () => {
    const site = await createSite(server.db);
    const { httpStatus, body } = await server.call('site.php', 'get_site', {}, { site: site.name });
    expect(httpStatus).toBe(200);
    expect(body).toEqual({
      status: 'OK',
      data: {
        Name: site.name,
        Title: `Site ${site.name}`,
        Plan: 'starter',
        TrialEndsAt: null,
        RegistrationEnabled: true,
        Maintenance: false,
      },
    });
  });

  it('answers RegistrationEnabled false for a site whose registration is off', async () => {
    const site = await createSite(server.db, { registrationEnabled: false });
    const { body } = await server.call('site.php', 'get_site', {}, { site: site.name });
    expect(body.data).toMatchObject({ Name: site.name, RegistrationEnabled: false });
  });

  it("answers the main site (the school's own, on Professional) without a site header; an unknown plan reads as demo", async () => {
    const response = await fetch(`${server.url}/api/backend/site.php`, {
      method: 'POST',
      body: new URLSearchParams({ req: 'get_site', data: '{}' }),
    });
    const body = await response.json();
    expect(body.data).toMatchObject({ Name: 'main', Plan: 'professional', TrialEndsAt: null });

    const site = await createSite(server.db);
    await server.db.updateTable('sites').set({ plan: 'legacy-gold' }).where('id', '=', site.id).execute();
    const odd = await server.call('site.php', 'get_site', {}, { site: site.name });
    expect(odd.body.data.Plan).toBe('demo');
  });

  it('get_site needs no data at all', async () => {
    const site = await createSite(server.db);
    const { body } = await server.callRaw('site.php', 'get_site', undefined, { site: site.name, rawData: '' });
    expect(body.status).toBe('OK');
  });

  describe('maintenance mode', () => {
    /** A site with an administrator, a coach and a student who has access to a course. */
    async function world() {
      const site = await createSite(server.db);
      const admin = await createPerson(server, site, 'admin');
      const coach = await createPerson(server, site, 'coach');
      const student = await createPerson(server, site, 'student');
      const course = await createCourse(server.db, { site, parts: [{ name: 'One' }] });
      await grantAccess(server.db, { site, course, user: student });
      return { site, admin, coach, student, course };
    }
    const switchTo = (person: Person, on: boolean) =>
      server.call('site.php', 'set_maintenance', { Maintenance: on }, as(person));
    const getCourse = (person: Person, courseId: number) =>
      server.call('course.php', 'get_course', { UserId: person.id, CourseId: courseId }, as(person));
    const maintenanceOf = async (site: { name: string }) =>
      (await server.ok('site.php', 'get_site', {}, { site: site.name })).data.Maintenance;

    it('is off by default; an administrator switches it on, and then only administrators are answered', async () => {
      const { site, admin, coach, student, course } = await world();
      expect(await maintenanceOf(site)).toBe(false);
      expect((await getCourse(student, course.id)).httpStatus).toBe(200);

      const on = await switchTo(admin, true);
      expect(on.body).toEqual({ status: 'OK', data: { Maintenance: true } });
      expect(await maintenanceOf(site)).toBe(true);

      // A learner's and a coach's calls are refused with the maintenance code, the administrator's answered.
      for (const person of [student, coach]) {
        const refused = await getCourse(person, course.id);
        expect(refused.httpStatus).toBe(503);
        expect(refused.body).toMatchObject({ status: 'ERROR', error_code: 'MAINTENANCE' });
      }
      const refusedAnonymous = await server.call('news.php', 'get_latest_news', { user_id: null }, { site: site.name });
      expect(refusedAnonymous.body).toMatchObject({ error_code: 'MAINTENANCE' });
      expect((await getCourse(admin, course.id)).httpStatus).toBe(200);

      // What the maintenance page and signing in need stays open to everyone.
      const check = await server.call('auth.php', 'auth_user', { access: {} }, as(student));
      expect(check.body).toMatchObject({ status: 'OK', data: { Id: student.id } });
      const again = await signIn(server, site, student.email, student.password);
      expect(again.body.status).toBe('OK');
      expect((await server.call('login.php', 'sign_out', {}, as(coach))).body.status).toBe('OK');

      // Another site is not in maintenance.
      const other = await world();
      expect((await getCourse(other.student, other.course.id)).httpStatus).toBe(200);

      // Switching it off restores every call at once.
      expect((await switchTo(admin, false)).body).toEqual({ status: 'OK', data: { Maintenance: false } });
      expect(await maintenanceOf(site)).toBe(false);
      expect((await getCourse(student, course.id)).httpStatus).toBe(200);
    });

    it('only an administrator switches it, and bad input changes nothing', async () => {
      const { site, admin, coach, student } = await world();
      for (const person of [student, coach]) {
        const refused = await switchTo(person, true);
        expect(refused.httpStatus).toBe(403);
        expect(refused.body).toMatchObject({ error_code: 'FORBIDDEN' });
      }
      const anonymous = await server.call('site.php', 'set_maintenance', { Maintenance: true }, { site: site.name });
      expect(anonymous.httpStatus).toBe(401);
      for (const bad of [{}, { Maintenance: 'yes' }, { Maintenance: 1 }, { Maintenance: null }]) {
        const refused = await server.callRaw('site.php', 'set_maintenance', bad, as(admin));
        expect(refused.httpStatus, JSON.stringify(bad)).toBe(400);
        expect(refused.body).toMatchObject({ error_code: 'INVALID_REQUEST' });
      }
      expect(await maintenanceOf(site)).toBe(false);

      // In maintenance, a learner's attempt to switch it is still refused for want of the right, not for maintenance.
      await switchTo(admin, true);
      expect((await switchTo(student, false)).body).toMatchObject({ error_code: 'FORBIDDEN' });
      expect(await maintenanceOf(site)).toBe(true);
      await switchTo(admin, false);
    });
  });
});
