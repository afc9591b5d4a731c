import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { now } from '../../src/server/platform/db';
import type { EditableBlock } from '../../src/shared/contract/authoring/partContent';
import type { BlockType } from '../../src/shared/domain/learning/course';
import { createSite } from '../factories';
import { as, createPerson, type Person } from '../factories/coaching';
import { createCourse, createMedia, grantAccess, question } from '../factories/courses';
import { createSurvey } from '../factories/surveys';
import { testDialects } from '../support/databases';
import { snapshotRows } from '../support/inspect';
import { startTestServer, type TestServer } from '../support/server';

const dialects = await testDialects();

/** A block as an editor sends it (the contract's input). */
type SentBlock = Omit<Partial<EditableBlock>, 'Id' | 'PostId' | 'Translations'> & {
  Id?: number;
  BlockType: BlockType;
  PostId?: number;
  Content: Record<string, unknown>;
  Translations?: Record<string, { Title?: string; Content?: Record<string, unknown> }>;
};

describe.each(dialects)('part content, revisions and translations on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  /**
   * A site with a course of three parts (the second is edited, the third is a Post target), another course, its
   * media, two staff editors, and learners with access: one who reads Swedish, one English, one who chose nothing.
   */
  async function world() {
    const site = await createSite(server.db);
    const course = await createCourse(server.db, {
      site,
      parts: [{ name: 'Intro' }, { name: 'Sound', blocks: [] }, { name: 'Waves' }],
    });
    const other = await createCourse(server.db, { site, parts: [{ name: 'Elsewhere' }] });
    const media = async (kind: 'image' | 'video' | 'audio' | 'file', mimeType: string, originalName: string) =>
      (await createMedia(server.db, { config: server.config, site, kind, mimeType, originalName })).id;
    const image = await media('image', 'image/png', 'wave.png');
    const video = await media('video', 'video/webm', 'episode.webm');
    const audio = await media('audio', 'audio/ogg', 'tone.ogg');
    const file = await media('file', 'application/pdf', 'notes.pdf');
    const admin = await createPerson(server, site, 'admin', { firstName: 'Ada', lastName: 'Admin' });
    const coach = await createPerson(server, site, 'coach', { firstName: 'Cole', lastName: 'Coach' });
    const svLearner = await createPerson(server, site, 'student', { language: 'sv' });
    const enLearner = await createPerson(server, site, 'student', { language: 'en' });
    const learner = await createPerson(server, site, 'student');
    for (const user of [svLearner, enLearner, learner]) await grantAccess(server.db, { site, course, user });
    const [intro, part, waves] = course.partIds as [number, number, number];
    const survey = await createSurvey(server.db, { site, userId: admin.id });
    return {
      site,
      survey,
      course,
      other,
      parts: { intro, part, waves },
      media: { image, video, audio, file },
      admin,
      coach,
      svLearner,
      enLearner,
      learner,
    };
  }
  type World = Awaited<ReturnType<typeof world>>;

  const lock = async (who: Person, courseId: number) =>
    (await server.ok('course_lock.php', 'lock_course_for_editing', { CourseId: courseId }, as(who))).Version;

  const save = (
    who: Person,
    w: World,
    data: { Version: number; Blocks: SentBlock[]; Name?: string; NameTranslations?: Record<string, string> },
    partId = w.parts.part,
  ) =>
    server.call(
      'course_admin.php',
      'save_course_part_content',
      {
        CourseId: w.course.id,
        CoursePartId: partId,
        Name: data.Name ?? 'Sound',
        NameTranslations: data.NameTranslations ?? {},
        Version: data.Version,
        Blocks: data.Blocks as EditableBlock[],
      },
      as(who),
    );

  const saved = async (...args: Parameters<typeof save>) => {
    const answer = await save(...args);
    if (answer.httpStatus !== 200) throw new Error(`save answered ${answer.httpStatus}: ${answer.text}`);
    return answer.body as { Version: number; BlockIds: number[]; MissingTranslations: string[] };
  };

  const content = async (who: Person, w: World, partId = w.parts.part) =>
    (
      await server.ok(
        'course_admin.php',
        'get_course_part_content',
        { CourseId: w.course.id, CoursePartId: partId },
        as(who),
      )
    ).data;

  const courseAs = async (who: Person, w: World, headers: Record<string, string> = {}) =>
    (await server.ok('course.php', 'get_course', { UserId: who.id, CourseId: w.course.id }, { ...as(who), headers }))
      .data[0];

  const partAs = async (who: Person, w: World, headers: Record<string, string> = {}) =>
    (await courseAs(who, w, headers))?.CourseParts.find((p) => p.Id === w.parts.part);

  /** One block of every kind of spec §1, as an editor fills them in. */
  const everyKind = (w: World): SentBlock[] => [
    { BlockType: 'Text', Title: 'Welcome', Content: { html: '<p>Hello <strong>world</strong></p>' } },
    {
      BlockType: 'Image',
      Title: 'A wave',
      Content: { mediaId: w.media.image, alt: 'A sine wave', caption: 'Figure 1' },
    },
    { BlockType: 'Video', Title: 'Episode', Content: { mediaId: w.media.video, durationSeconds: 95 } },
    { BlockType: 'Audio', Title: 'Tone', Content: { mediaId: w.media.audio } },
    { BlockType: 'File', Title: 'Notes', Content: { mediaId: w.media.file } },
    { BlockType: 'YouTube', Title: 'Talk', Content: { videoId: 'dQw4w9WgXcQ' } },
    {
      BlockType: 'Column',
      Title: 'Compare',
      Content: { columns: [{ html: '<p>Left</p>' }, { html: '<p>Right</p>' }] },
    },
    { BlockType: 'Link', Title: 'Read more', Content: { url: 'https://example.com/waves', description: 'An article' } },
    {
      BlockType: 'Quiz',
      Title: 'Check',
      Content: { intro: '<p>Try this</p>', questions: [question('q1', 3)], passPercent: null },
    },
    { BlockType: 'Post', Title: 'Next', PostId: w.parts.waves, Content: {} },
    {
      BlockType: 'Test',
      Title: 'Test',
      Content: { intro: '<p>Pass it</p>', questions: [question('t1'), question('t2')], passPercent: 80 },
    },
    { BlockType: 'Exam', Title: 'Exam', Content: { html: '<p>Write about sound</p>' } },
    { BlockType: 'FinalExam', Title: 'Final', Content: { html: '<p>Everything</p>' } },
    { BlockType: 'Reward', Title: 'Well done', Content: { html: '<p>A reward</p>' } },
    { BlockType: 'Question', Title: 'Ask', Content: { html: '<p>Ask your coach</p>' } },
    { BlockType: 'Survey', Title: 'Your view', Content: { surveyId: w.survey } },
  ];

  /** A block as the editor reads it back. */
  const asRead = (block: SentBlock, id: number) => ({
    Id: id,
    BlockType: block.BlockType,
    Title: block.Title ?? '',
    Published: block.Published ?? true,
    MentorOnly: block.MentorOnly ?? false,
    PostId: block.PostId ?? null,
    Content: block.Content,
    Translations: block.Translations ?? {},
  });

  it('every block kind is saved and read back as sent, and a learner then sees each of them', async () => {
    const w = await world();
    const version = await lock(w.coach, w.course.id);
    const blocks = everyKind(w);
    const answer = await saved(w.coach, w, { Version: version, Blocks: blocks, Name: 'Sound, edited' });
    expect(answer.Version).toBe(version + 1);
    expect(answer.BlockIds).toHaveLength(blocks.length);
    expect(new Set(answer.BlockIds).size).toBe(blocks.length);

    const read = await content(w.admin, w);
    expect(read).toMatchObject({
      CoursePartId: w.parts.part,
      Version: version + 1,
      DefaultLanguage: 'en',
      Name: 'Sound, edited',
      NameTranslations: {},
    });
    expect(read.Blocks).toEqual(blocks.map((block, i) => asRead(block, answer.BlockIds[i] as number)));
    expect(read.Media[String(w.media.image)]).toMatchObject({ Name: 'wave.png', MimeType: 'image/png' });
    expect(read.Media[String(w.media.video)]).toMatchObject({ Name: 'episode.webm', MimeType: 'video/webm' });
    expect(Object.keys(read.Media).sort()).toEqual(
      [w.media.image, w.media.video, w.media.audio, w.media.file].map(String).sort(),
    );

    const part = await partAs(w.enLearner, w);
    expect(part?.Name).toBe('Sound, edited');
    expect(part?.Blocks.map((b) => [b.Id, b.BlockType, b.Title])).toEqual(
      blocks.map((b, i) => [answer.BlockIds[i], b.BlockType, b.Title]),
    );
    const shown = new Map(part?.Blocks.map((b) => [b.BlockType, b]));
    // The learner's media links are the ones the editor showed.
    expect(shown.get('Image')?.Content).toEqual({
      url: read.Media[String(w.media.image)]?.Url,
      alt: 'A sine wave',
      caption: 'Figure 1',
    });
    expect(shown.get('Video')?.Content).toMatchObject({
      url: read.Media[String(w.media.video)]?.Url,
      durationSeconds: 95,
    });
    // The editor's student preview shows a file's size as the learner's page does.
    expect(read.Media[String(w.media.file)]?.SizeBytes).toBeGreaterThan(0);
    expect(shown.get('File')?.Content).toMatchObject({
      fileName: 'notes.pdf',
      sizeBytes: read.Media[String(w.media.file)]?.SizeBytes,
    });
    expect(shown.get('Post')).toMatchObject({ PostId: w.parts.waves, PostName: 'Waves' });
    expect(shown.get('Column')?.Content).toEqual({ columns: [{ html: '<p>Left</p>' }, { html: '<p>Right</p>' }] });
    // A survey block names its survey; the learner's client reads the survey itself (surveys.php get_survey).
    expect(shown.get('Survey')?.Content).toEqual({ surveyId: w.survey });
    // A learner never receives the right answers.
    expect(JSON.stringify(shown.get('Quiz')?.Content)).not.toContain('correct');
  });

  it('blocks keep their ids across saves; a block left out is deleted with what learners did on it', async () => {
    const w = await world();
    let version = await lock(w.admin, w.course.id);
    const first = await saved(w.admin, w, {
      Version: version,
      Blocks: [
        { BlockType: 'Text', Title: 'One', Content: { html: '<p>1</p>' } },
        { BlockType: 'Quiz', Title: 'Quiz', Content: { intro: '', questions: [question('q1')] } },
        { BlockType: 'Text', Title: 'Three', Content: { html: '<p>3</p>' } },
      ],
    });
    const [one, quiz, three] = first.BlockIds as [number, number, number];
    version = first.Version;
    await server.ok(
      'course_progress.php',
      'submit_answers',
      {
        UserId: w.enLearner.id,
        CourseId: w.course.id,
        CoursePartId: w.parts.part,
        BlockId: quiz,
        Answers: { q1: ['q1-0'] },
      },
      as(w.enLearner),
    );
    const results = () =>
      server.db.selectFrom('block_results').select('course_block_id').where('user_id', '=', w.enLearner.id).execute();
    expect(await results()).toEqual([{ course_block_id: quiz }]);

    // Reordered, one edited, one added: the kept blocks keep their ids and the learner's result.
    const second = await saved(w.admin, w, {
      Version: version,
      Blocks: [
        { Id: three, BlockType: 'Text', Title: 'Three, first now', Content: { html: '<p>3</p>' } },
        { Id: quiz, BlockType: 'Quiz', Title: 'Quiz', Content: { intro: '', questions: [question('q1')] } },
        { Id: 0, BlockType: 'Text', Title: 'New', Content: { html: '<p>new</p>' } },
        { Id: one, BlockType: 'Text', Title: 'One', Content: { html: '<p>1</p>' } },
      ],
    });
    expect(second.BlockIds.slice(0, 2)).toEqual([three, quiz]);
    expect(second.BlockIds[3]).toBe(one);
    expect(await results()).toEqual([{ course_block_id: quiz }]);
    const read = await content(w.admin, w);
    expect(read.Blocks.map((b) => [b.Id, b.Title])).toEqual([
      [three, 'Three, first now'],
      [quiz, 'Quiz'],
      [second.BlockIds[2], 'New'],
      [one, 'One'],
    ]);

    // The quiz left out goes, and the learner's result on it with it.
    const third = await saved(w.admin, w, {
      Version: second.Version,
      Blocks: read.Blocks.filter((b) => b.Id !== quiz) as SentBlock[],
    });
    expect(third.BlockIds).toEqual([three, second.BlockIds[2], one]);
    expect(await results()).toEqual([]);
    const rows = await server.db.selectFrom('course_blocks').select('id').where('id', '=', quiz).execute();
    expect(rows).toEqual([]);
    expect((await partAs(w.enLearner, w))?.Blocks.map((b) => b.Id)).toEqual(third.BlockIds);
  });

  it('refuses media, blocks, links and languages that are not this part’s to name, changing nothing', async () => {
    const w = await world();
    const version = await lock(w.admin, w.course.id);
    const kept = await saved(w.admin, w, {
      Version: version,
      Blocks: [{ BlockType: 'Text', Title: 'Kept', Content: { html: '<p>kept</p>' } }],
    });
    const elsewhere = await createSite(server.db);
    const foreignMedia = (await createMedia(server.db, { config: server.config, site: elsewhere, kind: 'image' })).id;
    const avatar = (await createMedia(server.db, { config: server.config, site: w.site, kind: 'avatar' })).id;
    const foreignSurvey = await createSurvey(server.db, { site: elsewhere, userId: w.admin.id });
    const otherPartBlock = (
      await saved(
        w.admin,
        w,
        { Version: kept.Version, Blocks: [{ BlockType: 'Text', Content: { html: '<p>intro</p>' } }] },
        w.parts.intro,
      )
    ).BlockIds[0] as number;
    const current = kept.Version + 1;
    const before = await snapshotRows(server);
    const refused: [string, SentBlock[], Record<string, string>?][] = [
      ['a medium of another site', [{ BlockType: 'Image', Content: { mediaId: foreignMedia } }]],
      ['a medium that does not exist', [{ BlockType: 'File', Content: { mediaId: 2_000_000_000 } }]],
      ['a profile photo', [{ BlockType: 'Image', Content: { mediaId: avatar } }]],
      ['a video in an image block', [{ BlockType: 'Image', Content: { mediaId: w.media.video } }]],
      [
        'a foreign medium in a translation',
        [
          {
            BlockType: 'Video',
            Content: { mediaId: w.media.video },
            Translations: { sv: { Content: { mediaId: foreignMedia } } },
          },
        ],
      ],
      ['a survey of another site', [{ BlockType: 'Survey', Content: { surveyId: foreignSurvey } }]],
      ['a survey that does not exist', [{ BlockType: 'Survey', Content: { surveyId: 2_000_000_000 } }]],
      ['a survey block without its survey', [{ BlockType: 'Survey', Content: { surveyId: 0 } }]],
      [
        'a foreign survey in a translation',
        [
          {
            BlockType: 'Survey',
            Content: { surveyId: w.survey },
            Translations: { sv: { Content: { surveyId: foreignSurvey } } },
          },
        ],
      ],
      ['a block of another part', [{ Id: otherPartBlock, BlockType: 'Text', Content: { html: '' } }]],
      [
        'a block named twice',
        [
          { Id: kept.BlockIds[0], BlockType: 'Text', Content: { html: '' } },
          { Id: kept.BlockIds[0], BlockType: 'Text', Content: { html: '' } },
        ],
      ],
      ['a Post to another course', [{ BlockType: 'Post', PostId: w.other.partIds[0], Content: {} }]],
      ['a Post to no part', [{ BlockType: 'Post', PostId: 2_000_000_000, Content: {} }]],
      ['a Post without its part', [{ BlockType: 'Post', Content: {} }]],
      ['content of the wrong shape', [{ BlockType: 'Video', Content: { html: '<p>no medium</p>' } }]],
      ['a YouTube id that is none', [{ BlockType: 'YouTube', Content: { videoId: '<script>' } }]],
      ['a link that is no web address', [{ BlockType: 'Link', Content: { url: 'javascript:alert(1)' } }]],
      [
        'a translation into an unsupported language',
        [{ BlockType: 'Text', Content: { html: '' }, Translations: { de: { Title: 'Hallo' } } }],
      ],
      [
        'a translation into the default language',
        [{ BlockType: 'Text', Content: { html: '' }, Translations: { en: { Title: 'Hello' } } }],
      ],
      ['a name in an unsupported language', [], { fi: 'Ääni' }],
      ['more than 500 blocks', Array.from({ length: 501 }, () => ({ BlockType: 'Text', Content: { html: '' } }))],
    ];
    for (const [what, Blocks, NameTranslations] of refused) {
      const answer = await save(w.admin, w, { Version: current, Blocks, NameTranslations });
      expect(answer.httpStatus, what).toBe(400);
      expect(answer.body.error_code, what).toBe('INVALID_REQUEST');
      expect(answer.body.fields?.length, what).toBeGreaterThan(0);
    }
    const idRefusal = await save(w.admin, w, {
      Version: current,
      Blocks: [{ Id: otherPartBlock, BlockType: 'Text', Content: { html: '' } }],
    });
    expect(idRefusal.body.fields).toEqual([
      { field: 'data.Blocks.0.Id', message: `block ${otherPartBlock} is not a block of this part` },
    ]);
    const translatedMedia = await save(w.admin, w, {
      Version: current,
      Blocks: [
        { BlockType: 'Text', Content: { html: '' } },
        {
          BlockType: 'Video',
          Content: { mediaId: w.media.video },
          Translations: { sv: { Content: { mediaId: w.media.audio } } },
        },
      ],
    });
    expect(translatedMedia.body.fields).toEqual([
      {
        field: 'data.Blocks.1.Translations.sv.Content.mediaId',
        message: `medium ${w.media.audio} is an audio file, which a Video block cannot show`,
      },
    ]);
    const surveyRefusal = await save(w.admin, w, {
      Version: current,
      Blocks: [{ BlockType: 'Survey', Content: { surveyId: foreignSurvey } }],
    });
    expect(surveyRefusal.body.fields).toEqual([
      { field: 'data.Blocks.0.Content.surveyId', message: `survey ${foreignSurvey} is not a survey of this site` },
    ]);
    expect(await snapshotRows(server)).toEqual(before);
    // The version did not move: the next save on it goes through.
    expect((await save(w.admin, w, { Version: current, Blocks: [] })).httpStatus).toBe(200);
  });

  it('a save on an older version, or by anyone but the lock holder, is refused and changes nothing', async () => {
    const w = await world();
    const version = await lock(w.admin, w.course.id);
    const first = await saved(w.admin, w, {
      Version: version,
      Blocks: [{ BlockType: 'Text', Title: 'Mine', Content: { html: '<p>mine</p>' } }],
    });
    const before = await snapshotRows(server);
    const stale = await save(w.admin, w, { Version: version, Blocks: [] });
    expect(stale.httpStatus).toBe(409);
    expect(stale.body).toMatchObject({
      error_code: 'STALE_VERSION',
      Version: first.Version,
      ChangedByUserId: w.admin.id,
      ChangedByUsername: 'Ada Admin',
    });
    const other = await save(w.coach, w, { Version: first.Version, Blocks: [] });
    expect(other.body).toMatchObject({ error_code: 'COURSE_LOCKED', LockedByUserId: w.admin.id });
    const revision = (
      await server.ok(
        'course_admin.php',
        'get_course_part_revisions',
        { CourseId: w.course.id, CoursePartId: w.parts.part },
        as(w.coach),
      )
    ).data[0];
    const restore = await server.call(
      'course_admin.php',
      'restore_course_part_revision',
      { CourseId: w.course.id, CoursePartId: w.parts.part, Version: first.Version, RevisionId: revision?.Id ?? 0 },
      as(w.coach),
    );
    expect(restore.body.error_code).toBe('COURSE_LOCKED');
    await server.ok('course_lock.php', 'close_course_for_editing', { CourseId: w.course.id }, as(w.admin));
    expect((await save(w.admin, w, { Version: first.Version, Blocks: [] })).body.error_code).toBe('NOT_EDITING');
    expect(await snapshotRows(server)).toEqual(before);
    expect((await content(w.coach, w)).Blocks.map((b) => b.Title)).toEqual(['Mine']);
  });

  it('every save and restore is a revision: who, when, which version; a restore brings the content back', async () => {
    const w = await world();
    let version = await lock(w.admin, w.course.id);
    const a = await saved(w.admin, w, {
      Version: version,
      Name: 'First',
      Blocks: [
        { BlockType: 'Text', Title: 'A', Content: { html: '<p>a</p>' } },
        { BlockType: 'Text', Title: 'Gone later', Content: { html: '<p>g</p>' } },
      ],
    });
    const b = await saved(w.admin, w, {
      Version: a.Version,
      Name: 'Second',
      Blocks: [{ Id: a.BlockIds[0], BlockType: 'Text', Title: 'A, edited', Content: { html: '<p>a2</p>' } }],
    });
    await server.ok('course_lock.php', 'close_course_for_editing', { CourseId: w.course.id }, as(w.admin));
    version = await lock(w.coach, w.course.id);
    const c = await saved(w.coach, w, {
      Version: version,
      Name: 'Third',
      Blocks: [{ Id: a.BlockIds[0], BlockType: 'Text', Title: 'A, by Cole', Content: { html: '<p>a3</p>' } }],
    });

    const list = async () =>
      (
        await server.ok(
          'course_admin.php',
          'get_course_part_revisions',
          { CourseId: w.course.id, CoursePartId: w.parts.part },
          as(w.admin),
        )
      ).data;
    const revisions = await list();
    expect(revisions.map((r) => [r.Version, r.UserId, r.Username])).toEqual([
      [c.Version, w.coach.id, 'Cole Coach'],
      [b.Version, w.admin.id, 'Ada Admin'],
      [a.Version, w.admin.id, 'Ada Admin'],
    ]);
    for (const revision of revisions) expect(Date.parse(revision.CreatedAt)).toBeGreaterThan(Date.now() - 60_000);

    const oldest = revisions[2]?.Id ?? 0;
    const shown = (
      await server.ok(
        'course_admin.php',
        'get_course_part_revision',
        { CourseId: w.course.id, RevisionId: oldest },
        as(w.coach),
      )
    ).data;
    expect(shown).toMatchObject({
      CoursePartId: w.parts.part,
      Name: 'First',
      Revision: { Id: oldest, Version: a.Version },
    });
    expect(shown.Blocks.map((block) => [block.Id, block.Title])).toEqual([
      [a.BlockIds[0], 'A'],
      [a.BlockIds[1], 'Gone later'],
    ]);

    const restored = await server.ok(
      'course_admin.php',
      'restore_course_part_revision',
      { CourseId: w.course.id, CoursePartId: w.parts.part, Version: c.Version, RevisionId: oldest },
      as(w.coach),
    );
    expect(restored.Version).toBe(c.Version + 1);
    const now = await content(w.coach, w);
    expect(now.Name).toBe('First');
    // The block kept since keeps its id; the one deleted since comes back as a new block.
    expect(now.Blocks.map((block) => block.Title)).toEqual(['A', 'Gone later']);
    expect(now.Blocks[0]?.Id).toBe(a.BlockIds[0]);
    expect(now.Blocks[1]?.Id).not.toBe(a.BlockIds[1]);
    const after = await list();
    expect(after).toHaveLength(4);
    expect(after[0]).toMatchObject({ Version: restored.Version, UserId: w.coach.id });

    // A revision of another course, or of another part, is not found.
    const stranger = await createCourse(server.db, { site: w.site });
    expect(
      (
        await server.call(
          'course_admin.php',
          'get_course_part_revision',
          { CourseId: stranger.id, RevisionId: oldest },
          as(w.coach),
        )
      ).body.error_code,
    ).toBe('NOT_FOUND');
    const wrongPart = await server.call(
      'course_admin.php',
      'restore_course_part_revision',
      { CourseId: w.course.id, CoursePartId: w.parts.intro, Version: restored.Version, RevisionId: oldest },
      as(w.coach),
    );
    expect(wrongPart.body.error_code).toBe('NOT_FOUND');
    expect((await content(w.coach, w)).Version).toBe(restored.Version);
  });

  it('a restore leaves out a Post to a part deleted since, and refuses a revision whose medium is gone', async () => {
    const w = await world();
    const version = await lock(w.admin, w.course.id);
    const withPost = await saved(w.admin, w, {
      Version: version,
      Blocks: [
        { BlockType: 'Text', Title: 'Stays', Content: { html: '<p>stays</p>' } },
        { BlockType: 'Post', Title: 'To Waves', PostId: w.parts.waves, Content: {} },
      ],
    });
    const withImage = await saved(w.admin, w, {
      Version: withPost.Version,
      Blocks: [{ BlockType: 'Image', Title: 'Picture', Content: { mediaId: w.media.image } }],
    });
    const deleted = await server.ok(
      'course_admin.php',
      'delete_course_part',
      { CourseId: w.course.id, CoursePartId: w.parts.waves, Version: withImage.Version },
      as(w.admin),
    );
    await server.db.deleteFrom('media_files').where('id', '=', w.media.image).execute();
    const [imageRevision, postRevision] = (
      await server.ok(
        'course_admin.php',
        'get_course_part_revisions',
        { CourseId: w.course.id, CoursePartId: w.parts.part },
        as(w.admin),
      )
    ).data;
    const restore = (revisionId: number, Version: number) =>
      server.call(
        'course_admin.php',
        'restore_course_part_revision',
        { CourseId: w.course.id, CoursePartId: w.parts.part, Version, RevisionId: revisionId },
        as(w.admin),
      );
    const refused = await restore(imageRevision?.Id ?? 0, deleted.Version);
    expect(refused.body.fields).toEqual([
      { field: 'data.RevisionId', message: `medium ${w.media.image} is not a medium of this site` },
    ]);
    const restored = await restore(postRevision?.Id ?? 0, deleted.Version);
    expect(restored.body.Version).toBe(deleted.Version + 1);
    expect((await content(w.admin, w)).Blocks.map((b) => b.Title)).toEqual(['Stays']);
  });

  it('keeps the newest 100 revisions of a part', async () => {
    const w = await world();
    const at = now();
    const revision = (partId: number, i: number) => ({
      site_id: w.site.id,
      course_part_id: partId,
      user_id: w.admin.id,
      version: i + 1,
      content: JSON.stringify({ DefaultLanguage: 'en', Name: `Old ${i}`, NameTranslations: {}, Blocks: [] }),
      created_at: at,
      updated_at: at,
    });
    const old = Array.from({ length: 100 }, (_, i) => revision(w.parts.part, i));
    await server.db.insertInto('part_revisions').values(old).execute();
    await server.db.insertInto('part_revisions').values(revision(w.parts.intro, 0)).execute();
    const version = await lock(w.admin, w.course.id);
    const first = await saved(w.admin, w, { Version: version, Blocks: [], Name: 'New 1' });
    await saved(w.admin, w, { Version: first.Version, Blocks: [], Name: 'New 2' });
    const revisions = (
      await server.ok(
        'course_admin.php',
        'get_course_part_revisions',
        { CourseId: w.course.id, CoursePartId: w.parts.part },
        as(w.admin),
      )
    ).data;
    expect(revisions).toHaveLength(100);
    expect(revisions.map((r) => r.Version).slice(0, 2)).toEqual([first.Version + 1, first.Version]);
    // The two oldest went; the other part's history is its own.
    expect(revisions.at(-1)?.Version).toBe(3);
    const intro = await server.db
      .selectFrom('part_revisions')
      .select('id')
      .where('course_part_id', '=', w.parts.intro)
      .execute();
    expect(intro).toHaveLength(1);
  });

  it('a learner reads the part in her language where it is translated, else in the course’s default', async () => {
    const w = await world();
    const version = await lock(w.admin, w.course.id);
    const untranslated = await saved(w.admin, w, {
      Version: version,
      Name: 'Sound',
      Blocks: [{ BlockType: 'Text', Title: 'Welcome', Content: { html: '<p>Hello</p>' } }],
    });
    expect(untranslated.MissingTranslations).toEqual(['sv']);
    const answer = await saved(w.admin, w, {
      Version: untranslated.Version,
      Name: 'Sound',
      NameTranslations: { sv: 'Ljud' },
      Blocks: [
        {
          Id: untranslated.BlockIds[0],
          BlockType: 'Text',
          Title: 'Welcome',
          Content: { html: '<p>Hello</p>' },
          Translations: { sv: { Title: 'Välkommen', Content: { html: '<p>Hej</p>' } } },
        },
        {
          BlockType: 'Quiz',
          Title: 'Check',
          Content: { intro: '<p>Try</p>', questions: [question('q1')] },
          Translations: {
            sv: {
              Title: 'Kolla',
              Content: {
                intro: '<p>Försök</p>',
                questions: [
                  {
                    id: 'q1',
                    text: 'Fråga',
                    options: [
                      { id: 'q1-0', text: 'Svar 0' },
                      { id: 'q1-1', text: 'Svar 1' },
                    ],
                    // A translation cannot move the right answer: the default language's is scored.
                    correct: ['q1-1'],
                  },
                ],
              },
            },
          },
        },
        // A video says nothing of its own: it needs no translation.
        { BlockType: 'Video', Content: { mediaId: w.media.video } },
      ],
    });
    expect(answer.MissingTranslations).toEqual([]);
    const read = await content(w.admin, w);
    expect(read.NameTranslations).toEqual({ sv: 'Ljud' });
    expect(read.MissingTranslations).toEqual([]);
    expect(read.Blocks[0]?.Translations).toEqual({ sv: { Title: 'Välkommen', Content: { html: '<p>Hej</p>' } } });

    const sv = await partAs(w.svLearner, w);
    expect(sv?.Name).toBe('Ljud');
    expect(sv?.Blocks[0]).toMatchObject({ Title: 'Välkommen', Content: { html: '<p>Hej</p>' } });
    expect(sv?.Blocks[1]).toMatchObject({
      Title: 'Kolla',
      Content: { intro: '<p>Försök</p>', questions: [{ id: 'q1', text: 'Fråga', options: [{ text: 'Svar 0' }, {}] }] },
    });
    const en = await partAs(w.enLearner, w);
    expect(en?.Name).toBe('Sound');
    expect(en?.Blocks[0]).toMatchObject({ Title: 'Welcome', Content: { html: '<p>Hello</p>' } });
    // Who chose no language reads the one her browser asks for.
    expect((await partAs(w.learner, w, { 'accept-language': 'sv-SE,sv;q=0.9' }))?.Name).toBe('Ljud');
    expect((await partAs(w.learner, w, { 'accept-language': 'en-GB' }))?.Name).toBe('Sound');

    // The Swedish learner is scored against the course's right answer.
    const result = await server.ok(
      'course_progress.php',
      'submit_answers',
      {
        UserId: w.svLearner.id,
        CourseId: w.course.id,
        CoursePartId: w.parts.part,
        BlockId: answer.BlockIds[1] ?? 0,
        Answers: { q1: ['q1-0'] },
      },
      as(w.svLearner),
    );
    expect(result.data.score).toBe(1);

    // A part with a block still in English only lacks Swedish; the editor's list says which parts.
    const status = await server.ok(
      'course_admin.php',
      'get_course_translation_status',
      { CourseId: w.course.id },
      as(w.coach),
    );
    expect(status.DefaultLanguage).toBe('en');
    expect(status.data).toEqual([
      { CoursePartId: w.parts.intro, MissingTranslations: ['sv'] },
      { CoursePartId: w.parts.part, MissingTranslations: [] },
      { CoursePartId: w.parts.waves, MissingTranslations: ['sv'] },
    ]);
  });

  it('a course written in Swedish takes English translations, and shows them to English readers', async () => {
    const w = await world();
    await server.db.updateTable('courses').set({ default_language: 'sv' }).where('id', '=', w.course.id).execute();
    const version = await lock(w.admin, w.course.id);
    const refused = await save(w.admin, w, {
      Version: version,
      Blocks: [],
      Name: 'Ljud',
      NameTranslations: { sv: 'Ljud' },
    });
    expect(refused.body.error_code).toBe('INVALID_REQUEST');
    await saved(w.admin, w, { Version: version, Blocks: [], Name: 'Ljud', NameTranslations: { en: 'Sound' } });
    expect((await content(w.admin, w)).DefaultLanguage).toBe('sv');
    expect((await partAs(w.enLearner, w))?.Name).toBe('Sound');
    expect((await partAs(w.svLearner, w))?.Name).toBe('Ljud');
  });

  it('rich text is sanitized as every stored text is, in every language', async () => {
    const w = await world();
    const version = await lock(w.admin, w.course.id);
    const evil = '<p onclick="steal()">Hi<script>alert(1)</script><img src="x" onerror="steal()"></p>';
    await saved(w.admin, w, {
      Version: version,
      Blocks: [
        {
          BlockType: 'Text',
          Content: { html: evil },
          Translations: { sv: { Content: { html: evil } } },
        },
        { BlockType: 'Column', Content: { columns: [{ html: evil }] } },
        { BlockType: 'Quiz', Content: { intro: evil, questions: [question('q1')] } },
        { BlockType: 'Reward', Content: { html: '<a href="javascript:steal()">Open</a>' } },
      ],
    });
    const read = await content(w.admin, w);
    const stored = JSON.stringify(read.Blocks);
    expect(stored).not.toMatch(/script|onclick|onerror|javascript:/);
    expect(read.Blocks[0]?.Content).toEqual({ html: '<p>Hi<img src="x" /></p>' });
    expect(read.Blocks[0]?.Translations.sv?.Content).toEqual({ html: '<p>Hi<img src="x" /></p>' });
    expect(read.Blocks[1]?.Content).toEqual({ columns: [{ html: '<p>Hi<img src="x" /></p>' }] });
    expect(read.Blocks[2]?.Content).toMatchObject({ intro: '<p>Hi<img src="x" /></p>' });
    expect(read.Blocks[3]?.Content).toEqual({ html: '<a>Open</a>' });
    const sv = await partAs(w.svLearner, w);
    expect(JSON.stringify(sv?.Blocks)).not.toMatch(/script|onclick|onerror/);
  });

  it('a student, and a coach who is not staff, are refused every call; a part of another course is not found', async () => {
    const w = await world();
    const version = await lock(w.admin, w.course.id);
    const first = await saved(w.admin, w, { Version: version, Blocks: [] });
    const revisionId =
      (
        await server.db
          .selectFrom('part_revisions')
          .select('id')
          .where('course_part_id', '=', w.parts.part)
          .executeTakeFirstOrThrow()
      ).id ?? 0;
    const weakCoach = await createPerson(server, w.site, 'coach', { privilegies: 10 });
    const part = { CourseId: w.course.id, CoursePartId: w.parts.part };
    const calls: [string, unknown][] = [
      ['get_course_part_content', part],
      ['save_course_part_content', { ...part, Version: first.Version, Name: 'Mine', Blocks: [] }],
      ['get_course_part_revisions', part],
      ['get_course_part_revision', { CourseId: w.course.id, RevisionId: revisionId }],
      ['restore_course_part_revision', { ...part, Version: first.Version, RevisionId: revisionId }],
      ['get_course_translation_status', { CourseId: w.course.id }],
    ];
    const before = await snapshotRows(server);
    for (const who of [w.enLearner, weakCoach]) {
      for (const [req, data] of calls) {
        const answer = await server.callRaw('course_admin.php', req, data, as(who));
        expect(answer.httpStatus, req).toBe(403);
        expect(answer.body.error_code, req).toBe('FORBIDDEN');
      }
    }
    expect(await snapshotRows(server)).toEqual(before);

    const notHere = [
      ['get_course_part_content', { CourseId: w.other.id, CoursePartId: w.parts.part }],
      ['get_course_part_revisions', { CourseId: w.other.id, CoursePartId: w.parts.part }],
      ['get_course_part_content', { CourseId: w.course.id, CoursePartId: 2_000_000_000 }],
      ['get_course_translation_status', { CourseId: 2_000_000_000 }],
    ] as const;
    for (const [req, data] of notHere) {
      expect((await server.callRaw('course_admin.php', req, data, as(w.admin))).body.error_code, req).toBe('NOT_FOUND');
    }
    const elsewhere = await createSite(server.db);
    const stranger = await createPerson(server, elsewhere, 'admin');
    expect(
      (await server.callRaw('course_admin.php', 'get_course_part_content', part, as(stranger))).body.error_code,
    ).toBe('NOT_FOUND');
  });
});
