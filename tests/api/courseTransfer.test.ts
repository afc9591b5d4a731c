import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { LARGE_UPLOADS_PER_PROCESS, LARGE_UPLOADS_PER_USER } from '../../src/server/platform/dispatcher';
import { uploadDir } from '../../src/server/platform/files/storage';
import type { Course } from '../../src/shared/contract/learning/courseShapes';
import { createSite } from '../factories';
import { addCoach, as, createPerson, type Person } from '../factories/coaching';
import { createCourse, createMedia, grantAccess, question } from '../factories/courses';
import { createSurvey } from '../factories/surveys';
import { type RawAnswer, request } from '../support/api';
import { testDialects } from '../support/databases';
import { mp4 as playableMp4, wav } from '../support/media';
import { BOUNDARY, multipart } from '../support/rawHttp';
import { startS3, type TestS3 } from '../support/s3';
import { startTestServer, type TestServer } from '../support/server';
import { rawZip } from '../support/zip';

const dialects = await testDialects();

/** Media of each kind, each a file its kind's sniffing knows. */
const png = await sharp({ create: { width: 8, height: 6, channels: 3, background: '#3366aa' } })
  .png()
  .toBuffer();
const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(2000, 3)]);
const mp3 = Buffer.concat([Buffer.from('ID3'), Buffer.alloc(1500, 5)]);
const pdf = Buffer.from(`%PDF-1.4\n${'x'.repeat(800)}\n%%EOF\n`);

/** A course with every block kind, a medium of each kind, achievements and settings other than the defaults. */
async function demoCourse(server: TestServer, site: { id: number; name: string }) {
  const config = server.config;
  const image = await createMedia(server.db, {
    config,
    site,
    kind: 'image',
    mimeType: 'image/png',
    bytes: png,
    originalName: 'map.png',
  });
  const video = await createMedia(server.db, {
    config,
    site,
    kind: 'video',
    mimeType: 'video/mp4',
    bytes: mp4,
    originalName: 'intro.mp4',
  });
  const audio = await createMedia(server.db, {
    config,
    site,
    kind: 'audio',
    mimeType: 'audio/mpeg',
    bytes: mp3,
    originalName: 'talk.mp3',
  });
  const file = await createMedia(server.db, {
    config,
    site,
    kind: 'file',
    mimeType: 'application/pdf',
    bytes: pdf,
    originalName: 'notes.pdf',
  });
  const course = await createCourse(server.db, {
    site,
    name: 'Forklift safety',
    description: 'Everything about forklifts',
    category: 'Safety',
    progressEvent: 2,
    xpPerReward: 7,
    certificate: true,
    certificateMonths: 12,
    testAttempts: 3,
    achievements: [10, { requiredXp: 50, title: 'Expert', description: 'Half way' }],
    parts: [
      {
        key: 'first',
        name: 'Welcome',
        criteria: 'visit',
        free: true,
        icon: 'star',
        videoLength: 95,
        blocks: [
          { type: 'Text', content: { html: '<p>Hello <b>there</b></p>' } },
          { type: 'Image', content: { mediaId: image.id, alt: 'A map', caption: 'The yard' } },
          { type: 'Video', content: { mediaId: video.id, durationSeconds: 95 } },
          { type: 'Audio', content: { mediaId: audio.id } },
          { type: 'File', title: 'Notes', content: { mediaId: file.id } },
          { type: 'YouTube', content: { videoId: 'dQw4w9WgXcQ' } },
          { type: 'Column', content: { columns: [{ html: '<p>Left</p>' }, { html: '<p>Right</p>' }] } },
          { type: 'Link', content: { url: 'https://example.com/rules', description: 'The rules' } },
          { type: 'Quiz', content: { intro: '<p>Warm up</p>', questions: [question('q1', 3)], passPercent: null } },
          { type: 'Post', post: 'second' },
          { type: 'Reward', content: { html: '<p>Well done</p>' }, mentorOnly: true },
        ],
      },
      {
        key: 'second',
        name: 'The test',
        criteria: 'test',
        mentorOnly: true,
        published: false,
        publishInDays: 3,
        postType: 2,
        blocks: [
          {
            type: 'Test',
            content: { intro: '<p>Ready?</p>', questions: [question('t1'), question('t2', 4)], passPercent: 70 },
          },
          { type: 'Exam', content: { html: '<p>Write</p>' } },
          { type: 'FinalExam', content: { html: '<p>Final</p>' }, published: false },
          { type: 'Question', content: { html: '<p>Why?</p>' } },
          { type: 'Post', post: 'first' },
        ],
      },
    ],
  });
  await server.db
    .updateTable('courses')
    .set({
      footer_coach_text: 'Ask Kim about forklifts',
      footer_use_custom_text: 1,
      edit_inactivity_minutes: 45,
      translations: JSON.stringify({ sv: { name: 'Truckar', description: 'Allt om gaffeltruckar' } }),
    })
    .where('id', '=', course.id)
    .execute();
  // Content in Swedish beside the default English: a part's name, a block's title and text, a video of its own.
  const [firstPart] = course.partIds;
  await server.db
    .updateTable('course_parts')
    .set({ translations: JSON.stringify({ sv: { name: 'Välkommen' } }) })
    .where('id', '=', firstPart as number)
    .execute();
  const blocksOf = await server.db
    .selectFrom('course_blocks')
    .select(['id', 'block_type'])
    .where('course_part_id', '=', firstPart as number)
    .execute();
  const blockOf = (type: string) => blocksOf.find((b) => b.block_type === type)?.id as number;
  await server.db
    .updateTable('course_blocks')
    .set({ translations: JSON.stringify({ sv: { title: 'Hej', content: { html: '<p>Hej <b>där</b></p>' } } }) })
    .where('id', '=', blockOf('Text'))
    .execute();
  await server.db
    .updateTable('course_blocks')
    .set({ translations: JSON.stringify({ sv: { content: { mediaId: audio.id } } }) })
    .where('id', '=', blockOf('File'))
    .execute();
  return { course, media: { image, video, audio, file } };
}

describe.each(dialects)('course export and import on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());
  runSuite(() => server);
});

describe.each(dialects)('course export and import with media in an S3-compatible store on %s', (dialect) => {
  let s3: TestS3;
  let server: TestServer;
  beforeAll(async () => {
    s3 = await startS3();
    server = await startTestServer(dialect, s3.env);
  });
  afterAll(async () => {
    await server.close();
    await s3.close();
  });

  it('a course round-trips through a file with its media read from and written to the bucket', async () => {
    const site = await createSite(server.db);
    const admin = await createPerson(server, site, 'admin');
    const { course } = await demoCourse(server, site);
    const zip = await exportCourse(server, admin, course.id);
    const imported = await importCourse(server, admin, zip);
    expect(imported.body.status).toBe('OK');
    await expectSameCourse(server, admin, course.id, admin, imported.body.CourseId);
    // Four media before, four more after: all in the bucket, none on the disk.
    expect(await s3.keys(`uploads/${site.id}/`)).toHaveLength(8);
    expect(fs.existsSync(uploadDir(server.config, site.id))).toBe(false);
  });
});

const exportCourse = async (server: TestServer, who: Person, courseId: number) => {
  const { Url } = await server.ok('course_transfer.php', 'export_course', { CourseId: courseId }, as(who));
  const response = await fetch(`${server.url}${Url}`);
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
};

const importCourse = (server: TestServer, who: Person, bytes: Buffer, fileName = 'course.zip'): Promise<RawAnswer> => {
  const form = new FormData();
  form.set('file', new Blob([new Uint8Array(bytes)]), fileName);
  return request(`${server.url}/api/backend/course_import.php`, {
    headers: { site: who.site.name, authorization: who.token },
    body: form,
  });
};

const getCourse = async (server: TestServer, who: Person, courseId: number) =>
  (await server.ok('course.php', 'get_course', { UserId: who.id, CourseId: courseId }, as(who))).data[0] as Course;

/** What a course shows, with ids and links taken out (links are compared by the bytes they answer). */
async function comparable(server: TestServer, course: Course) {
  const partIndex = new Map(course.CourseParts.map((part, index) => [part.Id, index]));
  const download = async (url: string) => {
    const response = await fetch(`${server.url}${url}`);
    expect(response.status).toBe(200);
    const bytes = Buffer.from(await response.arrayBuffer());
    const type = response.headers.get('content-type') ?? '';
    // An imported image is re-encoded as an uploaded one is (WebP): the same picture, not the same bytes.
    if (type.startsWith('image/')) {
      const { width, height } = await sharp(bytes).metadata();
      return { image: { width, height } };
    }
    return { type, bytes: bytes.toString('base64') };
  };
  const parts = [];
  for (const { Id: _id, Blocks, ...part } of course.CourseParts) {
    const blocks = [];
    for (const { Id: _blockId, ...block } of Blocks) {
      const content = { ...block.Content } as Record<string, unknown>;
      if (typeof content.url === 'string' && content.url.startsWith('/media/'))
        content.url = await download(content.url);
      blocks.push({ ...block, Content: content, PostId: block.PostId === null ? null : partIndex.get(block.PostId) });
    }
    parts.push({ ...part, Blocks: blocks });
  }
  const {
    Id,
    Name,
    Published,
    CourseParts,
    LockedByUserId,
    LockedByUsername,
    Coaches,
    Abilities,
    Achievements,
    ...rest
  } = course;
  return {
    ...rest,
    parts,
    achievements: Achievements.map(({ Id: _a, CourseId: _c, ...a }) => a),
  };
}

async function expectSameCourse(server: TestServer, who: Person, originalId: number, other: Person, copyId: number) {
  const original = await getCourse(server, who, originalId);
  const copy = await getCourse(server, other, copyId);
  expect(copy.Name).toBe(`${original.Name} (imported)`);
  expect(copy.Published).toBe(false);
  expect(copy.Coaches).toEqual([]);
  expect(await comparable(server, copy)).toEqual(await comparable(server, original));
  // What get_course does not show: the copy is a draft with the original's footer text and inactivity limit.
  const settings = (id: number) =>
    server.db
      .selectFrom('courses')
      .select(['description', 'category', 'footer_coach_text', 'footer_use_custom_text', 'edit_inactivity_minutes'])
      .select(['default_language', 'translations'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  expect(await settings(copyId)).toEqual(await settings(originalId));
  // Translations come along: the parts' names, the blocks' titles and content (a medium of its own remapped).
  const translations = async (courseId: number) => {
    const media = await server.db.selectFrom('media_files').select(['id', 'original_name']).execute();
    const names = new Map(media.map((m) => [m.id, m.original_name]));
    const read = (json: string) => JSON.parse(json, (key, value) => (key === 'mediaId' ? names.get(value) : value));
    const parts = await server.db
      .selectFrom('course_parts')
      .select('translations')
      .where('course_id', '=', courseId)
      .orderBy('sort_id')
      .execute();
    const blocks = await server.db
      .selectFrom('course_blocks')
      .innerJoin('course_parts', 'course_parts.id', 'course_blocks.course_part_id')
      .select('course_blocks.translations')
      .where('course_parts.course_id', '=', courseId)
      .orderBy('course_parts.sort_id')
      .orderBy('course_blocks.sort_id')
      .execute();
    return { parts: parts.map((p) => read(p.translations)), blocks: blocks.map((b) => read(b.translations)) };
  };
  const copied = await translations(copyId);
  expect(copied).toEqual(await translations(originalId));
  expect(copied.parts[0]).toEqual({ sv: { name: 'Välkommen' } });
  expect(copied.blocks).toContainEqual({ sv: { title: 'Hej', content: { html: '<p>Hej <b>där</b></p>' } } });
  expect(copied.blocks).toContainEqual({ sv: { content: { mediaId: 'talk.mp3' } } });
  const state = await server.db
    .selectFrom('courses')
    .select(['draft', 'archived_at'])
    .where('id', '=', copyId)
    .executeTakeFirstOrThrow();
  expect(state).toEqual({ draft: 1, archived_at: null });
  return { original, copy };
}

function runSuite(current: () => TestServer) {
  let server: TestServer;
  beforeAll(() => {
    server = current();
  });

  const count = async (siteId: number) => {
    const [courses, media, site] = await Promise.all([
      server.db
        .selectFrom('courses')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('site_id', '=', siteId)
        .executeTakeFirstOrThrow(),
      server.db
        .selectFrom('media_files')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('site_id', '=', siteId)
        .executeTakeFirstOrThrow(),
      server.db.selectFrom('sites').select('storage_bytes').where('id', '=', siteId).executeTakeFirstOrThrow(),
    ]);
    const dir = uploadDir(server.config, siteId);
    const files = fs.existsSync(dir) ? fs.readdirSync(dir).length : 0;
    return { courses: Number(courses.n), media: Number(media.n), storage: Number(site.storage_bytes), files };
  };

  /** A site with the demo course and its staff and learners. */
  async function world() {
    const site = await createSite(server.db);
    const admin = await createPerson(server, site, 'admin');
    const coach = await createPerson(server, site, 'coach');
    const student = await createPerson(server, site, 'student');
    const { course, media } = await demoCourse(server, site);
    return { site, admin, coach, student, course, media };
  }

  it('exports a course as one zip of course.json and its media, named after the course', async () => {
    const { site, admin, coach, student, course, media } = await world();
    await addCoach(server.db, { site, course, user: coach });
    await grantAccess(server.db, { site, course, user: student });
    const { Url } = await server.ok('course_transfer.php', 'export_course', { CourseId: course.id }, as(admin));
    expect(Url).toMatch(new RegExp(`^/export/course/${course.id}\\?u=${admin.id}&e=\\d+&s=[\\w-]+$`));
    const response = await fetch(`${server.url}${Url}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('content-disposition')).toBe("attachment; filename*=UTF-8''Forklift%20safety.zip");
    const zip = await yauzl.fromBufferPromise(Buffer.from(await response.arrayBuffer()));
    const files: Record<string, Buffer> = {};
    for await (const entry of zip.eachEntry()) {
      const chunks: Buffer[] = [];
      for await (const chunk of await zip.openReadStreamPromise(entry)) chunks.push(chunk as Buffer);
      files[entry.fileName] = Buffer.concat(chunks);
    }
    expect(Object.keys(files).sort()).toEqual(
      ['course.json', ...Object.values(media).map((m) => `media/${m.id}`)].sort(),
    );
    expect(files[`media/${media.image.id}`]?.equals(png)).toBe(true);
    const manifest = JSON.parse(files['course.json']?.toString() ?? '{}');
    expect(manifest).toMatchObject({
      format: 'course-export',
      version: 1,
      course: {
        name: 'Forklift safety',
        category: 'Safety',
        progressEvent: 2,
        xpPerReward: 7,
        testAttempts: 3,
        footerCoachText: 'Ask Kim about forklifts',
        useCustomFooterText: true,
        editInactivityMinutes: 45,
      },
    });
    expect(manifest.parts).toHaveLength(2);
    expect(manifest.blocks).toHaveLength(16);
    expect(manifest.media).toContainEqual({
      id: media.file.id,
      name: 'notes.pdf',
      mimeType: 'application/pdf',
      kind: 'file',
      sizeBytes: pdf.length,
      file: `media/${media.file.id}`,
    });
    // Coaches and learners are people of the site: not in the file (the course has a coach and a learner).
    const text = JSON.stringify(manifest);
    expect(text).not.toMatch(/"(coaches|coachIds|userId|users|learners|access)"/i);
    expect(text).not.toContain(coach.email);
    expect(text).not.toContain(student.email);
  });

  it('imports the file on the same site and on another as a new unpublished course, equal but for its ids', async () => {
    const { site, admin, course } = await world();
    const zip = await exportCourse(server, admin, course.id);

    const before = await count(site.id);
    const same = await importCourse(server, admin, zip);
    expect(same.body).toEqual({ status: 'OK', CourseId: expect.any(Number), Name: 'Forklift safety (imported)' });
    await expectSameCourse(server, admin, course.id, admin, same.body.CourseId);
    const after = await count(site.id);
    expect(after.courses).toBe(before.courses + 1);
    expect(after.media).toBe(before.media + 4);
    const [image] = await server.db
      .selectFrom('media_files')
      .select(['mime_type', 'size_bytes'])
      .where('site_id', '=', site.id)
      .where('kind', '=', 'image')
      .orderBy('id', 'desc')
      .limit(1)
      .execute();
    expect(image?.mime_type).toBe('image/webp');
    expect(after.storage).toBe(before.storage + Number(image?.size_bytes) + mp4.length + mp3.length + pdf.length);

    const other = await createSite(server.db);
    const otherAdmin = await createPerson(server, other, 'admin');
    const elsewhere = await importCourse(server, otherAdmin, zip);
    expect(elsewhere.body.status).toBe('OK');
    const { copy } = await expectSameCourse(server, admin, course.id, otherAdmin, elsewhere.body.CourseId);
    // The copy's post blocks link to its own parts, its media are the other site's.
    const partIds = copy.CourseParts.map((p) => p.Id);
    const posts = copy.CourseParts.flatMap((p) => p.Blocks).filter((b) => b.BlockType === 'Post');
    expect(posts.map((b) => b.PostId)).toEqual([partIds[1], partIds[0]]);
    const media = await server.db.selectFrom('media_files').select('site_id').where('site_id', '=', other.id).execute();
    expect(media).toHaveLength(4);
    // The importer is not made a coach of the course, and its file has left the server's disk.
    const tmp = path.join(server.config.dataDir, 'tmp');
    await expect.poll(() => fs.readdirSync(tmp).filter((name) => name.startsWith('upload-'))).toEqual([]);
    expect(fs.readdirSync(path.join(tmp, 'imports'))).toEqual([]);
    // A copy exports again, and imports again.
    const again = await importCourse(
      server,
      otherAdmin,
      await exportCourse(server, otherAdmin, elsewhere.body.CourseId),
    );
    expect(again.body.Name).toBe('Forklift safety (imported) (imported)');
  });

  it('a Survey block comes back with its survey to its own site, and is left out on another site', async () => {
    const site = await createSite(server.db, { plan: 'enterprise' });
    const admin = await createPerson(server, site, 'admin');
    const surveyId = await createSurvey(server.db, { site, userId: admin.id });
    const course = await createCourse(server.db, {
      site,
      name: 'Asked',
      parts: [
        {
          name: 'Feedback',
          blocks: [
            { type: 'Text', content: { html: '<p>Tell us</p>' } },
            { type: 'Survey', title: 'Your view', content: { surveyId } },
          ],
        },
      ],
    });
    const zip = await exportCourse(server, admin, course.id);
    const kinds = async (who: Person, courseId: number) =>
      (await getCourse(server, who, courseId)).CourseParts[0]?.Blocks.map((b) => [b.BlockType, b.Content]);

    const same = await importCourse(server, admin, zip);
    expect(await kinds(admin, same.body.CourseId)).toEqual([
      ['Text', { html: '<p>Tell us</p>' }],
      ['Survey', { surveyId }],
    ]);
    const other = await createSite(server.db);
    const otherAdmin = await createPerson(server, other, 'admin');
    const elsewhere = await importCourse(server, otherAdmin, zip);
    expect(await kinds(otherAdmin, elsewhere.body.CourseId)).toEqual([['Text', { html: '<p>Tell us</p>' }]]);
    // A file from another installation (or made by hand) whose survey id happens to be one of this site's: without
    // this site's own mark, the block stays behind.
    const manifest = JSON.parse(((await entriesOf(zip))['course.json'] as Buffer).toString());
    for (const site of ['forged', undefined]) {
      const file = rawZip([{ name: 'course.json', data: Buffer.from(JSON.stringify({ ...manifest, site })) }]);
      const imported = await importCourse(server, admin, file);
      expect(await kinds(admin, imported.body.CourseId)).toEqual([['Text', { html: '<p>Tell us</p>' }]]);
    }
  });

  it('a video’s and an audio’s length is kept: the part’s content shows it, and so does a copy imported from a file', async () => {
    const site = await createSite(server.db);
    const admin = await createPerson(server, site, 'admin');
    const course = await createCourse(server.db, { site });
    const upload = async (bytes: Buffer, fileName: string) =>
      (
        await server.upload(bytes, {
          folder: 'course',
          fileName,
          fields: { CourseId: String(course.id) },
          ...as(admin),
        })
      ).body.data.UserFileId as number;
    const video = await upload(playableMp4(7), 'lesson.mp4');
    const audio = await upload(wav(2.5), 'intro.wav');
    const partId = course.partIds[0] as number;
    const { Version } = await server.ok(
      'course_lock.php',
      'lock_course_for_editing',
      { CourseId: course.id },
      as(admin),
    );
    await server.ok(
      'course_admin.php',
      'save_course_part_content',
      {
        CourseId: course.id,
        CoursePartId: partId,
        Name: 'Sound',
        NameTranslations: {},
        Version,
        Blocks: [
          { BlockType: 'Video', Title: 'Episode', Content: { mediaId: video } },
          { BlockType: 'Audio', Title: 'Tone', Content: { mediaId: audio } },
        ] as never,
      },
      as(admin),
    );
    const lengths = async (courseId: number, coursePartId: number) => {
      const { data } = await server.ok(
        'course_admin.php',
        'get_course_part_content',
        { CourseId: courseId, CoursePartId: coursePartId },
        as(admin),
      );
      return Object.values(data.Media).map((medium) => [medium.Name, medium.DurationSeconds]);
    };
    expect(await lengths(course.id, partId)).toEqual([
      ['lesson.mp4', 7],
      ['intro.wav', 2.5],
    ]);

    const imported = await importCourse(server, admin, await exportCourse(server, admin, course.id));
    expect(imported.body.status).toBe('OK');
    const copyPart = await server.db
      .selectFrom('course_parts')
      .select('id')
      .where('course_id', '=', imported.body.CourseId)
      .executeTakeFirstOrThrow();
    expect(await lengths(imported.body.CourseId, copyPart.id)).toEqual([
      ['lesson.mp4', 7],
      ['intro.wav', 2.5],
    ]);
  });

  it('a video or audio whose length cannot be read (as imports took them before lengths were kept) imports with 0', async () => {
    const { site, admin, course } = await world();
    const imported = await importCourse(server, admin, await exportCourse(server, admin, course.id));
    expect(imported.body.status).toBe('OK');
    const rows = await server.db
      .selectFrom('media_files')
      .select(['kind', 'duration_seconds'])
      .where('site_id', '=', site.id)
      .where('kind', 'in', ['video', 'audio'])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { kind: 'video', duration_seconds: 0 },
      { kind: 'audio', duration_seconds: 0 },
      { kind: 'video', duration_seconds: 0 },
      { kind: 'audio', duration_seconds: 0 },
    ]);
  });

  it('refuses learners and non-staff, courses of other sites, and links that are altered or expired', async () => {
    const { site, admin, student, course } = await world();
    const lowCoach = await createPerson(server, site, 'coach', { privilegies: 50 });
    for (const who of [student, lowCoach]) {
      const answer = await server.call('course_transfer.php', 'export_course', { CourseId: course.id }, as(who));
      expect(answer.body.error_code).toBe('FORBIDDEN');
      const imported = await importCourse(server, who, rawZip([]));
      expect(imported.httpStatus).toBe(403);
    }
    const other = await createSite(server.db);
    const otherAdmin = await createPerson(server, other, 'admin');
    const foreign = await server.call('course_transfer.php', 'export_course', { CourseId: course.id }, as(otherAdmin));
    expect(foreign.body.error_code).toBe('NOT_FOUND');

    const { Url } = await server.ok('course_transfer.php', 'export_course', { CourseId: course.id }, as(admin));
    const url = new URL(Url, server.url);
    const altered = [
      Url.replace(`/course/${course.id}`, `/course/${course.id + 1}`),
      Url.replace(`u=${admin.id}`, `u=${otherAdmin.id}`),
      Url.replace(/e=(\d+)/, (_, e) => `e=${Number(e) + 60}`),
      `/export/course/${course.id}?u=${admin.id}&e=${url.searchParams.get('e')}`,
    ];
    for (const link of altered) {
      const response = await fetch(`${server.url}${link}`);
      expect(response.status, link).toBe(403);
      expect((await response.json()).error_code).toBe('FORBIDDEN');
    }
  });

  it('refuses a file that is no zip, or whose entries are not what a course file holds, and keeps nothing', async () => {
    const { site, admin, course } = await world();
    const zip = await exportCourse(server, admin, course.id);
    const entries = await entriesOf(zip);
    const manifest = entries['course.json'] as Buffer;
    const before = await count(site.id);
    const refusals: [string, Buffer, string, RegExp][] = [
      ['not a zip', Buffer.from('<html>hello</html>'), 'UNSUPPORTED_FILE', /not a course file/],
      ['empty', rawZip([]), 'UNSUPPORTED_FILE', /no course.json/],
      [
        'path traversal',
        rawZip([{ name: '../../evil.sh', data: Buffer.from('x') }]),
        'UNSUPPORTED_FILE',
        /invalid relative path|not a course file/,
      ],
      [
        'absolute path',
        rawZip([{ name: '/etc/passwd', data: Buffer.from('x') }]),
        'UNSUPPORTED_FILE',
        /absolute path|not a course file/,
      ],
      [
        'an unexpected name',
        rawZip([
          { name: 'course.json', data: manifest },
          { name: 'media/evil.html', data: Buffer.from('x') },
        ]),
        'INVALID_REQUEST',
        /unexpected entry "media\/evil.html"/,
      ],
      [
        'a name twice',
        rawZip([
          { name: 'course.json', data: manifest },
          { name: 'course.json', data: manifest },
        ]),
        'INVALID_REQUEST',
        /is there twice/,
      ],
      [
        'thousands of entries',
        rawZip(Array.from({ length: 2002 }, (_, i) => ({ name: `media/${i + 1}`, data: Buffer.alloc(0) }))),
        'INVALID_REQUEST',
        /2002 entries/,
      ],
      [
        'a huge declared size',
        rawZip([{ name: 'course.json', data: Buffer.from('{}'), method: 8, declaredSize: 0xfffffff0 }]),
        'FILE_TOO_LARGE',
        /larger than 32 MB/,
      ],
      [
        'an entry inflating past its declared size (a zip bomb)',
        rawZip([{ name: 'course.json', data: Buffer.alloc(20 * 1024 * 1024, 32), method: 8, declaredSize: 1000 }]),
        'UNSUPPORTED_FILE',
        /too many bytes|not a course file/,
      ],
      [
        'a medium not in the manifest',
        rawZip([
          { name: 'course.json', data: manifest },
          ...mediaEntries(entries),
          { name: 'media/999999', data: pdf },
        ]),
        'INVALID_REQUEST',
        /"media\/999999" is no medium/,
      ],
      [
        'a medium of another size than it says',
        rawZip([
          { name: 'course.json', data: manifest },
          ...mediaEntries(entries).map((e) => ({ ...e, data: Buffer.concat([e.data, Buffer.from('!')]) })),
        ]),
        'INVALID_REQUEST',
        /not the size its medium says/,
      ],
    ];
    for (const [what, bytes, code, message] of refusals) {
      const answer = await importCourse(server, admin, bytes);
      expect(answer.body.error_code, what).toBe(code);
      expect(answer.body.message, what).toMatch(message);
    }
    expect(await count(site.id)).toEqual(before);
  });

  it('refuses a manifest or a block that does not match its schema with a clear error, and keeps nothing', async () => {
    const { site, admin, course } = await world();
    const entries = await entriesOf(await exportCourse(server, admin, course.id));
    const manifest = JSON.parse((entries['course.json'] as Buffer).toString());
    const withManifest = (change: (m: typeof manifest) => void) => {
      const copy = structuredClone(manifest);
      change(copy);
      return rawZip([{ name: 'course.json', data: Buffer.from(JSON.stringify(copy)) }, ...mediaEntries(entries)]);
    };
    const before = await count(site.id);
    const refusals: [string, Buffer, RegExp][] = [
      ['not JSON', rawZip([{ name: 'course.json', data: Buffer.from('{nope') }]), /course.json is not JSON/],
      [
        'a later version',
        withManifest((m) => {
          m.version = 2;
        }),
        /of version 2; this server reads version 1/,
      ],
      [
        'a course name in Swedish that is empty',
        withManifest((m) => {
          m.course.translations = { sv: { name: ' ' } };
        }),
        /course.json.course.translations.sv.name/,
      ],
      [
        'a part without a name',
        withManifest((m) => {
          m.parts[0].name = '';
        }),
        /course.json.parts.0.name/,
      ],
      [
        'a block of an unknown type',
        withManifest((m) => {
          m.blocks[0].type = 'Script';
        }),
        /course.json.blocks.0.type/,
      ],
      [
        'a block whose content is wrong for its type',
        withManifest((m) => {
          m.blocks[5].content = { videoId: 'javascript:alert(1)' };
        }),
        /block "YouTube 6" \(YouTube, blocks.5\) does not have the content of a YouTube block/,
      ],
      [
        'a link to no part of the file',
        withManifest((m) => {
          m.blocks[9].postId = 123456789;
        }),
        /links to no part of the file/,
      ],
      [
        'a medium the file does not have',
        withManifest((m) => {
          m.blocks[1].content.mediaId = 987654321;
        }),
        /names the medium 987654321, which the file does not have/,
      ],
      [
        'a medium file outside media/',
        withManifest((m) => {
          m.media[0].file = '../course.json';
        }),
        /file must be media\/<id> of the medium/,
      ],
      [
        'too many parts',
        withManifest((m) => {
          m.parts = Array.from({ length: 2001 }, (_, i) => ({ ...m.parts[0], id: i + 1 }));
        }),
        /course.json.parts/,
      ],
    ];
    for (const [what, bytes, message] of refusals) {
      const answer = await importCourse(server, admin, bytes);
      expect(answer.httpStatus, what).toBe(400);
      expect(answer.body.error_code, what).toBe('INVALID_REQUEST');
      expect(answer.body.message, what).toMatch(message);
    }
    expect(await count(site.id)).toEqual(before);
  });

  it('imports a file made before a course’s name and description could be translated, with none', async () => {
    const { admin, course } = await world();
    const entries = await entriesOf(await exportCourse(server, admin, course.id));
    const manifest = JSON.parse((entries['course.json'] as Buffer).toString());
    expect(manifest.course.translations).toEqual({ sv: { name: 'Truckar', description: 'Allt om gaffeltruckar' } });
    delete manifest.course.translations;
    const zip = rawZip([
      { name: 'course.json', data: Buffer.from(JSON.stringify(manifest)) },
      ...mediaEntries(entries),
    ]);
    const answer = await importCourse(server, admin, zip);
    expect(answer.body.status).toBe('OK');
    const copy = await server.db
      .selectFrom('courses')
      .select(['name', 'translations'])
      .where('id', '=', answer.body.CourseId)
      .executeTakeFirstOrThrow();
    expect(copy).toEqual({ name: 'Forklift safety (imported)', translations: '{}' });
  });

  it("sanitizes the rich text of imported blocks as an editor's save does", async () => {
    const { admin, course } = await world();
    const entries = await entriesOf(await exportCourse(server, admin, course.id));
    const manifest = JSON.parse((entries['course.json'] as Buffer).toString());
    manifest.blocks[0].content.html =
      '<p onclick="steal()">Hi<script>alert(1)</script><img src=x onerror=alert(1)></p>';
    manifest.blocks[6].content.columns[0].html = '<a href="javascript:alert(1)">x</a><iframe src="//evil"></iframe>';
    const zip = rawZip([
      { name: 'course.json', data: Buffer.from(JSON.stringify(manifest)) },
      ...mediaEntries(entries),
    ]);
    const answer = await importCourse(server, admin, zip);
    expect(answer.body.status).toBe('OK');
    const copy = await getCourse(server, admin, answer.body.CourseId);
    const stored = JSON.stringify(copy.CourseParts[0]?.Blocks.map((b) => b.Content));
    expect(stored).toContain('Hi');
    expect(stored).not.toMatch(/<script|onerror|onclick|javascript:|<iframe/);
  });

  it('checks media by their content: a medium that is not what it says is refused and nothing stays stored', async () => {
    const { site, admin, course, media } = await world();
    const entries = await entriesOf(await exportCourse(server, admin, course.id));
    const before = await count(site.id);
    // The image comes last in the zip, so the other media are stored before it is found out, and removed then.
    const html = Buffer.from('<html><script>alert(1)</script></html>'.padEnd(png.length, ' '));
    const zip = rawZip([
      { name: 'course.json', data: entries['course.json'] as Buffer },
      ...mediaEntries(entries)
        .filter((e) => e.name !== `media/${media.image.id}`)
        .concat({ name: `media/${media.image.id}`, data: html }),
    ]);
    const answer = await importCourse(server, admin, zip);
    expect(answer.body).toMatchObject({
      error_code: 'UNSUPPORTED_FILE',
      message: 'The medium "map.png" is not the image it says',
    });
    expect(await count(site.id)).toEqual(before);

    // A downloadable file is a document an upload would take: a page or a script is refused, whatever its content.
    const manifest = JSON.parse((entries['course.json'] as Buffer).toString());
    const pdfEntry = manifest.media.find((m: { kind: string }) => m.kind === 'file');
    pdfEntry.name = 'notes.html';
    const renamed = rawZip([
      { name: 'course.json', data: Buffer.from(JSON.stringify(manifest)) },
      ...mediaEntries(entries),
    ]);
    expect((await importCourse(server, admin, renamed)).body).toMatchObject({ error_code: 'UNSUPPORTED_FILE' });
    expect(await count(site.id)).toEqual(before);

    // A downloadable file is served with the type its content shows, whatever the file says.
    pdfEntry.name = 'notes.pdf';
    pdfEntry.mimeType = 'text/html';
    const relabelled = rawZip([
      { name: 'course.json', data: Buffer.from(JSON.stringify(manifest)) },
      ...mediaEntries(entries),
    ]);
    const imported = await importCourse(server, admin, relabelled);
    expect(imported.body.status).toBe('OK');
    const types = await server.db
      .selectFrom('media_files')
      .select('mime_type')
      .where('site_id', '=', site.id)
      .where('kind', '=', 'file')
      .execute();
    expect(types.map((t) => t.mime_type)).toEqual(['application/pdf', 'application/pdf']);
  });

  it("refuses an import that would take the site past its plan's storage before storing anything", async () => {
    const { site, admin, course } = await world();
    const zip = await exportCourse(server, admin, course.id);
    await server.db
      .updateTable('sites')
      .set({ storage_bytes: 500 * 1024 * 1024 - 1000 })
      .where('id', '=', site.id)
      .execute();
    const before = await count(site.id);
    const answer = await importCourse(server, admin, zip);
    expect(answer.httpStatus).toBe(413);
    expect(answer.body.error_code).toBe('STORAGE_FULL');
    expect(await count(site.id)).toEqual(before);
  });

  it("refuses an import past the plan's number of courses before storing anything", async () => {
    const { site, admin, course } = await world();
    const zip = await exportCourse(server, admin, course.id);
    // Starter allows 3 courses (spec §1): the site has them.
    const courses = await server.db.selectFrom('courses').select('id').where('site_id', '=', site.id).execute();
    for (let n = courses.length; n < 3; n++) await createCourse(server.db, { site });
    const before = await count(site.id);
    const answer = await importCourse(server, admin, zip);
    expect([answer.httpStatus, answer.body.error_code]).toEqual([403, 'PLAN_LIMIT']);
    expect(answer.body).toMatchObject({ resource: 'courses', limit: 3 });
    expect(await count(site.id)).toEqual(before);
  });

  it('an import without a file is refused clearly', async () => {
    const { admin } = await world();
    const answer = await request(`${server.url}/api/backend/course_import.php`, {
      headers: { site: admin.site.name, authorization: admin.token },
      body: new FormData(),
    });
    expect(answer.body).toMatchObject({
      error_code: 'INVALID_REQUEST',
      message: 'Attach the course file as the part `file`',
    });
  });

  const importUrl = () => `${server.url}/api/backend/course_import.php`;
  /** The uploads' temporary files (an import's media have a folder of their own beside them). */
  const temporaryFiles = () => {
    const dir = path.join(server.config.dataDir, 'tmp');
    return fs.existsSync(dir) ? fs.readdirSync(dir).filter((name) => name.startsWith('upload-')) : [];
  };
  type Answer = { status: number; body: unknown };
  const answerOf = (request: http.ClientRequest) =>
    new Promise<Answer>((resolve) => {
      request.on('response', (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (part) => {
          text += part;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) }));
      });
      request.on('error', () => resolve({ status: 0, body: 'connection lost' }));
    });

  /** An import whose body has begun (its file streaming into a temporary file) and goes no further until told. */
  async function heldImport(who: Person) {
    const body = multipart([{ name: 'file', value: Buffer.alloc(1024 * 1024, 7), filename: 'course.zip' }]);
    const request = http.request(importUrl(), {
      method: 'POST',
      headers: {
        site: who.site.name,
        authorization: who.token,
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        'content-length': String(body.length),
      },
    });
    const answer = answerOf(request);
    const files = temporaryFiles().length;
    request.write(body.subarray(0, 512 * 1024));
    // Counted by the server once its file has begun.
    await expect.poll(() => temporaryFiles().length).toBeGreaterThan(files);
    return {
      /** Sends the rest: a file that is no zip, which the import refuses. */
      finish: () => {
        request.end(body.subarray(512 * 1024));
        return answer;
      },
      /** The client goes away mid-body. */
      cut: () => request.destroy(),
    };
  }

  /** The answer to an import that declares 1 GiB and sends its headers only: what it gets before its body is read. */
  function importFromHeaders(who: Person): Promise<Answer> {
    const request = http.request(importUrl(), {
      method: 'POST',
      headers: {
        site: who.site.name,
        authorization: who.token,
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        'content-length': String(1024 * 1024 * 1024),
      },
    });
    request.flushHeaders();
    const waited = new Promise<Answer>((resolve) =>
      setTimeout(() => resolve({ status: 0, body: 'no answer before the body' }), 3000),
    );
    return Promise.race([answerOf(request), waited]).finally(() => request.destroy());
  }
  const tooMany = {
    status: 429,
    body: {
      status: 'ERROR',
      error_code: 'TOO_MANY_REQUESTS',
      message: 'Too many uploads at once: wait for one to finish',
      retry_after: 5,
    },
  };

  it('a staff member streams two course files at once, her media uploads counted with them; a third waits', async () => {
    const { site, admin, coach, course } = await world();
    // Room for the courses this test imports.
    await server.db.updateTable('sites').set({ plan: 'enterprise' }).where('id', '=', site.id).execute();
    const zip = await exportCourse(server, admin, course.id);
    const held = [];
    for (let i = 0; i < LARGE_UPLOADS_PER_USER; i++) held.push(await heldImport(admin));
    try {
      // Refused from its headers, before a byte of its body is read; a course medium too.
      expect(await importFromHeaders(admin)).toEqual(tooMany);
      const medium = await server.upload(pdf, {
        folder: 'course',
        fileName: 'notes.pdf',
        fields: { CourseId: String(course.id) },
        ...as(admin),
      });
      expect({ status: medium.httpStatus, body: medium.body }).toEqual(tooMany);
      // Her colleague is not held back by her uploads.
      expect((await importCourse(server, coach, zip)).body.status).toBe('OK');

      // However an upload ends, its place is free again: the client gone mid-body, or answered with an error.
      const [gone, refused] = held;
      gone?.cut();
      await expect.poll(async () => (await importCourse(server, admin, zip)).body.status).toBe('OK');
      expect(await refused?.finish()).toMatchObject({ status: 415, body: { error_code: 'UNSUPPORTED_FILE' } });
      const both = await Promise.all([importCourse(server, admin, zip), importCourse(server, admin, zip)]);
      expect(both.map((answer) => answer.body.status)).toEqual(['OK', 'OK']);
    } finally {
      for (const upload of held) upload.cut();
    }
    await expect.poll(temporaryFiles).toEqual([]);
  });

  it('the process streams eight course files at once, from any users and sites; a ninth waits', async () => {
    const { admin, course } = await world();
    const zip = await exportCourse(server, admin, course.id);
    const held = [];
    try {
      for (let i = 0; i < LARGE_UPLOADS_PER_PROCESS / LARGE_UPLOADS_PER_USER; i++) {
        const staff = await createPerson(server, await createSite(server.db), 'admin');
        for (let j = 0; j < LARGE_UPLOADS_PER_USER; j++) held.push(await heldImport(staff));
      }
      expect(held).toHaveLength(LARGE_UPLOADS_PER_PROCESS);
      expect(await importFromHeaders(admin)).toEqual(tooMany);
      held.pop()?.cut();
      await expect.poll(async () => (await importCourse(server, admin, zip)).body.status).toBe('OK');
    } finally {
      for (const upload of held) upload.cut();
    }
    await expect.poll(temporaryFiles).toEqual([]);
  });
}

async function entriesOf(zip: Buffer): Promise<Record<string, Buffer>> {
  const file = await yauzl.fromBufferPromise(zip);
  const files: Record<string, Buffer> = {};
  for await (const entry of file.eachEntry()) {
    const chunks: Buffer[] = [];
    for await (const chunk of await file.openReadStreamPromise(entry)) chunks.push(chunk as Buffer);
    files[entry.fileName] = Buffer.concat(chunks);
  }
  return files;
}

const mediaEntries = (entries: Record<string, Buffer>) =>
  Object.entries(entries)
    .filter(([name]) => name.startsWith('media/'))
    .map(([name, data]) => ({ name, data }));
