import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSite } from '../factories';
import { as, createPerson, type Person } from '../factories/coaching';
import { createCourse, grantAccess } from '../factories/courses';
import { nth } from '../support/answers';
import { testDialects } from '../support/databases';
import { pdfLines } from '../support/pdf';
import { startTestServer, type TestServer } from '../support/server';

const dialects = await testDialects();

/**
 * A course's name and description in English and Swedish (spec §1): written by staff in the course's settings, and
 * read by a learner in her language, else the course's default, wherever the course or its parts are named: the
 * course page, My courses, the free lessons and the certificates.
 */
describe.each(dialects)('course names and descriptions in several languages on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  /** A call of course_manager.php; its answer loosely typed, as the tests send wrong data on purpose too. */
  const manage = async (person: Person, req: string, data: Record<string, unknown>) =>
    // biome-ignore lint/suspicious/noExplicitAny: the tests send wrong data on purpose and read any answer
    (await server.call('course_manager.php', req as any, data as any, as(person))) as { httpStatus: number; body: any };

  /**
   * A site with a published course of two parts (the first free and named in Swedish too), staff, and learners with
   * access: one who reads Swedish, one English, one who chose nothing.
   */
  async function world() {
    const site = await createSite(server.db);
    const course = await createCourse(server.db, {
      site,
      name: 'Sound design',
      description: 'All about sound',
      certificate: true,
      parts: [{ name: 'Intro', free: true }, { name: 'Waves' }],
    });
    const [intro, waves] = course.partIds as [number, number];
    await server.db
      .updateTable('course_parts')
      .set({ translations: JSON.stringify({ sv: { name: 'Introduktion' } }) })
      .where('id', '=', intro)
      .execute();
    const admin = await createPerson(server, site, 'admin');
    const coach = await createPerson(server, site, 'coach');
    const svLearner = await createPerson(server, site, 'student', { language: 'sv' });
    const enLearner = await createPerson(server, site, 'student', { language: 'en' });
    const learner = await createPerson(server, site, 'student');
    for (const user of [svLearner, enLearner, learner]) await grantAccess(server.db, { site, course, user });
    return { site, course, parts: { intro, waves }, admin, coach, svLearner, enLearner, learner };
  }
  type World = Awaited<ReturnType<typeof world>>;

  const settingsOf = async (w: World) => (await manage(w.admin, 'get_course_settings', { CourseId: w.course.id })).body;

  const translate = async (w: World, translations: Record<string, { Name: string; Description: string }>) => {
    const { data } = await settingsOf(w);
    return manage(w.admin, 'save_course_settings', {
      CourseId: w.course.id,
      Settings: { ...data, Translations: translations },
    });
  };

  const courseAs = async (who: Person, w: World, headers: Record<string, string> = {}) =>
    nth(
      (await server.ok('course.php', 'get_course', { UserId: who.id, CourseId: w.course.id }, { ...as(who), headers }))
        .data,
    );

  const myCourseAs = async (who: Person) =>
    nth((await server.ok('course.php', 'get_my_courses', { UserId: who.id }, as(who))).data);

  const freeLessons = async (w: World, options: { who?: Person; headers?: Record<string, string> }) =>
    (
      await server.ok(
        'course.php',
        'get_free_lessons',
        {},
        { ...(options.who ? as(options.who) : { site: w.site.name }), headers: options.headers ?? {} },
      )
    ).data.map((lesson) => [lesson.CourseName, lesson.Name]);

  it('staff write the name and description in Swedish in the settings; a learner reads her language, else the default', async () => {
    const w = await world();
    const before = await settingsOf(w);
    expect(before.DefaultLanguage).toBe('en');
    expect(before.data).toMatchObject({ Name: 'Sound design', Description: 'All about sound', Translations: {} });
    const status = async () =>
      (await server.ok('course_admin.php', 'get_course_translation_status', { CourseId: w.course.id }, as(w.coach)))
        .CourseMissingTranslations;
    expect(await status()).toEqual(['sv']);

    // A name alone is half a translation: the description still lacks Swedish.
    await translate(w, { sv: { Name: 'Ljuddesign', Description: '' } });
    expect(await status()).toEqual(['sv']);
    const saved = await translate(w, { sv: { Name: ' Ljuddesign ', Description: 'Allt om ljud' } });
    expect(saved.httpStatus).toBe(200);
    expect(saved.body.data.Translations).toEqual({ sv: { Name: 'Ljuddesign', Description: 'Allt om ljud' } });
    expect((await settingsOf(w)).data.Translations).toEqual({
      sv: { Name: 'Ljuddesign', Description: 'Allt om ljud' },
    });
    expect(await status()).toEqual([]);

    const sv = await courseAs(w.svLearner, w);
    expect([sv.Name, sv.Description]).toEqual(['Ljuddesign', 'Allt om ljud']);
    expect(sv.CourseParts.map((part) => part.Name)).toEqual(['Introduktion', 'Waves']);
    const en = await courseAs(w.enLearner, w);
    expect([en.Name, en.Description]).toEqual(['Sound design', 'All about sound']);
    expect(en.CourseParts.map((part) => part.Name)).toEqual(['Intro', 'Waves']);
    // Who chose no language reads the one her browser asks for.
    expect((await courseAs(w.learner, w, { 'accept-language': 'sv-SE,sv;q=0.9' })).Name).toBe('Ljuddesign');
    expect((await courseAs(w.learner, w, { 'accept-language': 'en-GB' })).Name).toBe('Sound design');

    expect(await myCourseAs(w.svLearner)).toMatchObject({ Name: 'Ljuddesign', Description: 'Allt om ljud' });
    expect(await myCourseAs(w.enLearner)).toMatchObject({ Name: 'Sound design', Description: 'All about sound' });

    // A translation left empty is none: the course's own text shows.
    await translate(w, { sv: { Name: '', Description: 'Allt om ljud' } });
    expect((await courseAs(w.svLearner, w)).Name).toBe('Sound design');
    expect(await status()).toEqual(['sv']);
  });

  it('the free lessons name their course and themselves in the reader’s language, else the default', async () => {
    const w = await world();
    expect(await freeLessons(w, { headers: { 'accept-language': 'sv' } })).toEqual([['Sound design', 'Introduktion']]);
    await translate(w, { sv: { Name: 'Ljuddesign', Description: '' } });
    expect(await freeLessons(w, { headers: { 'accept-language': 'sv' } })).toEqual([['Ljuddesign', 'Introduktion']]);
    expect(await freeLessons(w, { headers: { 'accept-language': 'en' } })).toEqual([['Sound design', 'Intro']]);
    // A signed-in reader's own choice comes before her browser's.
    expect(await freeLessons(w, { who: w.svLearner, headers: { 'accept-language': 'en' } })).toEqual([
      ['Ljuddesign', 'Introduktion'],
    ]);
    const lesson = await server.ok(
      'course.php',
      'get_free_lesson',
      { CourseId: w.course.id, PartId: w.parts.intro },
      { site: w.site.name, headers: { 'accept-language': 'sv' } },
    );
    expect([lesson.data.CourseName, lesson.data.Part.Name]).toEqual(['Ljuddesign', 'Introduktion']);
  });

  it('a certificate names the course in the learner’s language', async () => {
    const w = await world();
    await translate(w, { sv: { Name: 'Ljuddesign', Description: '' } });
    for (const partId of [w.parts.intro, w.parts.waves]) {
      await server.ok(
        'course_progress.php',
        'updateCourseProgressVideoPlay',
        { UserId: w.svLearner.id, CourseId: w.course.id, CoursePartId: partId },
        as(w.svLearner),
      );
    }
    const list = await server.ok('certificates.php', 'get_certificates', { UserId: w.svLearner.id }, as(w.svLearner));
    expect(list.data.map((c) => c.CourseName)).toEqual(['Ljuddesign']);
    expect((await courseAs(w.svLearner, w)).Certificate?.CourseName).toBe('Ljuddesign');
    const pdf = await server.ok(
      'certificates.php',
      'download_certificate',
      { Id: nth(list.data).Id },
      { ...as(w.svLearner), headers: { 'Accept-Language': 'sv' } },
    );
    expect(await pdfLines(Buffer.from(pdf.data.pdfBase64, 'base64'))).toContain('Ljuddesign');
  });

  it('refuses a translation into the course’s own or an unsupported language, changing nothing', async () => {
    const w = await world();
    await translate(w, { sv: { Name: 'Ljuddesign', Description: '' } });
    for (const [language, field] of [
      ['en', 'data.Settings.Translations.en'],
      ['fi', 'data.Settings.Translations.fi'],
    ] as const) {
      const refused = await translate(w, {
        sv: { Name: 'Annat', Description: '' },
        [language]: { Name: 'X', Description: '' },
      });
      expect(refused.httpStatus).toBe(400);
      expect(refused.body.error_code).toBe('INVALID_REQUEST');
      expect(refused.body.fields).toEqual([{ field, message: expect.stringContaining('other than the course') }]);
    }
    const tooLong = await translate(w, { sv: { Name: 'x'.repeat(201), Description: '' } });
    expect(tooLong.httpStatus).toBe(400);
    expect((await settingsOf(w)).data.Translations).toEqual({ sv: { Name: 'Ljuddesign', Description: '' } });

    // Settings sent without a description or translations (an older form) leave them as they are.
    const { data } = await settingsOf(w);
    const { Description: _d, Translations: _t, ...older } = data;
    const saved = await manage(w.admin, 'save_course_settings', {
      CourseId: w.course.id,
      Settings: { ...older, XpPerReward: 9 },
    });
    expect(saved.httpStatus).toBe(200);
    expect(saved.body.data).toMatchObject({
      XpPerReward: 9,
      Description: 'All about sound',
      Translations: { sv: { Name: 'Ljuddesign', Description: '' } },
    });
  });

  it('a copy of a course is named anew in every language, and keeps its translated description', async () => {
    const w = await world();
    await translate(w, { sv: { Name: 'Ljuddesign', Description: 'Allt om ljud' } });
    const copy = await manage(w.admin, 'duplicate_course', { CourseId: w.course.id, Name: 'Sound design 2' });
    const settings = await manage(w.admin, 'get_course_settings', { CourseId: copy.body.data.Id });
    expect(settings.body.data.Translations).toEqual({ sv: { Name: '', Description: 'Allt om ljud' } });
  });
});
