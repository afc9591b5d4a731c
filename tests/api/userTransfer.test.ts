import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { now } from '../../src/server/platform/db';
import { userImportLimits } from '../../src/shared/domain/administration/userImport';
import { createCompany, createSite, createUser, signIn } from '../factories';
import { as, createPerson, type Person } from '../factories/coaching';
import type { DataOf } from '../support/api';
import { testDialects } from '../support/databases';
import { linkIn, mailsTo, snapshotRows } from '../support/inspect';
import { startTestServer, type TestServer } from '../support/server';

const dialects = await testDialects();

describe.each(dialects)('user_transfer.php on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  async function school() {
    const site = await createSite(server.db);
    const admin = await createPerson(server, site, 'admin', {
      firstName: 'Ada',
      lastName: 'Admin',
      email: `ada-${site.id}@school.test`,
    });
    const coach = await createPerson(server, site, 'coach', {
      firstName: 'Carl',
      lastName: 'Coach',
      email: `carl-${site.id}@school.test`,
    });
    return { site, admin, coach };
  }

  const exportAs = (who: Person, data: DataOf<'user_transfer.php', 'export_users'> = {}) =>
    server.callRaw('user_transfer.php', 'export_users', data, as(who));
  /** The export's rows after its header, as records by column name. */
  const records = (text: string): Record<string, string>[] => parse(text, { bom: true, columns: true });
  const importAs = (who: Person, csv: string, commit = false) =>
    server.call('user_transfer.php', 'import_users', { Csv: csv, Commit: commit }, as(who));
  const userCount = async (siteId: number) =>
    Number(
      (
        await server.db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('site_id', '=', siteId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  describe('export_users', () => {
    it('is refused to the signed out, students and staff of privilegies 50 or less', async () => {
      const { site } = await school();
      const learner = await createPerson(server, site, 'student', { email: `l-${site.id}@school.test` });
      const low = await createPerson(server, site, 'coach', { privilegies: 50, email: `low-${site.id}@school.test` });
      const anonymous = await server.callRaw('user_transfer.php', 'export_users', {}, { site: site.name });
      expect(anonymous.httpStatus).toBe(401);
      for (const refused of [learner, low]) {
        const answer = await exportAs(refused);
        expect(answer.httpStatus).toBe(403);
        expect(answer.body.error_code).toBe('FORBIDDEN');
        expect(answer.headers.get('content-disposition')).toBeNull();
      }
    });

    it("sends the filtered users of the caller's site as a CSV attachment a spreadsheet reads", async () => {
      const { site, admin, coach } = await school();
      const company = await createCompany(server.db, { site, name: 'Acme, "the" Company' });
      const formula = await createUser(server.db, {
        site,
        role: 'student',
        firstName: '=HYPERLINK("http://evil.test")',
        lastName: 'Åström',
        email: `formula-${site.id}@school.test`,
        companyId: company.id,
      });
      const other = await createSite(server.db);
      await createUser(server.db, { site: other, role: 'student', email: `stranger-${other.id}@school.test` });

      const answer = await exportAs(coach);
      expect(answer.httpStatus).toBe(200);
      expect(answer.headers.get('content-type')).toMatch(/^text\/csv; charset=utf-8/);
      expect(answer.headers.get('content-disposition')).toMatch(/^attachment; filename="users-[\w.-]+\.csv"$/);
      expect(answer.headers.get('cache-control')).toBe('no-store');
      // The text as fetch decodes it has lost its byte order mark; the bytes have it, for spreadsheets.
      expect(answer.text.startsWith('Id,FirstName,LastName,Email,UserType,')).toBe(true);
      const bytes = await fetch(`${server.url}/api/backend/user_transfer.php`, {
        method: 'POST',
        headers: { site: site.name, authorization: coach.token, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ req: 'export_users', data: '{}' }),
      }).then((response) => response.arrayBuffer());
      expect([...new Uint8Array(bytes).slice(0, 4)]).toEqual([0xef, 0xbb, 0xbf, 0x49]);
      expect(answer.text).toContain('\r\n');
      const rows = records(answer.text);
      expect(rows.map((row) => row.Email)).toEqual([admin.email, coach.email, formula.email]);
      expect(rows[2]).toEqual({
        Id: String(formula.id),
        FirstName: `'=HYPERLINK("http://evil.test")`,
        LastName: 'Åström',
        Email: formula.email,
        UserType: '1',
        Privilegies: '0',
        Company: 'Acme, "the" Company',
        Verified: 'yes',
        Locked: 'no',
        CreatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        LastSeenAt: '',
      });

      const filtered = records((await exportAs(coach, { Search: 'åSTR', CompanyId: company.id })).text);
      expect(filtered.map((row) => row.Email)).toEqual([formula.email]);
      expect(records((await exportAs(coach, { UserType: 2 })).text).map((row) => row.Email)).toEqual([admin.email]);
      const none = await exportAs(coach, { Search: 'nobody at all' });
      expect(none.text).toBe(
        'Id,FirstName,LastName,Email,UserType,Privilegies,Company,Verified,Locked,CreatedAt,LastSeenAt\r\n',
      );
    });

    it('streams every user of a long list once, in the order they were created, batch after batch', async () => {
      const { site, admin, coach } = await school();
      const at = now();
      const many = 1_234;
      const rows = Array.from({ length: many }, (_, i) => ({
        site_id: site.id,
        email: `bulk-${String(i).padStart(4, '0')}-${site.id}@school.test`,
        password_hash: '!',
        first_name: 'Bulk',
        last_name: `Learner ${i}`,
        user_type: 1,
        privilegies: 0,
        user_file_id: null,
        total_xp: 0,
        collect_xp: 1,
        company_id: null,
        email_verified_at: null,
        created_at: at,
        updated_at: at,
      }));
      for (let i = 0; i < rows.length; i += 200)
        await server.db
          .insertInto('users')
          .values(rows.slice(i, i + 200))
          .execute();

      const exported = records((await exportAs(admin, { Status: 'not_verified' })).text);
      expect(exported).toHaveLength(many);
      expect(exported.map((row) => row.Email)).toEqual(rows.map((row) => row.email));
      expect(exported.every((row) => row.Verified === 'no')).toBe(true);
      const all = records((await exportAs(coach)).text);
      expect(all).toHaveLength(many + 2);
      expect(new Set(all.map((row) => row.Id)).size).toBe(many + 2);
    });

    it('refuses malformed filters with a 4xx JSON error', async () => {
      const { coach } = await school();
      for (const data of [{ Status: 'gone' }, { UserType: -1 }, { CompanyId: 'x' }, { Search: 'x'.repeat(101) }]) {
        const answer = await server.callRaw('user_transfer.php', 'export_users', data, as(coach));
        expect(answer.httpStatus).toBe(400);
        expect(answer.body.error_code).toBe('INVALID_REQUEST');
      }
    });
  });

  describe('import_users', () => {
    it('reads a file and says what is wrong with each row, writing nothing', async () => {
      const { site, coach } = await school();
      await createCompany(server.db, { site, name: 'Acme' });
      await createUser(server.db, { site, role: 'student', email: `taken-${site.id}@school.test` });
      const before = await userCount(site.id);
      const csv = [
        'Email;FirstName;LastName;UserType;Company;Notes',
        `new-${site.id}@school.test;Nina;New;student;ACME;ignored`,
        `  NEW2-${site.id}@School.test ; Nils ; Nyberg ;1;;`,
        ';No;Address;;;',
        'not-an-address;Bad;Address;;;',
        `new-${site.id}@school.test;Nina;Again;;;`,
        `taken-${site.id}@school.test;Tina;Taken;;;`,
        `noname-${site.id}@school.test;;;;;`,
        `long-${site.id}@school.test;${'x'.repeat(101)};Long;;;`,
        `type-${site.id}@school.test;Tom;Type;wizard;;`,
        `staff-${site.id}@school.test;Sam;Staff;coach;;`,
        `firm-${site.id}@school.test;Fia;Firm;;Nowhere AB;`,
      ].join('\n');
      const answer = await importAs(coach, csv);
      expect(answer.httpStatus).toBe(200);
      expect(answer.body.Valid).toBe(2);
      expect(answer.body.Invalid).toBe(9);
      expect(answer.body.Created).toBe(0);
      expect(answer.body.data.map((row) => [row.Line, row.Email, row.Errors])).toEqual([
        [2, `new-${site.id}@school.test`, []],
        [3, `new2-${site.id}@school.test`, []],
        [4, '', ['email_missing']],
        [5, 'not-an-address', ['email_invalid']],
        [6, `new-${site.id}@school.test`, ['email_repeated']],
        [7, `taken-${site.id}@school.test`, ['email_taken']],
        [8, `noname-${site.id}@school.test`, ['first_name_missing', 'last_name_missing']],
        [9, `long-${site.id}@school.test`, ['name_too_long']],
        [10, `type-${site.id}@school.test`, ['type_unknown']],
        [11, `staff-${site.id}@school.test`, ['type_not_allowed']],
        [12, `firm-${site.id}@school.test`, ['company_unknown']],
      ]);
      expect(answer.body.data[1]).toMatchObject({ FirstName: 'Nils', LastName: 'Nyberg', UserType: 1, Company: '' });
      expect(answer.body.data[0]).toMatchObject({ Company: 'ACME', UserType: 1 });
      expect(await userCount(site.id)).toBe(before);
    });

    it('lets an administrator, not a coach, add staff', async () => {
      const { site, admin, coach } = await school();
      const csv = `email,first name,last name,type\r\nstaff-${site.id}@school.test,Sam,Staff,8\r\nboss-${site.id}@school.test,Bo,Boss,administrator\r\n`;
      expect((await importAs(coach, csv)).body.data.map((row) => row.Errors)).toEqual([
        ['type_not_allowed'],
        ['type_not_allowed'],
      ]);
      const answer = await importAs(admin, csv);
      expect(answer.body.data.map((row) => [row.UserType, row.Errors])).toEqual([
        [8, []],
        [2, []],
      ]);
    });

    it('refuses a file it cannot read as a whole, saying why', async () => {
      const { coach, site } = await school();
      const cases: [string, Record<string, unknown>][] = [
        ['Name,Address\nAda,ada@school.test\n', { Problem: 'no_header' }],
        ['Email,FirstName,LastName\n\n', { Problem: 'no_rows' }],
        ['Email,FirstName,LastName\nok@school.test,"Ada,Admin\n', { Problem: 'unreadable', Line: expect.any(Number) }],
        [
          `Email,FirstName,LastName\n${Array.from({ length: userImportLimits.maxRows + 1 }, (_, i) => `u${i}@s.test,A,B`).join('\n')}`,
          { Problem: 'too_many_rows', MaxRows: userImportLimits.maxRows },
        ],
      ];
      for (const [csv, extra] of cases) {
        const answer = await importAs(coach, csv);
        expect(answer.httpStatus).toBe(400);
        expect(answer.body).toMatchObject({ error_code: 'IMPORT_INVALID', ...extra });
      }
      const tooLong = await importAs(coach, 'x'.repeat(userImportLimits.maxChars + 1));
      expect(tooLong.httpStatus).toBe(400);
      expect(tooLong.body.error_code).toBe('INVALID_REQUEST');
      expect(await userCount(site.id)).toBe(2);
    });

    it('imports every row of a correct file, each invited by mail with her history, in one go', async () => {
      const { site, admin } = await school();
      const company = await createCompany(server.db, { site, name: 'Acme' });
      const csv = `Email,FirstName,LastName,UserType,Company\nnina-${site.id}@school.test,Nina,New,,acme\ncarla-${site.id}@school.test,Carla,Coach,coach,\n`;
      const answer = await importAs(admin, csv, true);
      expect(answer.body).toMatchObject({ status: 'OK', Valid: 2, Invalid: 0, Created: 2 });
      const created = await server.db
        .selectFrom('users')
        .select(['id', 'email', 'first_name', 'user_type', 'privilegies', 'company_id', 'email_verified_at'])
        .where('site_id', '=', site.id)
        .where('email', 'in', [`nina-${site.id}@school.test`, `carla-${site.id}@school.test`])
        .orderBy('email')
        .execute();
      expect(created.map(({ id: _, ...row }) => row)).toEqual([
        {
          email: `carla-${site.id}@school.test`,
          first_name: 'Carla',
          user_type: 8,
          privilegies: 100,
          company_id: null,
          email_verified_at: null,
        },
        {
          email: `nina-${site.id}@school.test`,
          first_name: 'Nina',
          user_type: 1,
          privilegies: 0,
          company_id: company.id,
          email_verified_at: null,
        },
      ]);
      // Each is invited: a link that sets her password, so she can sign in.
      const [mail] = await mailsTo(server, `nina-${site.id}@school.test`);
      expect(mail?.subject).toBe('An account has been made for you');
      const code = linkIn(mail?.text_body ?? '').split('/password-recovery/')[1] ?? '';
      const password = 'a passphrase of her own 2026';
      const set = await server.call(
        'password.php',
        'reset_password',
        { code, password, password_repeat: password },
        { site: site.name },
      );
      expect(set.body.status).toBe('OK');
      expect((await signIn(server, site, `nina-${site.id}@school.test`, password)).body.status).toBe('OK');
      expect(await mailsTo(server, `carla-${site.id}@school.test`)).toHaveLength(1);
      const history = await server.db
        .selectFrom('user_history')
        .select(['user_id', 'actor_user_id', 'action'])
        .where('site_id', '=', site.id)
        .where(
          'user_id',
          'in',
          created.map((row) => row.id),
        )
        .execute();
      expect(history).toHaveLength(2);
      expect(history.every((entry) => entry.actor_user_id === admin.id && entry.action === 'created')).toBe(true);
    });

    it('imports nothing from a file with an error, and at most five files an hour', async () => {
      const { site, coach } = await school();
      const before = await snapshotRows(server);
      const bad = await importAs(
        coach,
        `Email,FirstName,LastName\nok-${site.id}@school.test,Ok,Row\nbroken,No,Address\n`,
        true,
      );
      expect(bad.httpStatus).toBe(409);
      expect(bad.body.error_code).toBe('IMPORT_HAS_ERRORS');
      expect(await snapshotRows(server)).toEqual(before);

      for (let i = 0; i < 5; i++) {
        const ok = await importAs(coach, `Email,FirstName,LastName\nrow${i}-${site.id}@school.test,Row,${i}\n`, true);
        expect(ok.body.Created).toBe(1);
      }
      const sixth = await importAs(coach, `Email,FirstName,LastName\nrow6-${site.id}@school.test,Row,Six\n`, true);
      expect(sixth.httpStatus).toBe(429);
      expect(sixth.body.error_code).toBe('TOO_MANY_REQUESTS');
      expect(await userCount(site.id)).toBe(2 + 5);
      // Checking a file is not an import: it is never limited.
      expect(
        (await importAs(coach, `Email,FirstName,LastName\nrow6-${site.id}@school.test,Row,Six\n`)).body.Valid,
      ).toBe(1);
    });

    it("keeps within a company's seats: rows past them are errors, checked again when the file is imported", async () => {
      const { site, admin } = await school();
      const company = await createCompany(server.db, { site, name: 'Åkes Ljud AB', seats: 2 });
      await createUser(server.db, {
        site,
        role: 'student',
        email: `member-${site.id}@school.test`,
        companyId: company.id,
      });
      const csv = `Email,FirstName,LastName,Company\none-${site.id}@school.test,One,Seat,ÅKES  ljud ab\ntwo-${site.id}@school.test,Two,Seats,Åkes Ljud AB\n`;
      const checked = await importAs(admin, csv);
      expect(checked.body.data.map((row) => row.Errors)).toEqual([[], ['company_full']]);
      const oneRow = `Email,FirstName,LastName,Company\none-${site.id}@school.test,One,Seat,åkes ljud ab\n`;
      expect((await importAs(admin, oneRow)).body.Invalid).toBe(0);
      // The last seat goes meanwhile: the import finds it gone and writes nothing.
      await createUser(server.db, {
        site,
        role: 'student',
        email: `late-${site.id}@school.test`,
        companyId: company.id,
      });
      const before = await userCount(site.id);
      const late = await importAs(admin, oneRow, true);
      expect(late.body.error_code).toBe('IMPORT_HAS_ERRORS');
      expect(await userCount(site.id)).toBe(before);
    });

    it('takes an exported file, changed in a spreadsheet, into another site', async () => {
      const { site, admin } = await school();
      await createUser(server.db, {
        site,
        role: 'student',
        firstName: 'Åsa',
        lastName: 'Öberg',
        email: `asa-${site.id}@school.test`,
      });
      const exported = (await exportAs(admin, { Search: 'öberg' })).text;
      const other = await school();
      const answer = await importAs(other.admin, exported, true);
      expect(answer.body).toMatchObject({ Created: 1 });
      expect(answer.body.data[0]).toMatchObject({
        Email: `asa-${site.id}@school.test`,
        FirstName: 'Åsa',
        LastName: 'Öberg',
        UserType: 1,
      });
    });

    it('is refused to students', async () => {
      const { site } = await school();
      const learner = await createPerson(server, site, 'student', { email: `l-${site.id}@school.test` });
      const answer = await importAs(learner, `Email,FirstName,LastName\nx-${site.id}@school.test,X,Y\n`);
      expect(answer.httpStatus).toBe(403);
    });
  });
});
