import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_USERS_PER_ADD } from '../../src/shared/domain/administration/companies';
import { createCompany, createSite, createUser } from '../factories';
import { as, createPerson, type Person } from '../factories/coaching';
import type { DataOf } from '../support/api';
import { testDialects } from '../support/databases';
import { whileRowLocked } from '../support/locks';
import { startTestServer, type TestServer } from '../support/server';

const dialects = await testDialects();

type SaveData = DataOf<'companies.php', 'save_company'>;

describe.each(dialects)('companies.php on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  /** A site of its own (a starter plan: no limit of companies) with an administrator. */
  async function school(plan: 'starter' | 'demo' = 'starter') {
    const site = await createSite(server.db, { plan });
    const admin = await createPerson(server, site, 'admin');
    return { site, admin };
  }

  const save = (who: Person, data: SaveData) => server.call('companies.php', 'save_company', data, as(who));
  async function created(who: Person, data: Partial<SaveData> = {}) {
    const answer = await save(who, { Name: `Acme ${Math.random().toString(36).slice(2, 8)}`, ...data });
    expect(answer.body.status).toBe('OK');
    if (answer.body.status !== 'OK') throw new Error('not saved');
    return answer.body.data;
  }
  const addUsers = (who: Person, companyId: number, userIds: number[]) =>
    server.call('companies.php', 'add_company_users', { CompanyId: companyId, UserIds: userIds }, as(who));
  /** The company's row and its users' ids, straight from the database. */
  async function stored(companyId: number) {
    const row = await server.db.selectFrom('companies').selectAll().where('id', '=', companyId).executeTakeFirst();
    const users = await server.db
      .selectFrom('users')
      .select('id')
      .where('company_id', '=', companyId)
      .orderBy('id')
      .execute();
    return { row, userIds: users.map((user) => user.id) };
  }
  const students = async (site: { id: number }, count: number, extra: { companyId?: number } = {}) => {
    const ids: number[] = [];
    for (let i = 0; i < count; i++) ids.push((await createUser(server.db, { site, role: 'student', ...extra })).id);
    return ids;
  };

  it('refuses the signed out, students and coaches of privilegies 50; coaches and administrators manage', async () => {
    const { site, admin } = await school();
    const company = await createCompany(server.db, { site, name: 'Globex' });
    const learner = await createPerson(server, site, 'student');
    const lowCoach = await createPerson(server, site, 'coach', { privilegies: 50 });
    const coach = await createPerson(server, site, 'coach');

    const anonymous = await server.call('companies.php', 'get_company_list', {}, { site: site.name });
    expect([anonymous.httpStatus, anonymous.body.status]).toEqual([401, 'UNAUTHORIZED']);
    for (const refused of [learner, lowCoach]) {
      const calls = [
        await server.call('companies.php', 'get_company_list', {}, as(refused)),
        await server.call('companies.php', 'get_company', { Id: company.id }, as(refused)),
        await save(refused, { Name: 'Initech' }),
        await save(refused, { Id: company.id, Name: 'Renamed' }),
        await server.call('companies.php', 'delete_company', { Id: company.id }, as(refused)),
        await addUsers(refused, company.id, [refused.id]),
        await server.call(
          'companies.php',
          'remove_company_user',
          { CompanyId: company.id, UserId: refused.id },
          as(refused),
        ),
      ];
      for (const answer of calls) expect([answer.httpStatus, answer.body.error_code]).toEqual([403, 'FORBIDDEN']);
    }
    // Nothing changed by the refused calls.
    expect((await stored(company.id)).row?.name).toBe('Globex');
    expect((await stored(company.id)).userIds).toEqual([]);
    const names = await server.db.selectFrom('companies').select('name').where('site_id', '=', site.id).execute();
    expect(names).toEqual([{ name: 'Globex' }]);

    const listed = await server.call('companies.php', 'get_company_list', {}, as(coach));
    expect(listed.body.status).toBe('OK');
    expect(await created(coach, { Name: 'Initech' })).toMatchObject({ Name: 'Initech', UserCount: 0 });
    expect((await server.call('companies.php', 'get_company_list', {}, as(admin))).body.data?.length).toBe(2);
  });

  it('creates a company with its contact and seats, lists it with its users and seats in use, shows its users', async () => {
    const { site, admin } = await school();
    const company = await created(admin, {
      Name: '  Nordic   Sound AB ',
      Seats: 3,
      ContactName: 'Nils Nord',
      ContactEmail: 'Nils@Nordic.test',
      ContactPhone: '+46 8-123 456',
      OrgNumber: '556677-8899',
      Notes: 'Pays yearly',
    });
    expect(company).toMatchObject({
      Name: 'Nordic Sound AB',
      Seats: 3,
      UserCount: 0,
      ContactName: 'Nils Nord',
      ContactEmail: 'nils@nordic.test',
      ContactPhone: '+46 8-123 456',
      OrgNumber: '556677-8899',
      Notes: 'Pays yearly',
    });
    const [anna, bo] = [
      await createUser(server.db, { site, role: 'student', firstName: 'Anna', lastName: 'Ek' }),
      await createUser(server.db, { site, role: 'coach', firstName: 'Bo', lastName: 'Al' }),
    ];
    const added = await addUsers(admin, company.Id, [anna.id, bo.id, anna.id]);
    expect(added.body).toMatchObject({ status: 'OK', Added: 2, Moved: 0, data: { UserCount: 2, Seats: 3 } });
    await created(admin, { Name: 'Alpha Beats' });

    const list = await server.call('companies.php', 'get_company_list', {}, as(admin));
    expect(list.body.data?.map((c) => [c.Name, c.UserCount, c.Seats])).toEqual([
      ['Alpha Beats', 0, null],
      ['Nordic Sound AB', 2, 3],
    ]);
    expect(list.body.pagination).toEqual({ page: 1, total_pages: 1, total: 2 });
    const searched = await server.call('companies.php', 'get_company_list', { Search: 'NORDIC' }, as(admin));
    expect(searched.body.data?.map((c) => c.Name)).toEqual(['Nordic Sound AB']);
    const byContact = await server.call('companies.php', 'get_company_list', { Search: 'nils@' }, as(admin));
    expect(byContact.body.data?.map((c) => c.Name)).toEqual(['Nordic Sound AB']);
    const paged = await server.call('companies.php', 'get_company_list', { Limit: 1, Page: 2 }, as(admin));
    expect(paged.body.data?.map((c) => c.Name)).toEqual(['Nordic Sound AB']);
    expect(paged.body.pagination).toEqual({ page: 2, total_pages: 2, total: 2 });

    const detail = await server.call('companies.php', 'get_company', { Id: company.Id }, as(admin));
    expect(detail.body.data).toMatchObject({ Name: 'Nordic Sound AB', UserCount: 2, Notes: 'Pays yearly' });
    expect(detail.body.users?.map((u) => [u.FirstName, u.UserType])).toEqual([
      ['Anna', 1],
      ['Bo', 8],
    ]);
    const onlyBo = await server.call('companies.php', 'get_company', { Id: company.Id, Search: 'bo al' }, as(admin));
    expect(onlyBo.body.users?.map((u) => u.Id)).toEqual([bo.id]);
    expect(onlyBo.body.pagination).toEqual({ page: 1, total_pages: 1, total: 1 });
  });

  it("answers NOT_FOUND for another site's company and users, and changes nothing there", async () => {
    const { admin } = await school();
    const other = await school();
    const theirs = await createCompany(server.db, { site: other.site, name: 'Theirs' });
    const theirUser = (await students(other.site, 1))[0] as number;
    const mine = await created(admin, { Name: 'Mine' });

    const calls = [
      await server.call('companies.php', 'get_company', { Id: theirs.id }, as(admin)),
      await save(admin, { Id: theirs.id, Name: 'Stolen' }),
      await server.call('companies.php', 'delete_company', { Id: theirs.id }, as(admin)),
      await addUsers(admin, theirs.id, [admin.id]),
      await addUsers(admin, mine.Id, [theirUser]),
      await server.call('companies.php', 'remove_company_user', { CompanyId: mine.Id, UserId: theirUser }, as(admin)),
    ];
    for (const answer of calls) expect([answer.httpStatus, answer.body.error_code]).toEqual([404, 'NOT_FOUND']);
    expect((await stored(theirs.id)).row?.name).toBe('Theirs');
    expect((await stored(mine.Id)).userIds).toEqual([]);
    const list = await server.call('companies.php', 'get_company_list', {}, as(admin));
    expect(list.body.data?.map((c) => c.Name)).toEqual(['Mine']);
  });

  it('refuses a name the site already has in any case, but another site may have it', async () => {
    const { site, admin } = await school();
    const acme = await created(admin, { Name: 'Acme Åkeri' });
    const other = await created(admin, { Name: 'Other' });
    for (const name of ['acme åkeri', ' ACME  ÅKERI ']) {
      const again = await save(admin, { Name: name });
      expect([again.httpStatus, again.body.error_code]).toEqual([409, 'NAME_TAKEN']);
      const rename = await save(admin, { Id: other.Id, Name: name });
      expect([rename.httpStatus, rename.body.error_code]).toEqual([409, 'NAME_TAKEN']);
    }
    expect((await stored(other.Id)).row?.name).toBe('Other');
    expect(await server.db.selectFrom('companies').select('id').where('site_id', '=', site.id).execute()).toHaveLength(
      2,
    );
    // Its own name in another case is a rename of itself.
    expect((await save(admin, { Id: acme.Id, Name: 'ACME Åkeri' })).body.data?.Name).toBe('ACME Åkeri');
    const elsewhere = await school();
    expect(await created(elsewhere.admin, { Name: 'Acme Åkeri' })).toMatchObject({ Name: 'Acme Åkeri' });
  });

  it('refuses invalid fields with INVALID_REQUEST and changes nothing', async () => {
    const { admin } = await school();
    const company = await created(admin, { Name: 'Valid', ContactEmail: 'a@b.test', Seats: 5 });
    const before = (await stored(company.Id)).row;
    const bad: SaveData[] = [
      { Id: company.Id, Name: '' },
      { Id: company.Id, Name: '   ' },
      { Id: company.Id, Name: 'x'.repeat(201) },
      { Id: company.Id, Name: 'Valid', ContactEmail: 'not an address' },
      { Id: company.Id, Name: 'Valid', ContactPhone: 'call me' },
      { Id: company.Id, Name: 'Valid', OrgNumber: '12' },
      { Id: company.Id, Name: 'Valid', OrgNumber: '<script>1234' },
      { Id: company.Id, Name: 'Valid', Seats: -1 },
      { Id: company.Id, Name: 'Valid', Seats: 2.5 },
      { Id: company.Id, Name: 'Valid', Notes: 'n'.repeat(2001) },
    ];
    for (const data of bad) {
      const answer = await save(admin, data);
      expect([answer.httpStatus, answer.body.error_code], JSON.stringify(data)).toEqual([400, 'INVALID_REQUEST']);
    }
    expect((await stored(company.Id)).row).toEqual(before);
    const tooMany = Array.from({ length: MAX_USERS_PER_ADD + 1 }, (_, i) => i + 1);
    const many = await addUsers(admin, company.Id, tooMany);
    expect([many.httpStatus, many.body.error_code]).toEqual([400, 'INVALID_REQUEST']);
    const none = await addUsers(admin, company.Id, []);
    expect([none.httpStatus, none.body.error_code]).toEqual([400, 'INVALID_REQUEST']);
    // Seats 0 or null: no limit.
    expect((await save(admin, { Id: company.Id, Name: 'Valid', Seats: 0 })).body.data?.Seats).toBeNull();
  });

  it('refuses seats below the users, and users past the seats, all of them and naming the limit', async () => {
    const { site, admin } = await school();
    const company = await created(admin, { Name: 'Seated', Seats: 3 });
    const [a, b, c, d] = (await students(site, 4)) as [number, number, number, number];
    const elsewhere = await created(admin, { Name: 'Elsewhere' });
    expect((await addUsers(admin, elsewhere.Id, [d])).body.status).toBe('OK');

    expect((await addUsers(admin, company.Id, [a, b])).body).toMatchObject({ Added: 2, data: { UserCount: 2 } });
    const over = await addUsers(admin, company.Id, [c, d]);
    expect([over.httpStatus, over.body.error_code]).toEqual([409, 'SEATS_EXCEEDED']);
    expect(over.body).toMatchObject({ seats: 3, users: 2, adding: 2 });
    expect(over.body.message).toContain('3 seats');
    // Nothing half-done: c was not added, d is still in the other company.
    expect((await stored(company.Id)).userIds).toEqual([a, b]);
    expect((await stored(elsewhere.Id)).userIds).toEqual([d]);
    // Users already in it take no new seat.
    expect((await addUsers(admin, company.Id, [a, b, d])).body).toMatchObject({ Added: 1, Moved: 1 });
    expect((await stored(elsewhere.Id)).userIds).toEqual([]);

    const lower = await save(admin, { Id: company.Id, Name: 'Seated renamed', Seats: 2 });
    expect([lower.httpStatus, lower.body.error_code]).toEqual([409, 'SEATS_EXCEEDED']);
    expect(lower.body).toMatchObject({ seats: 2, users: 3 });
    expect((await stored(company.Id)).row).toMatchObject({ name: 'Seated', seats: 3 });
    expect((await save(admin, { Id: company.Id, Name: 'Seated', Seats: 3 })).body.status).toBe('OK');
    // No limit: any number fits.
    expect((await save(admin, { Id: company.Id, Name: 'Seated', Seats: null })).body.status).toBe('OK');
    expect((await addUsers(admin, company.Id, [c])).body).toMatchObject({ data: { UserCount: 4, Seats: null } });
  });

  it('lets simultaneous additions fill the seats and no more', async () => {
    const { site, admin } = await school();
    const company = await created(admin, { Seats: 2 });
    const ids = await students(site, 4);
    const answers = await whileRowLocked(server, { table: 'users', id: ids }, () =>
      Promise.all(ids.map((id) => addUsers(admin, company.Id, [id]))),
    );
    expect(answers.filter((answer) => answer.body.status === 'OK')).toHaveLength(2);
    expect(answers.filter((answer) => answer.body.error_code === 'SEATS_EXCEEDED')).toHaveLength(2);
    expect((await stored(company.Id)).userIds).toHaveLength(2);
  });

  it('removes a user from the company, who keeps her account; NOT_FOUND when she is not in it', async () => {
    const { site, admin } = await school();
    const company = await created(admin, { Seats: 1 });
    const [anna] = (await students(site, 1)) as [number];
    await addUsers(admin, company.Id, [anna]);
    const removed = await server.call(
      'companies.php',
      'remove_company_user',
      { CompanyId: company.Id, UserId: anna },
      as(admin),
    );
    expect(removed.body).toMatchObject({ status: 'OK', data: { UserCount: 0 } });
    expect(await server.db.selectFrom('users').select('company_id').where('id', '=', anna).executeTakeFirst()).toEqual({
      company_id: null,
    });
    const again = await server.call(
      'companies.php',
      'remove_company_user',
      { CompanyId: company.Id, UserId: anna },
      as(admin),
    );
    expect([again.httpStatus, again.body.error_code]).toEqual([404, 'NOT_FOUND']);
  });

  it('deletes a company only without users', async () => {
    const { site, admin } = await school();
    const company = await created(admin);
    const [anna] = (await students(site, 1)) as [number];
    await addUsers(admin, company.Id, [anna]);
    const refused = await server.call('companies.php', 'delete_company', { Id: company.Id }, as(admin));
    expect([refused.httpStatus, refused.body.error_code]).toEqual([409, 'COMPANY_NOT_EMPTY']);
    expect(refused.body).toMatchObject({ users: 1 });
    expect((await stored(company.Id)).row).toBeDefined();
    expect((await stored(company.Id)).userIds).toEqual([anna]);

    await server.call('companies.php', 'remove_company_user', { CompanyId: company.Id, UserId: anna }, as(admin));
    const deleted = await server.call('companies.php', 'delete_company', { Id: company.Id }, as(admin));
    expect(deleted.body.status).toBe('OK');
    expect((await stored(company.Id)).row).toBeUndefined();
    const gone = await server.call('companies.php', 'get_company', { Id: company.Id }, as(admin));
    expect([gone.httpStatus, gone.body.error_code]).toEqual([404, 'NOT_FOUND']);
    // The name is free again.
    expect((await save(admin, { Name: company.Name })).body.status).toBe('OK');
  });

  it("holds a demo site to its plan's one company, naming the limit", async () => {
    const { site, admin } = await school('demo');
    await created(admin, { Name: 'The one' });
    const second = await save(admin, { Name: 'The second' });
    expect([second.httpStatus, second.body.error_code]).toEqual([403, 'PLAN_LIMIT']);
    expect(second.body).toMatchObject({ limit: 1, resource: 'companies' });
    const names = await server.db.selectFrom('companies').select('name').where('site_id', '=', site.id).execute();
    expect(names).toEqual([{ name: 'The one' }]);
  });

  it("auth_user answers the user's company name, or null without one", async () => {
    const { site, admin } = await school();
    const company = await created(admin, { Name: 'Badge Co' });
    const coach = await createPerson(server, site, 'coach');
    const learner = await createPerson(server, site, 'student');
    const me = async (who: Person) => (await server.call('auth.php', 'auth_user', {}, as(who))).body.data?.CompanyName;
    expect(await me(coach)).toBeNull();
    await addUsers(admin, company.Id, [coach.id, learner.id]);
    expect(await me(coach)).toBe('Badge Co');
    // The answer carries it for every user; the client shows the badge for staff alone.
    expect(await me(learner)).toBe('Badge Co');
    await save(admin, { Id: company.Id, Name: 'Badge Company' });
    expect(await me(coach)).toBe('Badge Company');
  });

  it('gives a registration naming a taken company a company of its own, not the existing one', async () => {
    const site = await createSite(server.db, { registrationEnabled: true });
    const existing = await createCompany(server.db, { site, name: 'Acme Music AB' });
    const answer = await server.call(
      'register.php',
      'register',
      {
        account_type: 'company',
        FirstName: 'Greta',
        LastName: 'Garbo',
        email: `greta-${site.id}@school.test`,
        password: 'a much longer passphrase 42',
        agree_terms: true,
        CompanyName: 'ACME music ab',
      },
      { site: site.name },
    );
    expect(answer.body.status).toBe('OK');
    const greta = await server.db
      .selectFrom('users')
      .innerJoin('companies', 'companies.id', 'users.company_id')
      .select(['companies.id', 'companies.name'])
      .where('users.email', '=', `greta-${site.id}@school.test`)
      .executeTakeFirstOrThrow();
    expect(greta.id).not.toBe(existing.id);
    expect(greta.name).toBe('ACME music ab (2)');
  });
});
