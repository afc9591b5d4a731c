import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CERTIFICATE_CHECKS_PER_SOURCE } from '../../src/server/modules/learning/services/certificates';
import { createSite } from '../factories';
import { as, createPerson, type Person } from '../factories/coaching';
import { createCourse, grantAccess } from '../factories/courses';
import { nth } from '../support/answers';
import { testDialects } from '../support/databases';
import { pdfEmbeddedFonts, pdfLines, pdfLinks } from '../support/pdf';
import { startTestServer, type TestServer } from '../support/server';

const dialects = await testDialects();

describe.each(dialects)('certificates.php: the PDF and the public check on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  /** A learner of a site of its own who has completed a one-part course: her certificate's id and code. */
  async function certified(name: { firstName: string; lastName: string }, course = { name: 'Sound design' }) {
    const site = await createSite(server.db, { title: 'Ljudskolan Nord' });
    const created = await createCourse(server.db, { site, name: course.name, certificateMonths: 12, parts: [{}] });
    const learner = await createPerson(server, site, 'student', name);
    await grantAccess(server.db, { site, course: created, user: learner });
    await server.ok(
      'course_progress.php',
      'updateCourseProgressVideoPlay',
      { UserId: learner.id, CourseId: created.id, CoursePartId: nth(created.partIds) },
      as(learner),
    );
    const list = await server.ok('certificates.php', 'get_certificates', { UserId: learner.id }, as(learner));
    return { learner, site, certificate: nth(list.data) };
  }

  const download = async (learner: Person, id: number, language?: string) => {
    const answer = await server.ok(
      'certificates.php',
      'download_certificate',
      { Id: id },
      { ...as(learner), headers: language ? { 'Accept-Language': language } : {} },
    );
    return { fileName: answer.data.fileName, bytes: Buffer.from(answer.data.pdfBase64, 'base64') };
  };

  it('prints names outside Latin-1 as written, in an embedded subset of DejaVu Sans, and stays small', async () => {
    for (const name of [
      { firstName: 'Żaneta', lastName: 'Łucja' },
      { firstName: 'Åsa', lastName: 'Öberg' },
    ]) {
      const { learner, certificate } = await certified(name, { name: 'Kompression & ljud' });
      const { bytes } = await download(learner, certificate.Id);
      const lines = await pdfLines(bytes);
      expect(lines).toContain(`${name.firstName} ${name.lastName}`);
      expect(lines).toContain('Kompression & ljud');
      const fonts = await pdfEmbeddedFonts(bytes);
      expect(fonts).toHaveLength(2);
      for (const font of fonts) expect(font).toMatch(/^DejaVuSans(-Bold)?-\d+$/);
      // The whole fonts are 1.4 MB; the glyphs a certificate uses are a few kB.
      expect(bytes.length).toBeLessThan(60_000);
    }
  });

  it('is in English by default, with the school, the dates, the code and the address of the public check', async () => {
    const { learner, certificate } = await certified({ firstName: 'Åsa', lastName: 'Öberg' });
    const { fileName, bytes } = await download(learner, certificate.Id, 'en-US,en;q=0.9');
    const day = (iso: string) =>
      new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso));
    expect(fileName).toBe('certificate-sound-design.pdf');
    expect(await pdfLines(bytes)).toEqual([
      'Ljudskolan Nord',
      'CERTIFICATE OF COMPLETION',
      'This certifies that',
      'Åsa Öberg',
      'has completed the course',
      'Sound design',
      `Issued ${day(certificate.IssuedAt)}`,
      `Valid until ${day(certificate.ExpiresAt ?? '')}`,
      `Certificate number: ${certificate.Code}`,
      `Check that this certificate is genuine at http://localhost:3000/certificate/${certificate.Code}`,
    ]);
    expect(await pdfLinks(bytes)).toEqual([`http://localhost:3000/certificate/${certificate.Code}`]);
  });

  it('is in Swedish for a learner whose app is in Swedish, dates written the Swedish way', async () => {
    const { learner, certificate } = await certified({ firstName: 'Åsa', lastName: 'Öberg' });
    const { fileName, bytes } = await download(learner, certificate.Id, 'sv');
    const day = (iso: string) =>
      new Intl.DateTimeFormat('sv-SE', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso));
    expect(day('2026-11-25T10:00:00Z')).toBe('25 november 2026');
    expect(fileName).toBe('certifikat-sound-design.pdf');
    expect(await pdfLines(bytes)).toEqual([
      'Ljudskolan Nord',
      'CERTIFIKAT',
      'Härmed intygas att',
      'Åsa Öberg',
      'har genomfört kursen',
      'Sound design',
      `Utfärdat ${day(certificate.IssuedAt)}`,
      `Giltigt till ${day(certificate.ExpiresAt ?? '')}`,
      `Certifikatnummer: ${certificate.Code}`,
      `Kontrollera att certifikatet är äkta på http://localhost:3000/certificate/${certificate.Code}`,
    ]);
  });

  it('a flood of downloads is answered, never stalled or failed: each one a PDF or a wait of a second', async () => {
    const { learner, certificate } = await certified({ firstName: 'Åsa', lastName: 'Öberg' });
    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        server.call('certificates.php', 'download_certificate', { Id: certificate.Id }, as(learner)),
      ),
    );
    const outcomes = answers.map((a) => (a.httpStatus === 200 ? 'pdf' : `${a.httpStatus} ${a.body.error_code}`));
    expect(outcomes).toContain('pdf');
    expect(outcomes.filter((o) => o !== 'pdf' && o !== '429 TOO_MANY_REQUESTS')).toEqual([]);
    for (const refused of answers.filter((a) => a.httpStatus === 429)) expect(refused.body.retry_after).toBe(1);
  });

  it('confirms a code of the site to anyone: who, which course, when, and whether it still holds', async () => {
    const { site, certificate } = await certified({ firstName: 'Żaneta', lastName: 'Łucja' });
    const check = (code: string, siteName = site.name) =>
      server.call('certificates.php', 'verify_certificate', { Code: code }, { site: siteName });

    const valid = await check(certificate.Code);
    expect(valid.httpStatus).toBe(200);
    expect(valid.body).toEqual({
      status: 'OK',
      data: {
        Code: certificate.Code,
        LearnerName: 'Żaneta Łucja',
        CourseName: 'Sound design',
        IssuedBy: 'Ljudskolan Nord',
        IssuedAt: certificate.IssuedAt,
        ExpiresAt: certificate.ExpiresAt,
        Expired: false,
      },
    });
    // As typed from the paper: lower case, spaces around.
    expect((await check(`  ${certificate.Code.toLowerCase()} `)).body).toEqual(valid.body);

    await server.db
      .updateTable('certificates')
      .set({ expires_at: new Date(Date.now() - 86_400_000).toISOString() })
      .where('code', '=', certificate.Code)
      .execute();
    expect((await check(certificate.Code)).body.data).toMatchObject({ Code: certificate.Code, Expired: true });

    const unknown = await check('NOSUCHCODE123');
    expect([unknown.httpStatus, unknown.body.error_code]).toEqual([404, 'NOT_FOUND']);
    const otherSite = await createSite(server.db);
    const foreign = await check(certificate.Code, otherSite.name);
    expect([foreign.httpStatus, foreign.body.error_code]).toEqual([404, 'NOT_FOUND']);
    for (const bad of ['', '   ', 'ABC DEF', '<script>', 'A'.repeat(65)]) {
      const refused = await check(bad);
      expect([refused.httpStatus, refused.body.error_code], JSON.stringify(bad)).toEqual([400, 'INVALID_REQUEST']);
    }
  });

  it('limits the checks one source makes, and tells how long to wait', async () => {
    const { site, certificate } = await certified({ firstName: 'Åsa', lastName: 'Öberg' });
    const check = () =>
      server.call('certificates.php', 'verify_certificate', { Code: certificate.Code }, { site: site.name });
    for (let i = 0; i < CERTIFICATE_CHECKS_PER_SOURCE.limit; i++) expect((await check()).httpStatus).toBe(200);
    const refused = await check();
    expect([refused.httpStatus, refused.body.error_code]).toEqual([429, 'TOO_MANY_REQUESTS']);
    expect(refused.body.retry_after).toBeGreaterThan(0);
  });
});
