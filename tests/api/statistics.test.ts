import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayOf, weekOf } from '../../src/shared/domain/statistics/statistics';
import { createCompany, createSite } from '../factories';
import { addCoach, as, createPerson, type Person } from '../factories/coaching';
import { createCourse, grantAccess, question } from '../factories/courses';
import { downloadCall, sendCall } from '../support/api';
import { testDialects } from '../support/databases';
import { startTestServer, type TestServer } from '../support/server';

const dialects = await testDialects();

const DAY_MS = 86_400_000;
const ago = (days: number, hours = 0) => new Date(Date.now() - days * DAY_MS - hours * 3_600_000).toISOString();
const today = dayOf(new Date());
const text = (file: { bytes: Uint8Array }) => new TextDecoder().decode(file.bytes);

describe.each(dialects)('statistics: statistics.php on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(async () => {
    await server.close();
  });

  // biome-ignore lint/suspicious/noExplicitAny: the answers are checked against the contract by the test server
  const call = (person: Person, req: string, data: Record<string, unknown> = {}): Promise<any> =>
    sendCall(server.url, 'statistics.php', req, data, as(person));

  /**
   * A small school built by hand: course A (three parts, a test in the second) coached by Coach, course B; Ann (of
   * company X), Ben and Cid learn A, Ben B as well; every figure below is counted from these rows.
   */
  async function school() {
    const db = server.db;
    const site = await createSite(db);
    const company = await createCompany(db, { site, name: 'X' });
    const admin = await createPerson(server, site, 'admin');
    const coach = await createPerson(server, site, 'coach');
    const a = await createCourse(db, {
      site,
      name: 'A',
      parts: [
        { name: 'One' },
        {
          name: 'Two',
          criteria: 'test',
          blocks: [
            { type: 'Test', title: 'Check', content: { intro: '', questions: [question('q')], passPercent: 100 } },
          ],
        },
        { name: 'Three', blocks: [{ type: 'Exam', title: 'Essay', content: { html: '<p>Write</p>' } }] },
      ],
    });
    const b = await createCourse(db, { site, name: 'B' });
    await addCoach(db, { site, course: a, user: coach });
    const ann = await createPerson(server, site, 'student', { companyId: company.id, firstName: 'Ann' });
    const ben = await createPerson(server, site, 'student', { firstName: 'Ben' });
    const cid = await createPerson(server, site, 'student', { firstName: 'Cid' });
    for (const learner of [ann, ben, cid]) await grantAccess(db, { site, course: a, user: learner });
    await grantAccess(db, { site, course: b, user: ben });

    const row = (userId: number, at: string) => ({ site_id: site.id, user_id: userId, created_at: at, updated_at: at });
    const [p1, p2, p3] = a.partIds as [number, number, number];
    const reached: Array<[Person, number[]]> = [
      [ann, [p1, p2, p3]],
      [ben, [p1, p2]],
      [cid, [p1]],
    ];
    for (const [learner, parts] of reached) {
      for (const partId of parts) {
        await db
          .insertInto('part_progress')
          .values({
            ...row(learner.id, ago(3)),
            course_id: a.id,
            course_part_id: partId,
            video_play: 0,
            completed_at: ago(3),
            milestone_completed_at: null,
          })
          .execute();
      }
    }
    await db
      .insertInto('course_progress')
      .values([
        { ...row(ann.id, ago(10)), course_id: a.id, progress_percent: 100, xp: 0, completed_at: ago(4) },
        { ...row(ben.id, ago(10)), course_id: a.id, progress_percent: 66, xp: 0, completed_at: null },
        { ...row(cid.id, ago(1)), course_id: a.id, progress_percent: 33, xp: 0, completed_at: null },
        { ...row(ben.id, ago(2)), course_id: b.id, progress_percent: 100, xp: 0, completed_at: ago(0) },
      ])
      .execute();
    const testBlock = a.blockIds[1]?.[0] as number;
    const examBlock = a.blockIds[2]?.[0] as number;
    await db
      .insertInto('block_results')
      .values([
        {
          ...row(ann.id, ago(3)),
          course_block_id: testBlock,
          answers: '{}',
          score: 1,
          max_score: 1,
          passed: 1,
          attempts: 1,
        },
        {
          ...row(ben.id, ago(3)),
          course_block_id: testBlock,
          answers: '{}',
          score: 0,
          max_score: 1,
          passed: 0,
          attempts: 1,
        },
      ])
      .execute();
    const exam = { course_id: a.id, course_part_id: p3, course_block_id: examBlock, answer: 'text', submissions: 1 };
    await db
      .insertInto('user_exams')
      .values([
        {
          ...row(ann.id, ago(2)),
          ...exam,
          status: 'completed',
          submitted_at: ago(2, 5),
          reviewed_at: ago(2),
          review_score: 85,
        },
        { ...row(ben.id, ago(1)), ...exam, status: 'submitted', submitted_at: ago(1) },
      ])
      .execute();
    await db
      .insertInto('xp_awards')
      .values([
        { ...row(ann.id, ago(0)), course_id: a.id, course_part_id: p1, source: 'progress', xp: 10 },
        { ...row(ben.id, ago(0)), course_id: b.id, course_part_id: b.partIds[0] as number, source: 'progress', xp: 5 },
      ])
      .execute();
    await db
      .insertInto('certificates')
      .values({
        ...row(ann.id, ago(4)),
        course_id: a.id,
        code: `C-${site.id}`,
        issued_at: ago(4),
        expires_at: new Date(Date.now() + 10 * DAY_MS).toISOString(),
      })
      .execute();
    await db
      .insertInto('messages')
      .values(
        [
          {
            ...row(0, ago(0)),
            kind: 'chat' as const,
            title: '',
            removed_by_sender: 0,
            removed_by_recipient: 0,
            from_user_id: ann.id,
            to_user_id: coach.id,
            message: 'Hi',
          },
          {
            ...row(0, ago(0)),
            kind: 'support' as const,
            title: '',
            removed_by_sender: 0,
            removed_by_recipient: 0,
            from_user_id: ben.id,
            to_user_id: null,
            message: 'Help',
          },
        ].map(({ user_id: _, ...message }) => message),
      )
      .execute();
    return { site, company, admin, coach, a, b, ann, ben, cid };
  }

  it('counts learners, courses, the funnel and engagement exactly as the rows say; a coach sees his course alone', async () => {
    const { company, admin, coach, a, b } = await school();

    // Signing in made each learner active today; staff are not learners.
    const learners = await call(admin, 'get_learner_statistics', {});
    expect(learners.body.status).toBe('OK');
    const { data } = learners.body;
    expect(data).toMatchObject({ Granularity: 'day', To: today, Totals: { Active: 3, New: 3, SignIns: 3 } });
    expect(data.Series).toHaveLength(30);
    expect(data.Series.at(-1)).toEqual({ Period: today, Active: 3, New: 3, SignIns: 3 });
    expect((await call(admin, 'get_learner_statistics', { CompanyId: company.id })).body.data.Totals).toEqual({
      Active: 1,
      New: 1,
      SignIns: 1,
    });
    const weekly = (await call(admin, 'get_learner_statistics', { Granularity: 'week', From: ago(20).slice(0, 10) }))
      .body.data;
    expect(weekly.Series.at(-1)).toEqual({ Period: weekOf(today), Active: 3, New: 3, SignIns: 3 });

    const courses = (await call(admin, 'get_course_statistics', {})).body.data;
    expect(courses.Courses).toEqual([
      { CourseId: a.id, Name: 'A', Enrolled: 3, Started: 3, Completed: 1, CompletionRate: 33, MedianDaysToComplete: 6 },
      {
        CourseId: b.id,
        Name: 'B',
        Enrolled: 1,
        Started: 1,
        Completed: 1,
        CompletionRate: 100,
        MedianDaysToComplete: 2,
      },
    ]);
    expect(courses.Exams).toEqual({ Waiting: 1, Reviewed: 1, MedianReviewHours: 5 });

    const funnel = (await call(admin, 'get_course_funnel', { CourseId: a.id })).body.data;
    expect(funnel).toMatchObject({ CourseId: a.id, Name: 'A', Enrolled: 3 });
    expect(
      funnel.Parts.map((part: { Name: string; Reached: number; ReachedRate: number }) => [
        part.Name,
        part.Reached,
        part.ReachedRate,
      ]),
    ).toEqual([
      ['One', 3, 100],
      ['Two', 2, 67],
      ['Three', 1, 33],
    ]);
    expect(funnel.Parts[1].Tests).toEqual([
      { BlockId: a.blockIds[1]?.[0], Kind: 'Test', Title: 'Check', Answered: 2, Passed: 1 },
    ]);
    const ofCompany = (await call(admin, 'get_course_funnel', { CourseId: a.id, CompanyId: company.id })).body.data;
    expect(ofCompany.Parts.map((part: { Reached: number }) => part.Reached)).toEqual([1, 1, 1]);
    // Started in the last five days: Cid alone.
    const cohort = (await call(admin, 'get_course_funnel', { CourseId: a.id, From: ago(5).slice(0, 10) })).body.data;
    expect(cohort.Parts.map((part: { Reached: number }) => part.Reached)).toEqual([1, 0, 0]);

    const engagement = (await call(admin, 'get_engagement_statistics', {})).body.data;
    const sum = (key: string) =>
      engagement.Series.reduce((total: number, row: Record<string, number>) => total + (row[key] ?? 0), 0);
    expect([sum('Xp'), sum('Certificates'), sum('Messages'), sum('SupportRequests'), sum('EarTraining')]).toEqual([
      15, 1, 1, 1, 0,
    ]);
    expect(engagement.CertificatesExpiringSoon).toBe(1);

    // The coach: course A alone, everywhere.
    expect(
      (await call(coach, 'get_course_statistics', {})).body.data.Courses.map((c: { Name: string }) => c.Name),
    ).toEqual(['A']);
    const coachEngagement = (await call(coach, 'get_engagement_statistics', {})).body.data;
    expect(coachEngagement.Series.reduce((total: number, row: { Xp: number }) => total + row.Xp, 0)).toBe(10);
    expect((await call(coach, 'get_learner_statistics', {})).body.data.Totals.Active).toBe(3);
    for (const req of ['get_course_statistics', 'get_course_funnel', 'get_learner_statistics']) {
      expect((await call(coach, req, { CourseId: b.id })).body).toMatchObject({ error_code: 'FORBIDDEN' });
    }
    expect((await call(coach, 'get_sales_statistics', {})).body).toMatchObject({ error_code: 'FORBIDDEN' });
  });

  it('counts paid orders and their revenue after refunds per product and month', async () => {
    const { site, admin, ann, ben } = await school();
    const at = ago(0);
    const product = await server.db
      .insertInto('products')
      .values({
        site_id: site.id,
        slug: `p-${site.id}`,
        kind: 'course',
        texts: '{}',
        price_cents: 10000,
        tax_category: 'standard',
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const order = (userId: number, paidAt: string | null, refunded = 0) => ({
      site_id: site.id,
      user_id: userId,
      product_id: product.id,
      product_name: 'Guitar',
      status: paidAt ? 'paid' : 'pending',
      payment: 'card',
      list_price_cents: 10000,
      amount_cents: 10000,
      refunded_cents: refunded,
      currency: 'sek',
      tax_category: 'standard',
      language: 'en',
      ip_address: '127.0.0.1',
      paid_at: paidAt,
      created_at: at,
      updated_at: at,
    });
    await server.db
      .insertInto('orders')
      .values([order(ann.id, ago(0)), order(ben.id, ago(0), 2500), order(ben.id, null)])
      .execute();
    const sales = (await call(admin, 'get_sales_statistics', { Granularity: 'month' })).body.data;
    expect(sales.Rows.filter((r: { Period: string }) => r.Period === today.slice(0, 7))).toEqual([
      {
        Period: today.slice(0, 7),
        ProductId: product.id,
        ProductName: 'Guitar',
        Currency: 'SEK',
        Orders: 2,
        RevenueCents: 17500,
      },
    ]);
  });

  it('a learner who comes back on a new day is active that day, once however often she polls', async () => {
    const { site, admin, ann } = await school();
    await server.db.deleteFrom('activity_periods').where('user_id', '=', ann.id).execute();
    await server.db
      .updateTable('users')
      .set({ last_seen_at: ago(2) })
      .where('id', '=', ann.id)
      .execute();
    for (let poll = 0; poll < 2; poll++) {
      const answer = await server.call('messages.php', 'get_messages', { UserId: ann.id, page: 1, limit: 25 }, as(ann));
      expect(answer.body).toMatchObject({ status: 'OK' });
    }
    const periods = await server.db
      .selectFrom('activity_periods')
      .select('period')
      .where('site_id', '=', site.id)
      .where('user_id', '=', ann.id)
      .orderBy('period')
      .execute();
    expect(periods.map((row) => row.period)).toEqual([`d${today}`, `m${today.slice(0, 7)}`, `w${weekOf(today)}`]);
    expect((await call(admin, 'get_learner_statistics', {})).body.data.Totals.Active).toBe(3);
  });

  it('a course’s gradebook lists every learner with her progress, results and exams; sorted, searched, as CSV', async () => {
    const { admin, coach, a, b, ann, ben, cid } = await school();
    const book = (await call(coach, 'get_gradebook', { CourseId: a.id })).body.data;
    expect(book).toMatchObject({
      CourseId: a.id,
      Name: 'A',
      Tests: [{ Kind: 'Test', Title: 'Check', Part: 'Two' }],
      Exams: [{ Kind: 'Exam', Title: 'Essay', Part: 'Three' }],
      Total: 3,
      pagination: { page: 1, total_pages: 1 },
    });
    expect(
      book.Learners.map((l: Record<string, unknown>) => [l.UserId, l.Company, l.Progress, l.Results, l.Exams]),
    ).toEqual([
      [ann.id, 'X', 100, [{ Score: 1, MaxScore: 1, Passed: true }], [{ State: 'completed', Score: 85 }]],
      [ben.id, null, 66, [{ Score: 0, MaxScore: 1, Passed: false }], [{ State: 'submitted', Score: null }]],
      [cid.id, null, 33, [null], [null]],
    ]);
    const byProgress = (await call(admin, 'get_gradebook', { CourseId: a.id, Sort: 'progress', Dir: 'asc' })).body.data;
    expect(byProgress.Learners.map((l: { UserId: number }) => l.UserId)).toEqual([cid.id, ben.id, ann.id]);
    const found = (await call(admin, 'get_gradebook', { CourseId: a.id, Search: 'BEN' })).body.data;
    expect(found.Learners.map((l: { UserId: number }) => l.UserId)).toEqual([ben.id]);
    expect((await call(coach, 'get_gradebook', { CourseId: b.id })).body).toMatchObject({ error_code: 'FORBIDDEN' });
    expect((await call(ann, 'get_gradebook', { CourseId: a.id })).body).toMatchObject({ error_code: 'FORBIDDEN' });

    const csv = await downloadCall(server.url, 'statistics.php', 'export_gradebook', { CourseId: a.id }, as(coach));
    const lines = text(csv)
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('UserId,Name,Email,Company,Progress,CompletedAt,LastActivity,Two: Check,Three: Essay');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toMatch(new RegExp(`^${ann.id},Ann Tester,.*,X,100,.*,1/1 passed,completed 85$`));
  });

  it('refuses learners, periods that end before they start or span more than two years, and courses of other sites', async () => {
    const { admin, ann } = await school();
    const other = await school();
    expect((await call(ann, 'get_learner_statistics', {})).body).toMatchObject({ error_code: 'FORBIDDEN' });
    expect((await call(admin, 'get_learner_statistics', { From: today, To: ago(3).slice(0, 10) })).body).toMatchObject({
      error_code: 'INVALID_REQUEST',
    });
    expect((await call(admin, 'get_learner_statistics', { From: ago(800).slice(0, 10) })).body).toMatchObject({
      error_code: 'INVALID_REQUEST',
    });
    expect((await call(admin, 'get_learner_statistics', { From: 'yesterday' })).body).toMatchObject({
      error_code: 'INVALID_REQUEST',
    });
    expect((await call(admin, 'get_course_funnel', { CourseId: other.a.id })).body).toMatchObject({
      error_code: 'NOT_FOUND',
    });
    // The spec's "0 for no id": a course of 0 is every course.
    expect((await call(admin, 'get_course_statistics', { CourseId: 0, CompanyId: 0 })).body.data.Courses).toHaveLength(
      2,
    );
  });

  it('exports each view as CSV; a coach may not export sales', async () => {
    const { admin, coach, a } = await school();
    const csv = await downloadCall(
      server.url,
      'statistics.php',
      'export_statistics',
      { View: 'funnel', CourseId: a.id },
      as(admin),
    );
    expect(csv.status).toBe(200);
    const lines = text(csv)
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toEqual([
      'SortNr,PartId,Name,Reached,ReachedRate,Tests,Answered,Passed',
      `1,${a.partIds[0]},One,3,100,0,0,0`,
      `2,${a.partIds[1]},Two,2,67,1,2,1`,
      `3,${a.partIds[2]},Three,1,33,0,0,0`,
    ]);
    const learners = await downloadCall(
      server.url,
      'statistics.php',
      'export_statistics',
      { View: 'learners' },
      as(coach),
    );
    expect(text(learners).trim().split('\r\n')).toHaveLength(31);
    const sales = await downloadCall(server.url, 'statistics.php', 'export_statistics', { View: 'sales' }, as(coach));
    expect(sales.status).not.toBe(200);
  });
});
