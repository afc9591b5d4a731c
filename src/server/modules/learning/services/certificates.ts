import { randomBytes } from 'node:crypto';
import { certificateExpiry } from '../../../../shared/domain/learning/xp';
import type { Db } from '../../../platform/db';
import type { CourseRow } from '../../../platform/db/schema';
import { AppError } from '../../../platform/errors';

/**
 * Issues the certificate of a completed course, once: answers true when this call issued it. The expiry follows
 * the course's validity period, when it has one.
 */
export async function issueCertificate(
  db: Db,
  opts: { siteId: number; userId: number; course: Pick<CourseRow, 'id' | 'certificate_validity_months'> },
): Promise<boolean> {
  const issuedAt = new Date();
  const at = issuedAt.toISOString();
  const inserted = await db
    .insertInto('certificates')
    .values({
      site_id: opts.siteId,
      user_id: opts.userId,
      course_id: opts.course.id,
      code: randomBytes(9).toString('base64url').toUpperCase(),
      issued_at: at,
      expires_at: certificateExpiry(issuedAt, opts.course.certificate_validity_months)?.toISOString() ?? null,
      created_at: at,
      updated_at: at,
    })
    .onConflict((oc) => oc.columns(['site_id', 'user_id', 'course_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

const certificatesOf = (db: Db, siteId: number, userId: number) =>
  db
    .selectFrom('certificates')
    .innerJoin('courses', 'courses.id', 'certificates.course_id')
    .selectAll('certificates')
    .select('courses.name as course_name')
    .where('certificates.site_id', '=', siteId)
    .where('certificates.user_id', '=', userId);

/** The user's certificates, newest first, each with its course's name. */
export const listCertificates = (db: Db, opts: { siteId: number; userId: number }) =>
  certificatesOf(db, opts.siteId, opts.userId).orderBy('certificates.issued_at', 'desc').execute();

const dateOnly = (iso: string) => iso.slice(0, 10);

/** The caller's own certificate as a one-page PDF: her name, the course, the dates and the verification code. */
export async function renderCertificatePdf(
  db: Db,
  opts: {
    siteId: number;
    user: { id: number; first_name: string; last_name: string };
    certificateId: number;
    siteTitle: string;
  },
): Promise<{ fileName: string; pdf: Uint8Array }> {
  const row = await certificatesOf(db, opts.siteId, opts.user.id)
    .where('certificates.id', '=', opts.certificateId)
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', 'No such certificate');

  // Loaded on the first certificate: a PDF library the server otherwise does not need in memory.
  const { PDFDocument, rgb, StandardFonts } = await import('pdf-lib');
  const doc = await PDFDocument.create();
  doc.setTitle(`Certificate: ${row.course_name}`);
  doc.setCreator(opts.siteTitle);
  const page = doc.addPage([842, 595]); // A4 landscape, in points
  const [regular, bold] = await Promise.all([
    doc.embedFont(StandardFonts.Helvetica),
    doc.embedFont(StandardFonts.HelveticaBold),
  ]);
  const ink = rgb(0.12, 0.16, 0.22);
  const accent = rgb(0.13, 0.4, 0.8);
  page.drawRectangle({ x: 24, y: 24, width: 794, height: 547, borderColor: accent, borderWidth: 3 });
  // The standard fonts cover WinAnsi only; anything outside it (rare in names) is replaced rather than failing.
  const safe = (text: string) => text.replace(/[^\u0020-\u007e\u00a0-\u00ff]/g, '?');
  const centred = (text: string, y: number, size: number, font = regular, color = ink) => {
    const value = safe(text);
    const width = font.widthOfTextAtSize(value, size);
    page.drawText(value, { x: (842 - width) / 2, y, size, font, color });
  };
  centred('CERTIFICATE OF COMPLETION', 470, 30, bold, accent);
  centred('This certifies that', 410, 16);
  centred(`${opts.user.first_name} ${opts.user.last_name}`.trim(), 365, 32, bold);
  centred('has completed the course', 320, 16);
  centred(row.course_name, 280, 24, bold);
  centred(`Issued ${dateOnly(row.issued_at)}`, 200, 14);
  if (row.expires_at) centred(`Valid until ${dateOnly(row.expires_at)}`, 178, 14);
  centred(`${safe(opts.siteTitle)} - certificate ${row.code}`, 80, 11);
  const pdf = await doc.save();
  const slug =
    row.course_name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'course';
  return { fileName: `certificate-${slug}.pdf`, pdf };
}
