import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  CODE_ALPHABET,
  CODE_GUESSES_PER_SOURCE,
  CODE_GUESSES_PER_USER,
  CODE_LENGTH,
  normalizeCode,
} from '../../src/shared/domain/codes/codes';
import { createSite, signInAs } from '../factories';
import { as, createPerson, type Person } from '../factories/coaching';
import { createCourse, grantAccess } from '../factories/courses';
import { nth } from '../support/answers';
import type { DataOf } from '../support/api';
import { testDialects } from '../support/databases';
import { driftFrom } from '../support/inspect';
import { startTestServer, type TestServer } from '../support/server';

const dialects = await testDialects();
const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(dialects)('codes.php: registration codes on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A site of its own with an administrator, a student and two courses. */
  async function school() {
    const site = await createSite(server.db);
    const admin = await createPerson(server, site, 'admin');
    const student = await createPerson(server, site, 'student');
    const guitar = await createCourse(server.db, { site, name: 'Guitar' });
    const piano = await createCourse(server.db, { site, name: 'Piano' });
    return { site, admin, student, guitar, piano };
  }

  type Spec = Partial<DataOf<'codes.php', 'generate_codes'>>;
  async function generate(staff: Person, courseIds: number[], spec: Spec = {}) {
    const answer = await server.call(
      'codes.php',
      'generate_codes',
      { CourseIds: courseIds, Count: 1, Uses: 1, ...spec },
      as(staff),
    );
    expect(answer.httpStatus).toBe(200);
    return answer.body;
  }
  const oneCode = async (staff: Person, courseIds: number[], spec: Spec = {}) =>
    nth((await generate(staff, courseIds, spec)).data);

  const redeem = (person: Person, code: string) => server.call('codes.php', 'redeem_code', { Code: code }, as(person));
  const myCourses = async (person: Person) =>
    (await server.call('course.php', 'get_my_courses', { UserId: person.id }, as(person))).body.data;

  it('is refused to a student and to a coach of privilegies 50: they neither list nor generate codes', async () => {
    const { site, student, guitar } = await school();
    const coach = await createPerson(server, site, 'coach', { privilegies: 50 });
    for (const person of [student, coach]) {
      const list = await server.call('codes.php', 'get_codes', {}, as(person));
      expect([list.httpStatus, list.body.error_code]).toEqual([403, 'FORBIDDEN']);
      const made = await server.call(
        'codes.php',
        'generate_codes',
        { CourseIds: [guitar.id], Count: 1, Uses: 1 },
        as(person),
      );
      expect([made.httpStatus, made.body.error_code]).toEqual([403, 'FORBIDDEN']);
    }
    const rows = await server.db.selectFrom('registration_codes').select('id').where('site_id', '=', site.id).execute();
    expect(rows).toEqual([]);
    const staffCoach = await createPerson(server, site, 'coach');
    expect((await server.call('codes.php', 'get_codes', {}, as(staffCoach))).body.status).toBe('OK');
  });

  it('generates a batch of distinct codes of 16 characters of the alphabet, in groups, listed with their details', async () => {
    const { admin, guitar, piano } = await school();
    const batch = await generate(admin, [guitar.id, piano.id], {
      Count: 50,
      Uses: 30,
      AccessDays: 90,
      Note: 'Class 9B',
    });
    expect(batch.data).toHaveLength(50);
    const codes = batch.data.map((c) => c.Code);
    expect(new Set(codes).size).toBe(50);
    for (const code of codes) {
      expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
      const bare = normalizeCode(code);
      expect(bare).toHaveLength(CODE_LENGTH);
      for (const c of bare) expect(CODE_ALPHABET).toContain(c);
    }
    // 32 characters (5 bits each) over 16 places: 80 bits; the look-alikes are not used.
    expect(CODE_ALPHABET).toHaveLength(32);
    expect(CODE_ALPHABET).not.toMatch(/[01IO]/);
    // Every character of the alphabet turns up across 800 random characters.
    expect(new Set(codes.join('').replaceAll('-', '')).size).toBe(32);

    const list = await server.call('codes.php', 'get_codes', { limit: 100 }, as(admin));
    expect(list.body.total).toBe(50);
    expect(nth(list.body.data)).toEqual({
      Id: expect.any(Number),
      Code: expect.any(String),
      Status: 'active',
      Courses: [
        { Id: guitar.id, Name: 'Guitar' },
        { Id: piano.id, Name: 'Piano' },
      ],
      AccessDays: 90,
      AccessUntil: null,
      UsesTotal: 30,
      UsesLeft: 30,
      RedeemedCount: 0,
      ValidFrom: null,
      ValidTo: null,
      Note: 'Class 9B',
      BatchKey: batch.BatchKey,
      CreatedAt: expect.any(String),
    });
  });

  it('refuses a batch beyond 500, a course of another site, both days and an end date, and a wrong validity', async () => {
    const { admin, guitar } = await school();
    const other = await school();
    const refused = [
      { CourseIds: [guitar.id], Count: 501, Uses: 1 },
      { CourseIds: [other.guitar.id], Count: 1, Uses: 1 },
      { CourseIds: [guitar.id], Count: 1, Uses: 1, AccessDays: 30, AccessUntil: '2099-01-01' },
      { CourseIds: [], Count: 1, Uses: 1 },
      { CourseIds: [guitar.id], Count: 1, Uses: 1, ValidFrom: '2099-02-01', ValidTo: '2099-01-01' },
      { CourseIds: [guitar.id], Count: 1, Uses: 1, ValidTo: '2001-01-01' },
    ];
    for (const data of refused) {
      const answer = await server.call('codes.php', 'generate_codes', data, as(admin));
      expect([answer.httpStatus, answer.body.error_code]).toEqual([400, 'INVALID_REQUEST']);
    }
    expect((await server.call('codes.php', 'get_codes', {}, as(admin))).body.total).toBe(0);
  });

  it('redeems a code: access to its courses for its days, shown in My courses with the end, and the redemption listed', async () => {
    const { admin, student, guitar, piano } = await school();
    const code = await oneCode(admin, [guitar.id, piano.id], { AccessDays: 30 });
    expect(await myCourses(student)).toEqual([]);

    const before = Date.now();
    const answer = await redeem(student, code.Code);
    expect(answer.httpStatus).toBe(200);
    expect(answer.body.Courses.map((c) => c.Name)).toEqual(['Guitar', 'Piano']);
    const courses = await myCourses(student);
    expect(courses.map((c) => c.Name)).toEqual(['Guitar', 'Piano']);
    for (const course of courses) {
      const ends = Date.parse(course.AccessEndsAt ?? '');
      expect(ends).toBeGreaterThanOrEqual(before + 30 * DAY_MS - 1000);
      expect(ends).toBeLessThanOrEqual(Date.now() + 30 * DAY_MS + 1000);
    }
    const opened = await server.call(
      'course.php',
      'get_course',
      { UserId: student.id, CourseId: guitar.id },
      as(student),
    );
    expect(opened.body.status).toBe('OK');

    const redemptions = await server.call('codes.php', 'get_redemptions', { Id: code.Id }, as(admin));
    expect(redemptions.body.data).toEqual([
      {
        UserId: student.id,
        FirstName: expect.any(String),
        LastName: expect.any(String),
        Email: student.email,
        RedeemedAt: expect.any(String),
      },
    ]);
    const listed = nth((await server.call('codes.php', 'get_codes', {}, as(admin))).body.data);
    expect([listed.UsesLeft, listed.RedeemedCount]).toEqual([0, 1]);
  });

  it('gives access without end, or until a fixed date', async () => {
    const { admin, student, guitar, piano } = await school();
    await redeem(student, (await oneCode(admin, [guitar.id])).Code);
    await redeem(student, (await oneCode(admin, [piano.id], { AccessUntil: '2099-06-30' })).Code);
    expect((await myCourses(student)).map((c) => [c.Name, c.AccessEndsAt])).toEqual([
      ['Guitar', null],
      ['Piano', '2099-06-30T23:59:59.999Z'],
    ]);
  });

  it('matches whatever the case, spaces and dashes', async () => {
    const { admin, site, guitar } = await school();
    const code = await oneCode(admin, [guitar.id], { Uses: 3 });
    const bare = normalizeCode(code.Code);
    const typed = [
      bare.toLowerCase(),
      ` ${bare.slice(0, 5)} ${bare.slice(5).toLowerCase()} `,
      `-${bare.slice(0, 8)}--${bare.slice(8)}`,
    ];
    for (const input of typed) {
      const learner = await createPerson(server, site, 'student');
      const answer = await redeem(learner, input);
      expect([answer.httpStatus, answer.body.status]).toEqual([200, 'OK']);
    }
  });

  it('answers each refusal with its own code: required, invalid, inactive, expired, already redeemed, already has access', async () => {
    const { admin, site, student, guitar, piano } = await school();
    const refusal = async (person: Person, code: string) => {
      const { httpStatus, body } = await redeem(person, code);
      return [httpStatus, body.error_code, body.message];
    };
    expect(await refusal(student, ' - ')).toEqual([
      400,
      'INVALID_REQUEST',
      expect.stringContaining('Code is required'),
    ]);
    expect(await refusal(student, 'ABCD-EFGH-JKLM-NPQR')).toEqual([400, 'INVALID_CODE', 'Invalid code']);

    const deactivated = await oneCode(admin, [guitar.id]);
    const off = await server.call('codes.php', 'deactivate_code', { Id: deactivated.Id }, as(admin));
    expect(off.body.data.Status).toBe('inactive');
    expect(await refusal(student, deactivated.Code)).toEqual([400, 'INVALID_CODE', 'Invalid code']);

    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const expiring = await oneCode(admin, [guitar.id], { ValidTo: new Date(Date.now() + DAY_MS).toISOString() });
    vi.setSystemTime(Date.now() + 2 * DAY_MS);
    expect(await refusal(student, expiring.Code)).toEqual([410, 'CODE_EXPIRED', 'The code has expired']);
    expect(nth((await server.call('codes.php', 'get_codes', {}, as(admin))).body.data).Status).toBe('expired');
    vi.useRealTimers();

    const shared = await oneCode(admin, [guitar.id], { Uses: 5 });
    expect((await redeem(student, shared.Code)).body.status).toBe('OK');
    expect(await refusal(student, shared.Code)).toEqual([
      409,
      'CODE_ALREADY_REDEEMED',
      'You have already redeemed this code',
    ]);

    const personal = await oneCode(admin, [piano.id]);
    expect((await redeem(student, personal.Code)).body.status).toBe('OK');
    const classmate = await createPerson(server, site, 'student');
    expect(await refusal(classmate, personal.Code)).toEqual([
      409,
      'CODE_ALREADY_REDEEMED',
      'This code has already been redeemed',
    ]);

    const both = await oneCode(admin, [guitar.id, piano.id]);
    expect(await refusal(student, both.Code)).toEqual([
      409,
      'ALREADY_HAS_ACCESS',
      'You already have access to these courses',
    ]);
    // Access given by staff counts too; a code with one course she lacks still opens that one.
    await grantAccess(server.db, { site, course: guitar, user: classmate });
    const answer = await redeem(classmate, both.Code);
    expect(answer.body.Courses.map((c) => c.Name)).toEqual(['Piano']);
    // The refusals took no uses.
    const listed = (await server.call('codes.php', 'get_codes', {}, as(admin))).body.data;
    expect(listed.find((c) => c.Id === both.Id)?.UsesLeft).toBe(0);
    expect(listed.find((c) => c.Id === deactivated.Id)?.UsesLeft).toBe(1);
  });

  it("is invalid on another site: a code is its own site's", async () => {
    const { admin, guitar } = await school();
    const code = await oneCode(admin, [guitar.id]);
    const other = await school();
    const answer = await redeem(other.student, code.Code);
    expect([answer.httpStatus, answer.body.error_code]).toEqual([400, 'INVALID_CODE']);
    const foreign = await server.call('codes.php', 'get_redemptions', { Id: code.Id }, as(other.admin));
    expect(foreign.body.error_code).toBe('NOT_FOUND');
  });

  it('grants a 1-use code once when 10 learners redeem it at the same moment', async () => {
    const { admin, site, guitar } = await school();
    const code = await oneCode(admin, [guitar.id]);
    const learners: Person[] = [];
    for (let i = 0; i < 10; i++) learners.push(await createPerson(server, site, 'student'));
    const answers = await Promise.all(learners.map((learner) => redeem(learner, code.Code)));
    expect(answers.filter((a) => a.body.status === 'OK')).toHaveLength(1);
    expect(answers.filter((a) => a.body.error_code === 'CODE_ALREADY_REDEEMED')).toHaveLength(9);
    const access = await server.db
      .selectFrom('course_access')
      .select('user_id')
      .where('site_id', '=', site.id)
      .where('course_id', '=', guitar.id)
      .execute();
    expect(access).toHaveLength(1);
    const redemptions = await server.call('codes.php', 'get_redemptions', { Id: code.Id }, as(admin));
    expect(redemptions.body.data.map((r) => r.UserId)).toEqual(access.map((a) => a.user_id));
  });

  it('refuses every try, a right code included, after too many wrong ones, until the window has passed', async () => {
    const { admin, student, guitar } = await school();
    const code = await oneCode(admin, [guitar.id]);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    for (let i = 0; i < CODE_GUESSES_PER_USER.limit; i++) {
      expect((await redeem(student, `WRONG-${i}`)).body.error_code).toBe('INVALID_CODE');
    }
    const refused = await redeem(student, code.Code);
    expect([refused.httpStatus, refused.body.error_code, refused.body.retry_after]).toEqual([
      429,
      'TOO_MANY_REQUESTS',
      CODE_GUESSES_PER_USER.windowSeconds,
    ]);
    vi.setSystemTime(Date.now() + 10 * 60 * 1000);
    expect((await redeem(student, code.Code)).body.retry_after).toBe(CODE_GUESSES_PER_USER.windowSeconds - 600);
    vi.setSystemTime(Date.now() + 5 * 60 * 1000 + 1000);
    const answer = await redeem(student, code.Code);
    expect([answer.httpStatus, answer.body.status]).toEqual([200, 'OK']);
  });

  it('counts wrong codes per address too: many users from one address cannot share out the guessing', async () => {
    const { admin, site, guitar } = await school();
    const code = await oneCode(admin, [guitar.id]);
    const perUser = CODE_GUESSES_PER_USER.limit;
    for (let user = 0; user < CODE_GUESSES_PER_SOURCE.limit / perUser; user++) {
      const guesser = await createPerson(server, site, 'student');
      for (let i = 0; i < perUser; i++)
        expect((await redeem(guesser, `WRONG-${i}`)).body.error_code).toBe('INVALID_CODE');
    }
    const newcomer = await createPerson(server, site, 'student');
    const refused = await redeem(newcomer, code.Code);
    expect([refused.httpStatus, refused.body.error_code]).toEqual([429, 'TOO_MANY_REQUESTS']);
    expect(refused.body.retry_after).toBeGreaterThan(CODE_GUESSES_PER_SOURCE.windowSeconds - 60);
    // Another site counts on its own.
    const other = await school();
    const elsewhere = await oneCode(other.admin, [other.guitar.id]);
    expect((await redeem(other.student, elsewhere.Code)).body.status).toBe('OK');
  });

  it('counts only wrong codes: right ones and refusals of a right code leave the guesses alone', async () => {
    const { admin, site, student, guitar } = await school();
    const code = await oneCode(admin, [guitar.id], { Uses: 100 });
    expect((await redeem(student, code.Code)).body.status).toBe('OK');
    for (let i = 0; i < CODE_GUESSES_PER_USER.limit + 2; i++) {
      expect((await redeem(student, code.Code)).body.error_code).toBe('CODE_ALREADY_REDEEMED');
    }
    for (let i = 0; i < CODE_GUESSES_PER_USER.limit - 1; i++) await redeem(student, `WRONG-${i}`);
    const classmate = await createPerson(server, site, 'student');
    expect((await redeem(classmate, code.Code)).body.status).toBe('OK');
    // The fifth wrong one is still a plain refusal; the sixth try is held back.
    expect((await redeem(student, 'WRONG-X')).body.error_code).toBe('INVALID_CODE');
    expect((await redeem(student, 'WRONG-Y')).body.error_code).toBe('TOO_MANY_REQUESTS');
  });

  describe('with a registration (/register?code=)', () => {
    let visitors = 0;
    const register = (
      site: { name: string },
      Code: string,
      email = `visitor-${Date.now()}-${visitors++}@example.test`,
    ) =>
      server.call(
        'register.php',
        'register',
        {
          account_type: 'private',
          FirstName: 'Vera',
          LastName: 'Visitor',
          email,
          password: 'violet tractor umbrella',
          agree_terms: true,
          Code,
        },
        { site: site.name },
      );
    const accounts = async (site: { id: number }) =>
      (await server.db.selectFrom('users').select('email').where('site_id', '=', site.id).execute()).map(
        (u) => u.email,
      );

    it('redeems the code for the account it makes: her courses wait for her first sign-in', async () => {
      const { admin, site, guitar, piano } = await school();
      const code = await oneCode(admin, [guitar.id, piano.id], { AccessDays: 30 });
      const email = `vera-${Date.now()}@example.test`;
      const answer = await register(site, code.Code.toLowerCase(), email);
      expect([answer.httpStatus, answer.body]).toEqual([200, { status: 'OK' }]);

      const redemptions = await server.call('codes.php', 'get_redemptions', { Id: code.Id }, as(admin));
      expect(redemptions.body.data.map((r) => r.Email)).toEqual([email]);
      expect(nth((await server.call('codes.php', 'get_codes', {}, as(admin))).body.data).UsesLeft).toBe(0);
      // Once her address is verified she signs in, and the courses are in My courses, with the code's end.
      await server.db
        .updateTable('users')
        .set({ email_verified_at: new Date().toISOString() })
        .where('email', '=', email)
        .execute();
      const token = await signInAs(server, site, { email, password: 'violet tractor umbrella' });
      const user = await server.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      const mine = (await server.call('course.php', 'get_my_courses', { UserId: user.id }, { token, site: site.name }))
        .body.data;
      expect(mine.map((c) => c.Name)).toEqual(['Guitar', 'Piano']);
      expect(driftFrom(nth(mine).AccessEndsAt ?? '', 30 * DAY_MS)).toBeLessThan(60_000);
    });

    it("refuses a registration with the code's own error and makes no account: wrong, used up, expired", async () => {
      const { admin, site, student, guitar } = await school();
      const before = await accounts(site);
      const refusal = async (code: string) => {
        const { httpStatus, body } = await register(site, code);
        return [httpStatus, body.error_code, body.message];
      };
      expect(await refusal('ABCD-EFGH-JKLM-NPQR')).toEqual([400, 'INVALID_CODE', 'Invalid code']);
      const used = await oneCode(admin, [guitar.id]);
      expect((await redeem(student, used.Code)).body.status).toBe('OK');
      expect(await refusal(used.Code)).toEqual([409, 'CODE_ALREADY_REDEEMED', 'This code has already been redeemed']);
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
      const expiring = await oneCode(admin, [guitar.id], { ValidTo: new Date(Date.now() + DAY_MS).toISOString() });
      vi.setSystemTime(Date.now() + 2 * DAY_MS);
      expect(await refusal(expiring.Code)).toEqual([410, 'CODE_EXPIRED', 'The code has expired']);
      vi.useRealTimers();
      expect(await accounts(site)).toEqual(before);
      // Left out or empty, there is no code: a plain registration.
      const plain = await register(site, '');
      expect(plain.body.status).toBe('OK');
      expect(await accounts(site)).toHaveLength(before.length + 1);
    });

    it('answers a known address as a new one: a wrong code is refused alike, a right one is not spent on her', async () => {
      const { admin, site, student, guitar } = await school();
      const wrong = await register(site, 'ABCD-EFGH-JKLM-NPQR', student.email);
      expect([wrong.httpStatus, wrong.body.error_code]).toEqual([400, 'INVALID_CODE']);
      const code = await oneCode(admin, [guitar.id]);
      const known = await register(site, code.Code, student.email);
      expect([known.httpStatus, known.body]).toEqual([200, { status: 'OK' }]);
      expect(nth((await server.call('codes.php', 'get_codes', {}, as(admin))).body.data).UsesLeft).toBe(1);
      expect(await myCourses(student)).toEqual([]);
    });

    it("counts a registration's wrong codes per e-mail address and per source, as redeeming does", async () => {
      const { admin, site, guitar } = await school();
      const code = await oneCode(admin, [guitar.id]);
      const email = `guesser-${Date.now()}@example.test`;
      for (let i = 0; i < CODE_GUESSES_PER_USER.limit; i++) {
        expect((await register(site, `WRONG-${i}`, email)).body.error_code).toBe('INVALID_CODE');
      }
      const refused = await register(site, code.Code, email);
      expect([refused.httpStatus, refused.body.error_code]).toEqual([429, 'TOO_MANY_REQUESTS']);
      expect(await accounts(site)).not.toContain(email);
    });
  });

  it('exports a batch as CSV, one row per code, and deactivating one shows in it', async () => {
    const { admin, guitar } = await school();
    const batch = await generate(admin, [guitar.id], { Count: 3, Uses: 25, Note: '=Class, "9B"' });
    await server.call('codes.php', 'deactivate_code', { Id: nth(batch.data).Id }, as(admin));
    const exported = await server.call('codes.php', 'export_codes', { BatchKey: batch.BatchKey }, as(admin));
    expect(exported.body.FileName).toMatch(/^codes-\d{4}-\d{2}-\d{2}-[0-9a-f]{16}\.csv$/);
    const lines = (exported.body.Csv ?? '').trimEnd().split('\r\n');
    expect(nth(lines)).toBe('Code,Status,Courses,Uses,Uses left,Access days,Access until,Valid from,Valid to,Note');
    expect(lines.slice(1)).toEqual(
      batch.data.map((c, i) => `${c.Code},${i === 0 ? 'inactive' : 'active'},Guitar,25,25,,,,,"'=Class, ""9B"""`),
    );
    const missing = await server.call('codes.php', 'export_codes', { BatchKey: 'nothing' }, as(admin));
    expect(missing.body.error_code).toBe('NOT_FOUND');
  });
});
