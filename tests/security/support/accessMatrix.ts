import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { now } from '../../../src/server/platform/db';
import { createCompany, createNews, createSite, createUser, signInAs, TEST_PASSWORD } from '../../factories';
import { addCoach } from '../../factories/coaching';
import { createCourse, createMedia, createResource, grantAccess } from '../../factories/courses';
import type { RawAnswer } from '../../support/api';
import type { Dialect } from '../../support/databases';
import { snapshotRows } from '../../support/inspect';
import { startTestServer, type TestServer } from '../../support/server';
import { type Caller, callAs, mayCall, ownUserHint, schemaInvalidData, signedInCaller } from './callers';
import { everyCall } from './calls';
import { type FieldPath, validArbitrary, validData } from './validData';

/** The refusal of the access gate: 401 for a caller without a live session of the site, else 403. */
function expectRefused(answer: RawAnswer, caller: Caller, context: string) {
  const where = `${context}: HTTP ${answer.httpStatus} ${answer.text.slice(0, 300)}`;
  if (caller.user === null) {
    expect(answer.httpStatus, where).toBe(401);
    expect(answer.body, where).toMatchObject({ status: 'UNAUTHORIZED', error_code: 'UNAUTHORIZED' });
  } else {
    expect(answer.httpStatus, where).toBe(403);
    expect(answer.body, where).toMatchObject({ status: 'ERROR', error_code: 'FORBIDDEN' });
  }
}

/**
 * The access matrix on one database: every call as every kind of caller. Each database's run is a test file of its
 * own (accessMatrix.<dialect>.test.ts), so that the two run side by side on the suite's two workers.
 */
export function accessMatrix(dialect: Dialect) {
  describe(`the access matrix on ${dialect}`, () => {
    let server: TestServer;
    let site: { id: number; name: string };
    let otherSite: { id: number; name: string };
    beforeAll(async () => {
      server = await startTestServer(dialect);
      site = await createSite(server.db);
      otherSite = await createSite(server.db);
    });
    afterAll(() => server.close());

    // An administrator's valid call of set_maintenance puts her site into maintenance: it is switched back, so that the
    // next call meets every caller as usual.
    afterEach(async () => {
      const inMaintenance = await server.db
        .selectFrom('sites')
        .select(['id', 'name'])
        .where('maintenance', '=', 1)
        .execute();
      for (const each of inMaintenance) {
        const admin = await signedInCaller(server, each, 'admin');
        await server.ok('site.php', 'set_maintenance', { Maintenance: false }, { site: each.name, token: admin.token });
      }
    });

    /** Every kind of caller, with fresh sessions for each test (sign_out ends the session it is made with). */
    async function everyCaller(): Promise<Caller[]> {
      const revoked = await signedInCaller(server, site, 'student', { name: 'revoked token' });
      const signOut = await server.call('login.php', 'sign_out', {}, { site: site.name, token: revoked.token });
      expect(signOut.body.status).toBe('OK');
      return [
        { name: 'anonymous', site: site.name, token: null, user: null },
        await signedInCaller(server, site, 'student'),
        await signedInCaller(server, site, 'coach'),
        await signedInCaller(server, site, 'admin', { name: 'administrator' }),
        await signedInCaller(server, site, 'admin', { name: 'administrator with privilegies 50', privilegies: 50 }),
        await signedInCaller(server, site, 'coach', { name: 'coach with privilegies 50', privilegies: 50 }),
        await signedInCaller(server, otherSite, 'admin', {
          name: 'administrator of another site',
          presentedOn: site.name,
        }),
        { ...revoked, user: null },
        { name: 'made-up token', site: site.name, token: randomBytes(32).toString('base64url'), user: null },
      ];
    }

    it.each(everyCall)('$name ($access) holds its access level for every caller', async (call) => {
      const callers = await everyCaller();
      const dataOf = (caller: Caller) => {
        const hint = ownUserHint(caller);
        return {
          minimal: JSON.stringify(validData(call.data, { optional: 'omit', hint })),
          full: JSON.stringify(validData(call.data, { optional: 'include', hint })),
          invalid: schemaInvalidData(call.data),
        };
      };

      // Valid data or not, a refused caller is refused before anything runs, and nothing is written (one snapshot
      // around them all: a row written by any of them shows).
      const refused = callers.filter((caller) => !mayCall(call.access, caller));
      const beforeRefused = await snapshotRows(server);
      for (const caller of refused) {
        const { invalid, full, minimal } = dataOf(caller);
        for (const data of [invalid, full, minimal]) {
          const context = `${call.name} as ${caller.name} with ${data.slice(0, 80)}`;
          expectRefused(await callAs(server, call, caller, data), caller, context);
        }
      }
      expect(await snapshotRows(server), `${call.name}: its refused callers wrote nothing`).toEqual(beforeRefused);

      for (const caller of callers.filter((each) => mayCall(call.access, each))) {
        const { invalid, full, minimal } = dataOf(caller);
        const context = `${call.name} as ${caller.name}`;

        // Past the gate, data the schema refuses is a 400: the gate let the caller through to validation.
        const before = await snapshotRows(server);
        const refusedData = await callAs(server, call, caller, invalid);
        expect(refusedData.httpStatus, `${context} with ${invalid}: ${refusedData.text}`).toBe(400);
        expect(refusedData.body).toMatchObject({ status: 'ERROR', error_code: 'INVALID_REQUEST' });
        expect(await snapshotRows(server), `${context} with invalid data wrote nothing`).toEqual(before);

        // Valid data gets an answer of the contract: OK, or a refusal of the call's own rules, never a fault.
        for (const data of [full, minimal]) {
          const answer = await callAs(server, call, caller, data);
          const where = `${context} with ${data.slice(0, 200)}: HTTP ${answer.httpStatus} ${answer.text.slice(0, 300)}`;
          expect(answer.httpStatus, where).toBeLessThan(500);
          if (call.fileType && answer.httpStatus === 200) {
            // A call that answers a file sends it as an attachment of its type, not JSON.
            expect(answer.headers.get('content-type'), where).toContain(call.fileType);
            expect(answer.headers.get('content-disposition'), where).toMatch(/^attachment; filename="/);
            continue;
          }
          expect(answer.body?.status, where).toMatch(/^(OK|ERROR|UNAUTHORIZED)$/);
          if (answer.httpStatus !== 200) expect(answer.body?.error_code, where).toMatch(/^[A-Z_]+$/);
        }
        // A live session is never told to sign in when the data names nothing but the caller.
        if (caller.user) {
          const answer = await callAs(server, call, caller, minimal);
          if (call.req !== 'sign_out') {
            expect(answer.httpStatus, `${context} with ${minimal}: ${answer.text}`).not.toBe(401);
          }
        }
      }
    });

    describe("another site's rows", () => {
      /** In every text of the victim site's rows (names, company, news, page texts); never sent by the attacker. */
      const marker = `MARKER${randomBytes(6).toString('hex')}`;
      let victim: { id: number; name: string };
      let attacker: { id: number; name: string };
      const victimStrings: string[] = [];
      const knownIds = new Set<number>();

      /** The rows of one site in every table that has a site_id (found by introspection, so new tables count too). */
      async function rowsOfSite(siteId: number): Promise<Record<string, string>> {
        const tables = (await server.db.introspection.getTables()).filter((t) =>
          t.columns.some((c) => c.name === 'site_id'),
        );
        expect(tables.length).toBeGreaterThan(5);
        const counts: Record<string, string> = {};
        for (const table of tables) {
          // A table only appended to (voucher lines) has no updated_at: its count says it all.
          const latest = table.columns.some((c) => c.name === 'updated_at') ? sql`max(updated_at)` : sql`null`;
          const row = await sql<{ count: number; latest: string | null }>`
          select count(*) as count, ${latest} as latest from ${sql.table(table.name)} where site_id = ${siteId}`
            .execute(server.db)
            .then((r) => r.rows[0]);
          counts[table.name] = `${Number(row?.count)} ${row?.latest ?? '-'}`;
        }
        return counts;
      }

      beforeAll(async () => {
        victim = await createSite(server.db);
        attacker = await createSite(server.db);
        // The victim site: users, a company, news, page texts and sessions, each carrying the marker.
        const at = now();
        const company = await createCompany(server.db, { site: victim, name: `Company ${marker}` });
        const victims = new Map<'student' | 'coach' | 'admin', { id: number }>();
        for (const role of ['student', 'coach', 'admin'] as const) {
          const user = await createUser(server.db, {
            site: victim,
            role,
            firstName: `${role} ${marker}`,
            // The marker stays out of the addresses: the attacker sends them as data, and may get them echoed from
            // rows of its own making (a page text saved with the address in it).
            email: `victim-${randomBytes(4).toString('hex')}-${role}@example.test`,
            companyId: company.id,
          });
          victimStrings.push(user.email, await signInAs(server, victim, user));
          victims.set(role, user);
        }
        const victimAdmin = await createUser(server.db, { site: victim, role: 'admin' });
        const adminToken = await signInAs(server, victim, victimAdmin);
        for (const key of ['faq.body', 'terms.body', 'privacy.body', 'home.hero']) {
          for (const Locale of ['en', 'sv'] as const) {
            const saved = await server.call(
              'content/save_content.php',
              undefined,
              { TheKey: key, content: `<p>${marker} ${key}</p>`, Locale },
              { site: victim.name, token: adminToken },
            );
            expect(saved.body.status).toBe('OK');
          }
          victimStrings.push(key);
        }
        for (let i = 0; i < 3; i++) {
          await createNews(server.db, {
            site: victim,
            title: `${marker} news ${i}`,
            content: `<p>${marker} body ${i}</p>`,
          });
        }
        const interaction = await server.db
          .selectFrom('news')
          .select('id')
          .where('site_id', '=', victim.id)
          .executeTakeFirstOrThrow();
        const student = victims.get('student') as { id: number };
        await server.db
          .insertInto('news_interactions')
          .values({ site_id: victim.id, news_id: interaction.id, user_id: student.id, created_at: at, updated_at: at })
          .execute();
        // A course of the victim's, free parts and all, with a medium, an achievement, a resource and progress.
        const media = await createMedia(server.db, { config: server.config, site: victim });
        const course = await createCourse(server.db, {
          site: victim,
          name: `Course ${marker}`,
          category: `Category ${marker}`,
          parts: [
            { name: `Free ${marker}`, free: true, blocks: [{ type: 'Text', content: { html: `<p>${marker}</p>` } }] },
            { name: `Part ${marker}`, blocks: [{ type: 'File', content: { mediaId: media.id } }] },
          ],
          achievements: [5],
        });
        await grantAccess(server.db, { site: victim, course, user: student });
        await createResource(server.db, {
          site: victim,
          course: null,
          title: `Resource ${marker}`,
          description: marker,
          url: 'https://example.org/',
          sortId: 1,
        });
        // Coaching: a conversation, a system message, a support request with its task, and an exam under review.
        const victimCoach = victims.get('coach') as { id: number };
        await addCoach(server.db, { site: victim, course, user: victimCoach });
        const message = (kind: 'chat' | 'system' | 'support', from: number | null, to: number | null) => ({
          site_id: victim.id,
          kind,
          from_user_id: from,
          to_user_id: to,
          title: `Title ${marker}`,
          message: `<p>${marker} ${kind}</p>`,
          course_id: course.id,
          course_part_id: null,
          showed_at: null,
          replied_at: null,
          emailed_at: null,
          removed_by_sender: 0,
          removed_by_recipient: 0,
          created_at: at,
          updated_at: at,
        });
        await server.db
          .insertInto('messages')
          .values([
            message('chat', student.id, victimCoach.id),
            message('chat', victimCoach.id, student.id),
            message('system', null, student.id),
          ])
          .execute();
        const support = await server.db
          .insertInto('messages')
          .values(message('support', student.id, null))
          .returning('id')
          .executeTakeFirstOrThrow();
        const examBlock = await createCourse(server.db, {
          site: victim,
          name: `Exam course ${marker}`,
          parts: [{ name: `Milestone ${marker}`, criteria: 'review', postType: 2, blocks: [{ type: 'Exam' }] }],
        });
        await grantAccess(server.db, { site: victim, course: examBlock, user: student });
        const exam = await server.db
          .insertInto('user_exams')
          .values({
            site_id: victim.id,
            user_id: student.id,
            course_id: examBlock.id,
            course_part_id: examBlock.partIds[0] as number,
            course_block_id: examBlock.blockIds[0]?.[0] as number,
            status: 'submitted',
            answer: `<p>${marker} answer</p>`,
            review_comment: `<p>${marker} comment</p>`,
            submitted_at: at,
            reviewed_at: null,
            reviewed_by_user_id: null,
            submissions: 1,
            created_at: at,
            updated_at: at,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const task = {
          site_id: victim.id,
          user_id: student.id,
          course_id: course.id,
          course_part_id: null,
          event_start_date: null,
          owner_user_id: victimCoach.id,
          note: `<p>${marker} note</p>`,
          completed_at: null,
          completed_by_user_id: null,
          trashed_at: null,
          created_at: at,
          updated_at: at,
        };
        await server.db
          .insertInto('tasks')
          .values([
            { ...task, task_type: 9, message_id: support.id, user_exam_id: null, description: `Support ${marker}` },
            { ...task, task_type: 4, message_id: null, user_exam_id: exam.id, description: `Review ${marker}` },
          ])
          .execute();
        // The attacker's own site has rows of its own, so its answers are not empty by accident.
        await createNews(server.db, { site: attacker, title: 'Attacker news' });
        await createNews(server.db, { site: attacker, title: 'Attacker news 2' });

        // Every id of every row in the database: the values an attacker guesses for id fields.
        const tables = await server.db.introspection.getTables();
        for (const table of tables) {
          if (!table.columns.some((c) => c.name === 'id')) continue;
          const rows = await sql<{ id: number }>`select id from ${sql.table(table.name)}`.execute(server.db);
          for (const row of rows.rows) knownIds.add(Number(row.id));
        }
        victimStrings.push(TEST_PASSWORD);
      });

      /** Ids of real rows for id fields, the victim's strings (emails, tokens, keys) for text fields. */
      const tenancyHint = (caller: Caller) => (path: FieldPath, schema: z.ZodType) => {
        const own = ownUserHint(caller)(path);
        const usable = (values: unknown[]) => values.filter((v) => schema.safeParse(v).success);
        const ids = usable([...knownIds]);
        const strings = usable(victimStrings);
        const guessed = ids.length > 0 ? ids : strings;
        if (guessed.length === 0) return undefined;
        const pool = fc.constantFrom(...guessed);
        return own ? fc.oneof(own, pool) : pool;
      };

      it.each(everyCall)("$name answers the attacker nothing of the victim site's rows", async (call) => {
        const victimBefore = await rowsOfSite(victim.id);
        const callers: Caller[] = [
          { name: 'anonymous', site: attacker.name, token: null, user: null },
          await signedInCaller(server, attacker, 'student'),
          await signedInCaller(server, attacker, 'coach'),
          await signedInCaller(server, attacker, 'admin', { name: 'administrator' }),
        ];
        for (const caller of callers) {
          const hint = tenancyHint(caller);
          const samples = [
            validData(call.data, { optional: 'omit', hint }),
            ...fc.sample(validArbitrary(call.data, { hint }), { numRuns: 12, seed: 7 }),
          ];
          for (const data of samples) {
            const answer = await callAs(server, call, caller, JSON.stringify(data));
            const sent = JSON.stringify(data);
            const where = `${call.name} as the attacker's ${caller.name} with ${sent}: ${answer.text.slice(0, 300)}`;
            expect(answer.httpStatus, where).toBeLessThan(500);
            expect(answer.text, where).not.toContain(marker);
            expect(answer.text.toLowerCase(), where).not.toContain(marker.toLowerCase());
          }
        }
        // Nor did anything the attacker sent change a row of the victim (sessions, texts, attempts, news).
        expect(await rowsOfSite(victim.id)).toEqual(victimBefore);
      });
    });
  });
}
