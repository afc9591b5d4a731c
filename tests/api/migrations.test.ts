import { CompiledQuery, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { userPageQuery } from '../../src/server/modules/administration/queries/users';
import { createDatabase, type Db, migrate, now } from '../../src/server/platform/db';
import { companyValues, mediaValues, newsValues } from '../../src/server/seed/factories';
import { DEFAULT_EDIT_INACTIVITY_MINUTES } from '../../src/shared/domain/authoring/lock';
import { createSite, createUser } from '../factories';
import { createCourse } from '../factories/courses';
import { createTestDatabase, type TestDatabase, testDialects } from '../support/databases';

const dialects = await testDialects();

/** What migrations do to the data a database already holds when they run. */
describe.each(dialects)('migrations of existing data on %s', (dialect) => {
  let database: TestDatabase | undefined;
  let db: Db | undefined;
  afterEach(async () => {
    await db?.destroy();
    await database?.drop();
  });

  async function databaseUpTo(migration: Parameters<typeof migrate>[1]): Promise<Db> {
    database = await createTestDatabase(dialect);
    db = createDatabase({ url: database.url, ...(database.schema ? { schema: database.schema } : {}) });
    await migrate(db, migration);
    return db;
  }

  it('0007 counts the unopened messages already there for each recipient and the support inbox', async () => {
    const db = await databaseUpTo('0006_test_attempts_and_message_senders');
    const site = await createSite(db);
    const [anna, bo] = [await createUser(db, { site }), await createUser(db, { site })];
    const message = (fields: {
      to: number | null;
      kind?: 'chat' | 'support';
      opened?: boolean;
      removed?: boolean;
    }) => ({
      site_id: site.id,
      kind: fields.kind ?? 'chat',
      from_user_id: fields.to === anna.id ? bo.id : anna.id,
      to_user_id: fields.to,
      title: '',
      message: '<p>Hi</p>',
      showed_at: fields.opened ? now() : null,
      removed_by_sender: 0 as const,
      removed_by_recipient: fields.removed ? (1 as const) : (0 as const),
      created_at: now(),
      updated_at: now(),
    });
    await db
      .insertInto('messages')
      .values([
        message({ to: anna.id }),
        message({ to: anna.id }),
        message({ to: anna.id, opened: true }),
        message({ to: anna.id, removed: true }),
        message({ to: bo.id, removed: true }),
        message({ to: null, kind: 'support' }),
        message({ to: null, kind: 'support', opened: true }),
      ])
      .execute();

    await migrate(db);
    const counters = await db
      .selectFrom('message_counters')
      .select(['recipient_id', 'unopened'])
      .where('site_id', '=', site.id)
      .orderBy('recipient_id')
      .execute();
    expect(counters).toEqual([
      { recipient_id: -1, unopened: 1 },
      { recipient_id: anna.id, unopened: 2 },
    ]);
  });

  it('0008 leaves the exams already there without a score, and the database refuses one outside 0–100', async () => {
    const db = await databaseUpTo('0007_message_counters');
    const site = await createSite(db);
    const user = await createUser(db, { site });
    const course = await createCourse(db, { site, parts: [{ name: 'Final', blocks: [{ type: 'FinalExam' }] }] });
    const exam = await db
      .insertInto('user_exams')
      .values({
        site_id: site.id,
        user_id: user.id,
        course_id: course.id,
        course_part_id: course.partIds[0] as number,
        course_block_id: course.blockIds[0]?.[0] as number,
        status: 'submitted',
        answer: '<p>Mine</p>',
        submissions: 1,
        created_at: now(),
        updated_at: now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    await migrate(db);
    const row = () => db.selectFrom('user_exams').select('review_score').where('id', '=', exam.id);
    expect(await row().executeTakeFirstOrThrow()).toEqual({ review_score: null });
    const score = (value: number) =>
      db.updateTable('user_exams').set({ review_score: value }).where('id', '=', exam.id).execute();
    await score(0);
    await score(100);
    await expect(score(101)).rejects.toThrow();
    await expect(score(-1)).rejects.toThrow();
    expect(await row().executeTakeFirstOrThrow()).toEqual({ review_score: 100 });
  });

  it('0009 keeps the page text revisions and their editors, and leaves every language unchosen', async () => {
    const db = await databaseUpTo('0008_exam_reviews');
    const site = await createSite(db);
    const editor = await createUser(db, { site, role: 'admin' });
    const content = await db
      .insertInto('contents')
      .values({
        site_id: site.id,
        key: 'home',
        locale: 'en',
        content: '<p>Hi</p>',
        created_at: now(),
        updated_at: now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('content_revisions')
      .values({
        site_id: site.id,
        content_id: content.id,
        content: '<p>Hi</p>',
        user_id: editor.id,
        created_at: now(),
        updated_at: now(),
      })
      .execute();

    await migrate(db);
    const revisions = await db.selectFrom('content_revisions').select(['content_id', 'user_id']).execute();
    expect(revisions).toEqual([{ content_id: content.id, user_id: editor.id }]);
    const user = await db.selectFrom('users').select(['language', 'pending_email']).executeTakeFirstOrThrow();
    expect(user).toEqual({ language: null, pending_email: null });
    // An editor can go now: her revisions stay, without her.
    await db.deleteFrom('users').where('id', '=', editor.id).execute();
    expect(await db.selectFrom('content_revisions').select('user_id').execute()).toEqual([{ user_id: null }]);
  });

  it('0012 gives the courses already there version 1 and no lock, and a deleted holder leaves no lock behind', async () => {
    const db = await databaseUpTo('0011_certificate_codes');
    const site = await createSite(db);
    const course = await createCourse(db, { site });
    const editor = await createUser(db, { site, role: 'coach' });

    await migrate(db);
    const columns = ['version', 'version_user_id', 'locked_by_user_id', 'locked_at', 'lock_expires_at'] as const;
    const before = await db.selectFrom('courses').select(columns).where('id', '=', course.id).executeTakeFirst();
    expect(before).toEqual({
      version: 1,
      version_user_id: null,
      locked_by_user_id: null,
      locked_at: null,
      lock_expires_at: null,
    });
    await db
      .updateTable('courses')
      .set({ locked_by_user_id: editor.id, version_user_id: editor.id, locked_at: now(), lock_expires_at: now() })
      .execute();
    await db.deleteFrom('users').where('id', '=', editor.id).execute();
    const after = await db.selectFrom('courses').select(['locked_by_user_id', 'version_user_id']).executeTakeFirst();
    expect(after).toEqual({ locked_by_user_id: null, version_user_id: null });
  });

  it('0013 leaves the courses already there as they were: published or not (no draft), open, the default footer and limit', async () => {
    const db = await databaseUpTo('0012_authoring');
    const site = await createSite(db);
    const published = await createCourse(db, { site });
    const hidden = await createCourse(db, { site, published: false });

    await migrate(db);
    const rows = await db
      .selectFrom('courses')
      .select(['id', 'published', 'draft', 'archived_at', 'footer_coach_text', 'footer_use_custom_text'])
      .select(['edit_inactivity_minutes'])
      .orderBy('id')
      .execute();
    const unchanged = { draft: 0, archived_at: null, footer_coach_text: '', footer_use_custom_text: 0 };
    expect(rows).toEqual([
      { id: published.id, published: 1, ...unchanged, edit_inactivity_minutes: DEFAULT_EDIT_INACTIVITY_MINUTES },
      { id: hidden.id, published: 0, ...unchanged, edit_inactivity_minutes: DEFAULT_EDIT_INACTIVITY_MINUTES },
    ]);
  });

  it("0014 counts each site's media already there, and keeps the count on every write from then on", async () => {
    const db = await databaseUpTo('0013_course_settings');
    const [site, other, empty] = [await createSite(db), await createSite(db), await createSite(db)];
    await db
      .insertInto('media_files')
      .values([
        mediaValues({ site, sizeBytes: 1_500_000_000 }),
        mediaValues({ site, sizeBytes: 1_500_000_000 }),
        mediaValues({ site, sizeBytes: 5 }),
        mediaValues({ site: other, sizeBytes: 7 }),
      ])
      .execute();

    await migrate(db);
    const usage = async () =>
      Object.fromEntries(
        (await db.selectFrom('sites').select(['id', 'storage_bytes']).orderBy('id').execute()).map((row) => [
          row.id,
          Number(row.storage_bytes),
        ]),
      );
    // Past 2^31 bytes in all: a Professional site's 4 GB fits the count on both databases.
    expect(await usage()).toEqual({ [site.id]: 3_000_000_005, [other.id]: 7, [empty.id]: 0 });
    const added = await db
      .insertInto('media_files')
      .values(mediaValues({ site: other, sizeBytes: 10 }))
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.updateTable('media_files').set({ size_bytes: 12 }).where('id', '=', added.id).execute();
    await db.deleteFrom('media_files').where('site_id', '=', site.id).where('size_bytes', '=', 5).execute();
    expect(await usage()).toEqual({ [site.id]: 3_000_000_000, [other.id]: 19, [empty.id]: 0 });
  });

  it('0015 writes the courses already there in English with no translations; a part takes its revisions along', async () => {
    const db = await databaseUpTo('0014_site_storage');
    const site = await createSite(db);
    const course = await createCourse(db, { site, parts: [{ name: 'One', blocks: [{ type: 'Text' }] }] });
    const editor = await createUser(db, { site, role: 'coach' });

    await migrate(db);
    expect(await db.selectFrom('courses').select('default_language').execute()).toEqual([{ default_language: 'en' }]);
    expect(await db.selectFrom('course_parts').select('translations').execute()).toEqual([{ translations: '{}' }]);
    expect(await db.selectFrom('course_blocks').select('translations').execute()).toEqual([{ translations: '{}' }]);
    const partId = course.partIds[0] as number;
    await db
      .insertInto('part_revisions')
      .values({
        site_id: site.id,
        course_part_id: partId,
        user_id: editor.id,
        version: 2,
        content: '{}',
        created_at: now(),
        updated_at: now(),
      })
      .execute();
    // A deleted editor leaves the revision without her; a deleted part takes its revisions.
    await db.deleteFrom('users').where('id', '=', editor.id).execute();
    expect(await db.selectFrom('part_revisions').select('user_id').execute()).toEqual([{ user_id: null }]);
    await db.deleteFrom('course_parts').where('id', '=', partId).execute();
    expect(await db.selectFrom('part_revisions').select('id').execute()).toEqual([]);
  });

  it('0016 gives the courses already there no translations of their name and description', async () => {
    const db = await databaseUpTo('0015_part_content');
    const site = await createSite(db);
    await createCourse(db, { site, parts: [{ name: 'One' }] });

    await migrate(db);
    expect(await db.selectFrom('courses').select(['name', 'translations']).execute()).toEqual([
      { name: expect.any(String), translations: '{}' },
    ]);
  });

  it('0017 gives the media already there no length (0), their files unread; a new row keeps a fraction', async () => {
    const db = await databaseUpTo('0016_course_translations');
    const site = await createSite(db);
    // A row whose file is not in any store: the migration does not look for it.
    await db
      .insertInto('media_files')
      .values(mediaValues({ site, kind: 'video', mimeType: 'video/mp4', sizeBytes: 1_000_000 }))
      .execute();

    await migrate(db);
    expect(await db.selectFrom('media_files').select('duration_seconds').execute()).toEqual([{ duration_seconds: 0 }]);
    await db
      .insertInto('media_files')
      .values({ ...mediaValues({ site, kind: 'audio', sizeBytes: 10 }), duration_seconds: 3.125 })
      .execute();
    expect(
      (await db.selectFrom('media_files').select('duration_seconds').orderBy('id').execute()).map(
        (row) => row.duration_seconds,
      ),
    ).toEqual([0, 3.125]);
  });

  it('0018 indexes the users already there by name, and the user list reads its first page from that index', async () => {
    const db = await databaseUpTo('0017_media_duration');
    const site = await createSite(db);
    for (const name of ['Cleo', 'anna', 'Bert']) await createUser(db, { site, firstName: name });

    await migrate(db);
    const filters = { siteId: site.id, search: '', userType: null, companyId: null, courseId: null, status: null };
    const page = userPageQuery(db, filters, { sort: 'name', desc: false, limit: 25, offset: 0 });
    expect((await page.execute()).map((row) => row.first_name)).toEqual(['anna', 'Bert', 'Cleo']);
    if (dialect === 'sqlite') {
      const { sql: text, parameters } = page.compile();
      const plan = await db.executeQuery<{ detail: string }>(
        CompiledQuery.raw(`explain query plan ${text}`, [...parameters]),
      );
      const details = plan.rows.map((row) => row.detail).join('\n');
      expect(details).toContain('users_site_name_idx');
      expect(details).not.toContain('TEMP B-TREE');
    } else {
      const indexes = await sql<{
        indexname: string;
      }>`select indexname from pg_indexes where schemaname = current_schema() and tablename = 'users'`.execute(db);
      expect(indexes.rows.map((row) => row.indexname)).toContain('users_site_name_idx');
    }
  });

  it('0020 leaves the news already there published, untranslated, and the site spotlighting the latest', async () => {
    const db = await databaseUpTo('0017_media_duration');
    const site = await createSite(db);
    await db
      .insertInto('news')
      .values(newsValues({ site, title: 'Before' }))
      .execute();

    await migrate(db);
    expect(await db.selectFrom('news').select(['title', 'published', 'translations']).execute()).toEqual([
      { title: 'Before', published: 1, translations: '{}' },
    ]);
    expect(
      await db.selectFrom('sites').select('spotlight_news_id').where('id', '=', site.id).executeTakeFirst(),
    ).toEqual({ spotlight_news_id: null });
  });

  it('0019 holds a code once per site, and one redemption per user and code', async () => {
    const db = await databaseUpTo('0017_media_duration');
    const [one, two] = [await createSite(db), await createSite(db)];
    await migrate(db);
    const user = await createUser(db, { site: one });
    const code = (siteId: number) => ({
      site_id: siteId,
      code: 'ABCDEFGHJKLMNPQR',
      batch_key: 'b',
      note: '',
      course_ids: '[]',
      access_days: null,
      access_until: null,
      valid_from: null,
      valid_to: null,
      deactivated_at: null,
      created_by_user_id: null,
      uses_total: 1,
      uses_left: 1,
      created_at: now(),
      updated_at: now(),
    });
    const { id } = await db
      .insertInto('registration_codes')
      .values(code(one.id))
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('registration_codes').values(code(two.id)).execute();
    await expect(db.insertInto('registration_codes').values(code(one.id)).execute()).rejects.toThrow();
    const redemption = { site_id: one.id, code_id: id, user_id: user.id, created_at: now(), updated_at: now() };
    await db.insertInto('registration_code_redemptions').values(redemption).execute();
    await expect(db.insertInto('registration_code_redemptions').values(redemption).execute()).rejects.toThrow();
  });

  it('0021 leaves the users already there unlocked, and a user’s history goes with her', async () => {
    const db = await databaseUpTo('0020_news_admin');
    const site = await createSite(db);
    const before = await createUser(db, { site, email: 'before@example.test' });
    await migrate(db);
    expect(
      await db.selectFrom('users').select(['locked_at', 'locked_by_user_id']).where('id', '=', before.id).execute(),
    ).toEqual([{ locked_at: null, locked_by_user_id: null }]);
    const actor = await createUser(db, { site, role: 'admin' });
    const entry = (userId: number, actorId: number | null) => ({
      site_id: site.id,
      user_id: userId,
      actor_user_id: actorId,
      action: 'locked',
      details: '{}',
      created_at: now(),
      updated_at: now(),
    });
    await db
      .insertInto('user_history')
      .values([entry(before.id, actor.id), entry(actor.id, before.id)])
      .execute();
    await db.deleteFrom('users').where('id', '=', before.id).execute();
    // Her own entries go with her; those she made stay, without her name.
    expect(await db.selectFrom('user_history').select(['user_id', 'actor_user_id']).execute()).toEqual([
      { user_id: actor.id, actor_user_id: null },
    ]);
  });

  it('0023 leaves the sessions already there as their users’ own, and starts an empty view-as log', async () => {
    const db = await databaseUpTo('0022_companies');
    const site = await createSite(db);
    const user = await createUser(db, { site });
    await sql`insert into sessions (site_id, user_id, token_hash, expires_at, created_at, updated_at)
      values (${site.id}, ${user.id}, ${'hash-0023'}, ${now()}, ${now()}, ${now()})`.execute(db);

    await migrate(db);
    const sessions = await db.selectFrom('sessions').select(['user_id', 'viewer_user_id']).execute();
    expect(sessions).toEqual([{ user_id: user.id, viewer_user_id: null }]);
    expect(await db.selectFrom('view_as_log').selectAll().execute()).toEqual([]);
  });

  it('0022 keys the companies already there by name, renames the clashing ones and holds a name once per site', async () => {
    const db = await databaseUpTo('0021_user_admin');
    const [one, two] = [await createSite(db), await createSite(db)];
    const insert = async (siteId: number, name: string) =>
      (
        await sql<{ id: number }>`insert into companies (site_id, name, created_at, updated_at)
          values (${siteId}, ${name}, ${now()}, ${now()}) returning id`.execute(db)
      ).rows[0]?.id as number;
    const first = await insert(one.id, 'Acme  AB');
    const second = await insert(one.id, ' ACME AB');
    const third = await insert(one.id, 'Åke');
    const theirs = await insert(two.id, 'acme ab');

    await migrate(db);
    const rows = await db
      .selectFrom('companies')
      .select(['id', 'name', 'name_key', 'seats', 'contact_name', 'contact_email', 'org_number', 'notes'])
      .orderBy('id')
      .execute();
    const blank = { seats: null, contact_name: '', contact_email: '', org_number: '', notes: '' };
    expect(rows).toEqual([
      { id: first, name: 'Acme AB', name_key: 'acme ab', ...blank },
      { id: second, name: `ACME AB (${second})`, name_key: `acme ab (${second})`, ...blank },
      { id: third, name: 'Åke', name_key: 'åke', ...blank },
      { id: theirs, name: 'acme ab', name_key: 'acme ab', ...blank },
    ]);
    await expect(
      db
        .insertInto('companies')
        .values(companyValues({ site: one, name: 'ÅKE' }))
        .execute(),
    ).rejects.toThrow();
    await db
      .insertInto('companies')
      .values(companyValues({ site: two, name: 'ÅKE' }))
      .execute();
    if (dialect === 'sqlite') {
      // A company's users are counted through the partial index, which the unfiltered user list does not take.
      const plan = async (query: string) =>
        (
          await db.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${query}`, [one.id, first]))
        ).rows
          .map((row) => row.detail)
          .join('\n');
      expect(await plan('select count(*) from users where site_id = ? and company_id = ?')).toContain(
        'users_site_company_idx',
      );
      expect(await plan('select id from users where +site_id = ? or id = ? order by created_at')).not.toContain(
        'users_site_company_idx',
      );
    }
  });

  it('0025 makes the users already there searchable through the search index, each site its own', async () => {
    const db = await databaseUpTo('0024_site_hosts');
    const [one, two] = [await createSite(db), await createSite(db)];
    const asa = await createUser(db, { site: one, firstName: 'Åsa', lastName: 'Öberg', email: 'asa.o@school.test' });
    const bo = await createUser(db, { site: one, firstName: 'Bo', lastName: 'Berg', email: 'bo@north.test' });
    await createUser(db, { site: two, firstName: 'Åsa', lastName: 'Öberg', email: 'asa.o@school.test' });
    await migrate(db);

    const found = async (siteId: number, search: string) =>
      (
        await userPageQuery(
          db as Db,
          { siteId, search, userType: null, companyId: null, courseId: null, status: null },
          { sort: 'email', desc: false, limit: 25, offset: 0 },
        ).execute()
      ).map((user) => user.id);
    expect(await found(one.id, 'SA ÖBE')).toEqual([asa.id]);
    expect(await found(one.id, 'north')).toEqual([bo.id]);
    expect(await found(one.id, 'o berg')).toEqual([bo.id]);
    expect(await found(one.id, 'nobody')).toEqual([]);
    // Kept from then on: a user added after the migration is found too.
    const cy = await createUser(db, { site: one, firstName: 'Cyril', lastName: 'Ödman', email: 'cy@north.test' });
    expect(await found(one.id, 'north')).toEqual([bo.id, cy.id]);
  });
});

describe.runIf(dialects.includes('postgres'))('introspection on a shared PostgreSQL', () => {
  it("sees its own schema's tables only, so another schema dropped meanwhile cannot fail a migration", async () => {
    const [mine, other] = [await createTestDatabase('postgres'), await createTestDatabase('postgres')];
    const open = (database: TestDatabase) => createDatabase({ url: database.url, schema: database.schema as string });
    const [db, otherDb] = [open(mine), open(other)];
    try {
      await Promise.all([migrate(db, '0002_learning'), migrate(otherDb)]);
      const tables = await db.introspection.getTables();
      expect(new Set(tables.map((table) => table.schema))).toEqual(new Set([mine.schema]));
      expect(tables.map((table) => table.name)).not.toContain('kysely_migration');
      const users = tables.find((table) => table.name === 'users');
      expect(users?.columns.find((column) => column.name === 'id')).toMatchObject({
        isAutoIncrementing: true,
        isNullable: false,
      });
      expect(tables.some((table) => table.name === 'products')).toBe(false);

      // The other schema goes while this one migrates the rest of the way.
      await Promise.all([migrate(db), otherDb.destroy().then(() => other.drop())]);
      expect((await db.introspection.getTables()).some((table) => table.name === 'products')).toBe(true);
    } finally {
      await db.destroy();
      await mine.drop();
      await otherDb.destroy().catch(() => {});
      await other.drop();
    }
  });
});
