import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SEARCH_SORTED_MAX,
  type UserFilters,
  userPageQuery,
  walksSortIndex,
} from '../../src/server/modules/administration/queries/users';
import { userValues } from '../../src/server/seed/factories';
import { USER_COUNT_CAP, type UserListSortKey } from '../../src/shared/domain/administration/users';
import { MAX_LOGIN_ATTEMPTS, MAX_TEMPORARY_LOCKS } from '../../src/shared/domain/identity/accounts';
import { createCompany, createSite, createUser, signIn } from '../factories';
import { as, createPerson, type Person } from '../factories/coaching';
import { createCourse, grantAccess } from '../factories/courses';
import type { DataOf } from '../support/api';
import { testDialects } from '../support/databases';
import { startTestServer, type TestServer } from '../support/server';

const dialects = await testDialects();

type ListData = DataOf<'users.php', 'get_users'>;

describe.each(dialects)('users.php on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  const list = (who: Person, data: ListData = {}) => server.call('users.php', 'get_users', data, as(who));
  /** The listed users' emails, in the order of the answer. */
  const emails = async (who: Person, data: ListData = {}) => {
    const answer = await list(who, data);
    expect(answer.body.status).toBe('OK');
    return answer.body.data.map((user) => user.Email);
  };

  async function school() {
    const site = await createSite(server.db);
    const admin = await createPerson(server, site, 'admin', {
      firstName: 'Ada',
      lastName: 'Admin',
      email: `ada-${site.id}@school.test`,
    });
    return { site, admin };
  }

  const student = (site: { id: number }, firstName: string, lastName: string, email: string, extra = {}) =>
    createUser(server.db, { site, role: 'student', firstName, lastName, email, ...extra });

  it('refuses the signed out and students, answers coaches and administrators', async () => {
    const { site, admin } = await school();
    const learner = await createPerson(server, site, 'student', { email: `learner-${site.id}@school.test` });
    const coach = await createPerson(server, site, 'coach', { email: `coach-${site.id}@school.test` });
    const lowCoach = await createPerson(server, site, 'coach', {
      privilegies: 50,
      email: `low-${site.id}@school.test`,
    });

    const anonymous = await server.call('users.php', 'get_users', {}, { site: site.name });
    expect(anonymous.httpStatus).toBe(401);
    expect(anonymous.body.error_code).toBe('UNAUTHORIZED');
    for (const refused of [learner, lowCoach]) {
      const answer = await list(refused);
      expect(answer.httpStatus).toBe(403);
      expect(answer.body.error_code).toBe('FORBIDDEN');
      const companies = await server.call('users.php', 'get_companies', {}, as(refused));
      expect(companies.body.error_code).toBe('FORBIDDEN');
    }

    for (const staff of [coach, admin]) {
      const answer = await list(staff, { Sort: 'email' });
      expect(answer.httpStatus).toBe(200);
      expect(answer.body.pagination).toEqual({ page: 1, total_pages: 1, total: 4, more: false });
      expect(answer.body.data.map((user) => user.Email)).toEqual([
        admin.email,
        coach.email,
        learner.email,
        lowCoach.email,
      ]);
    }
    const row = (await list(coach, { Search: 'learner' })).body.data[0];
    expect(row).toEqual({
      Id: learner.id,
      FirstName: 'Student',
      LastName: 'Tester',
      Email: learner.email,
      UserType: 1,
      Privilegies: 0,
      CompanyId: null,
      CompanyName: null,
      Verified: true,
      Locked: false,
      CreatedAt: expect.any(String),
      LastSeenAt: null,
    });
  });

  it('searches first names, last names, "first last" and addresses, in any case, as a part', async () => {
    const { site, admin } = await school();
    const anna = await student(site, 'Anna', 'Lindqvist', 'anna.l@school.test');
    const hanna = await student(site, 'Hanna', 'Berg', 'hb@mail.test');
    const bo = await student(site, 'Bo', 'Annersten', 'bo@school.test');
    await student(site, 'Carl', 'Dahl', 'carl@mail.test');

    expect(await emails(admin, { Search: 'anna' })).toEqual([anna.email, hanna.email]);
    expect(await emails(admin, { Search: 'ANN' })).toEqual([anna.email, bo.email, hanna.email]);
    expect(await emails(admin, { Search: 'lindq' })).toEqual([anna.email]);
    expect(await emails(admin, { Search: 'Anna Lind' })).toEqual([anna.email]);
    expect(await emails(admin, { Search: 'nna berg' })).toEqual([hanna.email]);
    const carl = 'carl@mail.test';
    expect(await emails(admin, { Search: '@MAIL.test' })).toEqual([carl, hanna.email]);
    expect(await emails(admin, { Search: '  bo@school  ' })).toEqual([bo.email]);
    expect(await emails(admin, { Search: 'nobody' })).toEqual([]);
  });

  it('matches letters beyond ASCII in any case', async () => {
    const { site, admin } = await school();
    const asa = await student(site, 'Åsa', 'Öberg', 'asa@school.test');
    await student(site, 'Osa', 'Oberg', 'osa@school.test');

    expect(await emails(admin, { Search: 'åsa' })).toEqual([asa.email]);
    expect(await emails(admin, { Search: 'ÅSA ÖB' })).toEqual([asa.email]);
    expect(await emails(admin, { Search: 'öberg' })).toEqual([asa.email]);
  });

  it('matches % and _ as themselves, not as wildcards', async () => {
    const { site, admin } = await school();
    const percent = await student(site, 'Per', '100%', 'per@school.test');
    const underscore = await student(site, 'Ulla', 'Under', 'ulla_u@school.test');
    const backslash = await student(site, 'Back', 'Sla\\sh', 'back@school.test');
    await student(site, 'Plain', 'Person', 'plain.u@school.test');

    expect(await emails(admin, { Search: '%' })).toEqual([percent.email]);
    expect(await emails(admin, { Search: '0%' })).toEqual([percent.email]);
    expect(await emails(admin, { Search: '_' })).toEqual([underscore.email]);
    expect(await emails(admin, { Search: 'a_u' })).toEqual([underscore.email]);
    expect(await emails(admin, { Search: '\\' })).toEqual([backslash.email]);
    expect(await emails(admin, { Search: 'n_n' })).toEqual([]);
  });

  it('finds through the search index (3 letters and more) what a comparison of every user finds', async () => {
    const { site, admin } = await school();
    const other = await createSite(server.db);
    const maria = await student(site, 'Mariana', 'Stensson', 'm.stens@northwind.test');
    const asa = await student(site, 'Åsa-Lena', 'Öström', 'asa.ostrom@school.test');
    const literal = await student(site, 'Per', 'Cent', 'per_100%x@school.test');
    await student(site, 'Perry', 'Centaur', 'perAB100yx@school.test');
    await student(other, 'Mariana', 'Stensson', 'm.stens@northwind.test');

    expect(await emails(admin, { Search: 'rian' })).toEqual([maria.email]);
    expect(await emails(admin, { Search: 'ana ste' })).toEqual([maria.email]);
    expect(await emails(admin, { Search: 'ANA STENSSON' })).toEqual([maria.email]);
    expect(await emails(admin, { Search: 'a s' })).toEqual([maria.email]);
    expect(await emails(admin, { Search: 'ns@northW' })).toEqual([maria.email]);
    expect(await emails(admin, { Search: 'ÅSA-LENA ÖS' })).toEqual([asa.email]);
    expect(await emails(admin, { Search: 'öström' })).toEqual([asa.email]);
    expect(await emails(admin, { Search: 'r_1' })).toEqual([literal.email]);
    expect(await emails(admin, { Search: '00%x' })).toEqual([literal.email]);
    expect(await emails(admin, { Search: 'r%1' })).toEqual([]);
    expect(await emails(admin, { Search: '"ste' })).toEqual([]);

    await server.db
      .updateTable('users')
      .set({ first_name: 'Rosa', last_name: 'Lund' })
      .where('id', '=', maria.id)
      .execute();
    expect(await emails(admin, { Search: 'rian' })).toEqual([]);
    expect(await emails(admin, { Search: 'rosa lu' })).toEqual([maria.email]);
    await server.db.updateTable('users').set({ email: 'rosa@lund.test' }).where('id', '=', maria.id).execute();
    expect(await emails(admin, { Search: 'northwind' })).toEqual([]);
    expect(await emails(admin, { Search: 'a@lund' })).toEqual(['rosa@lund.test']);
    await server.db.deleteFrom('users').where('id', '=', asa.id).execute();
    expect(await emails(admin, { Search: 'östr' })).toEqual([]);
    const list = await server.call('users.php', 'get_users', { Search: 'ste' }, as(admin));
    expect(list.body.pagination?.total).toBe(0);
  });

  it('filters by type, company, course and status', async () => {
    const { site, admin } = await school();
    const acme = await createCompany(server.db, { site, name: 'Acme' });
    const globex = await createCompany(server.db, { site, name: 'Globex' });
    const coach = await createUser(server.db, { site, role: 'coach', firstName: 'Cora', email: 'cora@school.test' });
    const one = await student(site, 'One', 'Learner', 'one@school.test', { companyId: acme.id });
    const two = await student(site, 'Two', 'Learner', 'two@school.test', { companyId: globex.id });
    const fresh = await student(site, 'Three', 'Learner', 'three@school.test', { verified: false });
    const mixing = await createCourse(server.db, { site, name: 'Mixing' });
    const mastering = await createCourse(server.db, { site, name: 'Mastering' });
    await grantAccess(server.db, { site, course: mixing, user: one });
    await grantAccess(server.db, { site, course: mixing, user: coach });
    // Expired access still names her a learner of the course.
    await grantAccess(server.db, { site, course: mastering, user: two, expiresAt: new Date(Date.now() - 60_000) });

    expect(await emails(admin, { UserType: 1 })).toEqual([one.email, fresh.email, two.email]);
    expect(await emails(admin, { UserType: 8 })).toEqual([coach.email]);
    expect(await emails(admin, { UserType: 0, Search: 'learner' })).toHaveLength(3);
    expect(await emails(admin, { CompanyId: acme.id })).toEqual([one.email]);
    expect(await emails(admin, { CompanyId: globex.id })).toEqual([two.email]);
    expect(await emails(admin, { CourseId: mixing.id })).toEqual([coach.email, one.email]);
    expect(await emails(admin, { CourseId: mastering.id })).toEqual([two.email]);
    expect(await emails(admin, { CourseId: mixing.id, UserType: 1 })).toEqual([one.email]);
    expect(await emails(admin, { Status: 'not_verified' })).toEqual([fresh.email]);
    expect(await emails(admin, { Status: 'active', UserType: 1 })).toEqual([one.email, two.email]);
    expect(await emails(admin, { Status: 'locked' })).toEqual([]);

    const row = (await list(admin, { Search: 'two@' })).body.data[0];
    expect(row).toMatchObject({ CompanyId: globex.id, CompanyName: 'Globex', Verified: true, Locked: false });
    expect((await list(admin, { Search: 'three@' })).body.data[0]).toMatchObject({ Verified: false, Locked: false });

    const companies = await server.call('users.php', 'get_companies', {}, as(admin));
    expect(companies.body.data).toEqual([
      { Id: acme.id, Name: 'Acme' },
      { Id: globex.id, Name: 'Globex' },
    ]);
  });

  it('lists as locked a user whose sign-in is locked until she resets her password, not one locked for minutes', async () => {
    const { site, admin } = await school();
    const locked = await student(site, 'Lisa', 'Locked', 'lisa@school.test');
    const briefly = await student(site, 'Tim', 'Temporary', 'tim@school.test');
    const fine = await student(site, 'Fia', 'Fine', 'fia@school.test');
    const wrongTimes = async (email: string, times: number) => {
      for (let attempt = 0; attempt < times; attempt++) await signIn(server, site, email, 'not the password');
    };
    for (let lock = 1; lock <= MAX_TEMPORARY_LOCKS; lock++) {
      // Each temporary lock runs out before the next round of guesses.
      await server.db
        .updateTable('sign_in_attempts')
        .set({ locked_until: new Date(Date.now() - 1000).toISOString() })
        .where('email', '=', locked.email)
        .execute();
      await wrongTimes(locked.email, MAX_LOGIN_ATTEMPTS);
    }
    await wrongTimes(briefly.email, MAX_LOGIN_ATTEMPTS);
    await server.db
      .updateTable('sign_in_attempts')
      .set({ locked_until: new Date(Date.now() - 1000).toISOString() })
      .where('email', '=', locked.email)
      .execute();
    expect((await signIn(server, site, locked.email, locked.password)).body.error_code).toBe('ACCOUNT_LOCKED');
    expect((await signIn(server, site, briefly.email, briefly.password)).body.error_code).toBe('TEMPORARILY_LOCKED');

    expect(await emails(admin, { Status: 'locked' })).toEqual([locked.email]);
    expect(await emails(admin, { Status: 'active', UserType: 1 })).toEqual([fine.email, briefly.email]);
    // The total counts them alike (the active are counted as the unlocked less the addresses locked until a reset).
    expect((await list(admin, { Status: 'active', UserType: 1 })).body.pagination.total).toBe(2);
    const rows = (await list(admin, { UserType: 1 })).body.data;
    expect(rows.map((row) => [row.Email, row.Locked])).toEqual([
      [fine.email, false],
      [locked.email, true],
      [briefly.email, false],
    ]);

    // A locked user whose address is not verified is both.
    const both = await student(site, 'Nils', 'Neither', 'nils@school.test', { verified: false });
    for (let lock = 1; lock <= MAX_TEMPORARY_LOCKS; lock++) {
      await server.db
        .updateTable('sign_in_attempts')
        .set({ locked_until: new Date(Date.now() - 1000).toISOString() })
        .where('email', '=', both.email)
        .execute();
      await wrongTimes(both.email, MAX_LOGIN_ATTEMPTS);
    }
    expect(await emails(admin, { Status: 'locked' })).toEqual([locked.email, both.email]);
    expect(await emails(admin, { Status: 'not_verified' })).toEqual([both.email]);
    expect(await emails(admin, { Status: 'active', UserType: 1 })).toEqual([fine.email, briefly.email]);
    expect((await list(admin, { Status: 'active' })).body.pagination.total).toBe(
      (await list(admin, { Status: 'active' })).body.data.length,
    );
  });

  it('pages: the total, the number of pages, and an empty page past the end', async () => {
    const { site, admin } = await school();
    const names = ['Alva', 'Berit', 'Cecilia', 'Doris', 'Eva', 'Frida', 'Greta'];
    const created = [];
    for (const name of names) created.push(await student(site, name, 'Pager', `${name.toLowerCase()}@school.test`));
    const all = created.map((user) => user.email);

    const first = await list(admin, { UserType: 1, Limit: 3 });
    expect(first.body.pagination).toEqual({ page: 1, total_pages: 3, total: 7, more: false });
    expect(first.body.data.map((user) => user.Email)).toEqual(all.slice(0, 3));
    const second = await list(admin, { UserType: 1, Limit: 3, Page: 2 });
    expect(second.body.pagination).toEqual({ page: 2, total_pages: 3, total: 7, more: false });
    expect(second.body.data.map((user) => user.Email)).toEqual(all.slice(3, 6));
    expect(await emails(admin, { UserType: 1, Limit: 3, Page: 3 })).toEqual(all.slice(6));
    const past = await list(admin, { UserType: 1, Limit: 3, Page: 4 });
    expect(past.httpStatus).toBe(200);
    expect(past.body).toEqual({
      status: 'OK',
      data: [],
      pagination: { page: 4, total_pages: 3, total: 7, more: false },
    });
    // 25 by default: everyone here, the administrator first.
    const whole = await list(admin);
    expect(whole.body.pagination).toEqual({ page: 1, total_pages: 1, total: 8, more: false });
    expect(whole.body.data.map((user) => user.Email)).toEqual([admin.email, ...all]);
    const none = await list(admin, { Search: 'nobody at all' });
    expect(none.body.pagination).toEqual({ page: 1, total_pages: 0, total: 0, more: false });
  });

  it('counts up to 10,000 and says there are more: a page of a big site costs the same whatever its size', async () => {
    const { site, admin } = await school();
    const users = Array.from({ length: USER_COUNT_CAP }, (_, i) =>
      userValues({ site, passwordHash: 'x', email: `many${i}@big.test`, firstName: `Many${i}`, lastName: 'Big' }),
    );
    for (let i = 0; i < users.length; i += 1000) {
      await server.db
        .insertInto('users')
        .values(users.slice(i, i + 1000))
        .execute();
    }
    const all = await list(admin, { Limit: 100 });
    expect(all.body.pagination).toEqual({ page: 1, total_pages: 100, total: USER_COUNT_CAP, more: true });
    expect(all.body.data).toHaveLength(100);
    // The newest first, as the index of their creation gives them.
    const newest = await list(admin, { Sort: 'created', Desc: true });
    expect(newest.body.pagination.more).toBe(true);
    expect(newest.body.data.map((user) => user.Email).slice(0, 2)).toEqual([
      `many${USER_COUNT_CAP - 1}@big.test`,
      `many${USER_COUNT_CAP - 2}@big.test`,
    ]);
    // Exactly the cap is counted as it is.
    const students = await list(admin, { UserType: 1 });
    expect(students.body.pagination).toEqual({ page: 1, total_pages: 400, total: USER_COUNT_CAP, more: false });
    const few = await list(admin, { Search: 'many12' });
    expect(few.body.pagination).toEqual({ page: 1, total_pages: 5, total: 111, more: false });
  });

  it('sorts by each column both ways, equal rows in the order of their ids', async () => {
    const { site, admin } = await school();
    const db = server.db;
    const at = (day: number) => new Date(Date.UTC(2026, 0, day, 12)).toISOString();
    const coach = await createUser(db, { site, role: 'coach', firstName: 'Bea', lastName: 'Zeta', email: 'x@s.test' });
    const c = await student(site, 'carl', 'Alm', 'a@s.test');
    const d = await student(site, 'Bea', 'Alm', 'z@s.test');
    const e = await student(site, 'Bea', 'Alm', 'm@s.test');
    const times: [number, number, number | null][] = [
      [coach.id, 3, 5],
      [c.id, 1, null],
      [d.id, 2, 9],
      [e.id, 2, 7],
    ];
    for (const [id, created, seen] of times) {
      await db
        .updateTable('users')
        .set({ created_at: at(created), last_seen_at: seen === null ? null : at(seen) })
        .where('id', '=', id)
        .execute();
    }
    const ids = async (Sort: ListData['Sort'], Desc: boolean) =>
      (await list(admin, { Search: 's.test', Sort, Desc })).body.data.map((user) => user.Id);

    // Name: first, then last, ignoring case; then the id.
    expect(await ids('name', false)).toEqual([d.id, e.id, coach.id, c.id]);
    expect(await ids('name', true)).toEqual([c.id, coach.id, e.id, d.id]);
    expect(await ids(undefined, false)).toEqual([d.id, e.id, coach.id, c.id]);
    expect(await ids('email', false)).toEqual([c.id, e.id, coach.id, d.id]);
    expect(await ids('email', true)).toEqual([d.id, coach.id, e.id, c.id]);
    expect(await ids('created', false)).toEqual([c.id, d.id, e.id, coach.id]);
    expect(await ids('created', true)).toEqual([coach.id, e.id, d.id, c.id]);
    // Type: students (1) before coaches (8), by name within a type.
    expect(await ids('type', false)).toEqual([d.id, e.id, c.id, coach.id]);
    expect(await ids('type', true)).toEqual([coach.id, c.id, e.id, d.id]);
    // Never seen is longest ago.
    expect(await ids('last_seen', false)).toEqual([c.id, coach.id, e.id, d.id]);
    expect(await ids('last_seen', true)).toEqual([d.id, e.id, coach.id, c.id]);

    const row = (await list(admin, { Search: 'z@s.test' })).body.data[0];
    expect(row).toMatchObject({ CreatedAt: at(2), LastSeenAt: at(9) });
  });

  it("never shows another site's users, whatever the filters", async () => {
    const { site, admin } = await school();
    const other = await createSite(server.db);
    const theirs = await createCompany(server.db, { site: other, name: 'Theirs' });
    await createCompany(server.db, { site: other, name: 'Also theirs' });
    const ours = await createCompany(server.db, { site, name: 'Ours' });
    const theirCourse = await createCourse(server.db, { site: other, name: 'Their course' });
    const outsider = await student(other, 'Olle', 'Outsider', 'olle@school.test', { companyId: theirs.id });
    await grantAccess(server.db, { site: other, course: theirCourse, user: outsider });
    const insider = await student(site, 'Olle', 'Insider', 'olle@school.test', { companyId: ours.id });

    expect(await emails(admin, { Search: 'olle' })).toEqual([insider.email]);
    expect((await list(admin, { Search: 'olle' })).body.data[0]?.Id).toBe(insider.id);
    expect(await emails(admin, { CompanyId: theirs.id })).toEqual([]);
    expect(await emails(admin, { CourseId: theirCourse.id })).toEqual([]);
    expect((await list(admin)).body.pagination.total).toBe(2);
    const companies = await server.call('users.php', 'get_companies', {}, as(admin));
    expect(companies.body.data).toEqual([{ Id: ours.id, Name: 'Ours' }]);
  });

  it('refuses bad input with the validation error, changing nothing', async () => {
    const { admin } = await school();
    const bad: Record<string, unknown>[] = [
      { Limit: 1000 },
      { Limit: 0 },
      { Page: 0 },
      { Page: -1 },
      { Page: 1.5 },
      { Sort: 'x' },
      { Sort: 'password_hash' },
      { Status: 'deleted' },
      { Search: 'a'.repeat(101) },
      { Search: 42 },
      { UserType: -1 },
      { CompanyId: 'one' },
      { Desc: 'yes' },
    ];
    for (const data of bad) {
      const answer = await server.call('users.php', 'get_users', data as ListData, as(admin));
      expect({ data, status: answer.httpStatus, code: answer.body.error_code }).toEqual({
        data,
        status: 400,
        code: 'INVALID_REQUEST',
      });
    }
    // A hundred characters, padded with spaces, are within bounds.
    expect((await list(admin, { Search: ` ${'a'.repeat(100)} ` })).body.status).toBe('OK');
  });
});

/** SQLite keeps no statistics: the list's statements tell it how to read `users` (queries/users.ts, readsThrough). */
describe('users.php query plans on sqlite', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('sqlite');
  });
  afterAll(() => server.close());

  it('on SQLite a filtered page reads the table through, an unfiltered one the index of its order', async () => {
    const site = await createSite(server.db);
    const plan = async (filters: Partial<UserFilters>, sort: UserListSortKey, walk = false) => {
      const all = { siteId: site.id, search: '', userType: null, companyId: null, courseId: null, status: null };
      const page = userPageQuery(server.db, { ...all, ...filters }, { sort, desc: true, limit: 25, offset: 0, walk });
      const { sql: text, parameters } = page.compile();
      const rows = await server.db.executeQuery<{ detail: string }>(
        CompiledQuery.raw(`explain query plan ${text}`, [...parameters]),
      );
      return rows.rows.map((row) => row.detail).find((detail) => / users\b/.test(detail)) ?? '';
    };
    expect(await plan({}, 'name')).toMatch(
      /^SCAN users USING INDEX users_site_name_idx|^SEARCH users USING INDEX users_site_name_idx/,
    );
    expect(await plan({}, 'email')).toMatch(/^SEARCH users USING INDEX/);
    for (const filters of [{ search: 'an' }, { userType: 1 }, { status: 'active' as const }]) {
      expect(await plan(filters, 'name')).toBe('SCAN users');
    }
    // A search of 3 letters or more looks its candidates up in the trigram index of migration 0025.
    expect(await plan({ search: 'ann' }, 'name')).toMatch(/^SEARCH users USING INTEGER PRIMARY KEY/);
    expect(await plan({ search: 'ann', userType: 1, status: 'active' }, 'created')).toMatch(
      /^SEARCH users USING INTEGER PRIMARY KEY/,
    );
    // A company's users are found through the index of the companies' user counts (migration 0022).
    expect(await plan({ companyId: 1 }, 'name')).toBe('SCAN users USING INDEX users_site_company_idx');
    expect(await plan({}, 'created')).toBe('SCAN users');
    // A page near the start of what the filters keep walks its sort's index (migration 0026), stopping at the page.
    expect(await plan({ userType: 1, status: 'active' }, 'created', true)).toBe(
      'SEARCH users USING INDEX users_site_created_idx (site_id=?)',
    );
    expect(await plan({}, 'last_seen', true)).toBe('SEARCH users USING INDEX users_site_last_seen_idx (site_id=?)');
    expect(await plan({ companyId: 1 }, 'name', true)).toBe(
      'SEARCH users USING INDEX users_site_company_idx (site_id=? AND company_id=?)',
    );
    // The locked are looked up from both kinds of lock, not found by reading everyone.
    expect(await plan({ status: 'locked' }, 'name')).toMatch(/^SEARCH users USING INTEGER PRIMARY KEY/);
    // A search of a few thousand matches reads its candidates and sorts them; of more, it walks as any filter.
    expect(await plan({ search: 'ann', userType: 1 }, 'last_seen')).toMatch(/^SEARCH users USING INTEGER PRIMARY KEY/);
    expect(await plan({ search: 'ann', userType: 1 }, 'last_seen', true)).toBe(
      'SEARCH users USING INDEX users_site_last_seen_idx (site_id=?)',
    );
  });

  it('walks a sort index while the page ends within a quarter of what the filters keep; a search only past 5,000 matches', () => {
    const page = (offset: number) => ({ sort: 'created' as const, offset, limit: 50 });
    const none = { search: '' };
    expect(walksSortIndex(97_800, none, page(0))).toBe(true);
    expect(walksSortIndex(200, none, page(0))).toBe(true);
    expect(walksSortIndex(199, none, page(0))).toBe(false);
    expect(walksSortIndex(97_800, none, page(49_950))).toBe(false);
    expect(walksSortIndex(97_800, none, { ...page(0), sort: 'type' })).toBe(false);
    // A search's matches lie together along any order: read them all and sort them, while they are few.
    expect(walksSortIndex(1_087, { search: 'ast12' }, page(0))).toBe(false);
    expect(walksSortIndex(SEARCH_SORTED_MAX + 1, { search: 'ast' }, page(0))).toBe(true);
    expect(walksSortIndex(1_087, { search: 'as' }, page(0))).toBe(true);
  });
});

/** PostgreSQL's planner chooses by statistics: among a few thousand users, a search must find its indexes. */
describe.skipIf(!dialects.includes('postgres'))('users.php query plans on postgres', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('postgres');
  });
  afterAll(() => server.close());

  it('on PostgreSQL a search reads the trigram indexes of its name and address (migration 0025)', async () => {
    const site = await createSite(server.db);
    // Enough users for the planner to prefer an index to reading the site's rows through.
    for (let batch = 0; batch < 4; batch++) {
      const users = Array.from({ length: 1000 }, (_, i) =>
        userValues({
          site,
          passwordHash: 'x',
          email: `u${batch}-${i}@many.test`,
          firstName: `First${i}`,
          lastName: `Last${batch}`,
        }),
      );
      await server.db.insertInto('users').values(users).execute();
    }
    // As autovacuum would: the rows inserted since wait in each GIN index's pending list until then.
    await sql`vacuum analyze users`.execute(server.db);
    const all = { siteId: site.id, search: 'nna lin', userType: null, companyId: null, courseId: null, status: null };
    const { sql: text, parameters } = userPageQuery(server.db, all, {
      sort: 'name',
      desc: false,
      limit: 25,
      offset: 0,
    }).compile();
    const plan = await server.db.transaction().execute(async (trx) => {
      // A table this small is still read through cheaply: the test asks whether the indexes serve the search.
      await sql`set local enable_seqscan = off`.execute(trx);
      const rows = await trx.executeQuery<{ 'QUERY PLAN': string }>(
        CompiledQuery.raw(`explain ${text}`, [...parameters]),
      );
      return rows.rows.map((row) => row['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('users_search_name_trgm');
    expect(plan).toContain('users_search_email_trgm');
    // Its matches are found first and sorted, not met on a walk along the name's index (walksSortIndex).
    expect(plan).not.toContain('users_site_name_idx');
  });
});
