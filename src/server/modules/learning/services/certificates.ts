import { randomBytes } from 'node:crypto';
import type { Language } from '../../../../shared/domain/language';
import { certificatePagePath } from '../../../../shared/domain/learning/certificates';
import { certificateExpiry } from '../../../../shared/domain/learning/xp';
import type { Db } from '../../../platform/db';
import type { CourseRow } from '../../../platform/db/schema';
import { AppError } from '../../../platform/errors';
import { requireWindow, sourceOf, type WindowLimit } from '../../../platform/limits';
import { certificateTexts } from '../certificateTexts';
import { courseInLanguage } from '../domain/translations';
import { drawCertificate } from './certificatePdf';

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
    .select(['courses.name as course_name', 'courses.translations', 'courses.default_language'])
    .where('certificates.site_id', '=', siteId)
    .where('certificates.user_id', '=', userId);

/** A certificate's row with its course's name in `language` where written. */
function namedIn<R extends { course_name: string; translations: string; default_language: string }>(
  row: R,
  language: string,
) {
  const { translations, default_language, ...rest } = row;
  return {
    ...rest,
    course_name: courseInLanguage({ name: row.course_name, translations, default_language }, language).name,
  };
}

/** The user's certificates, newest first, each with its course's name in `language` where written. */
export async function listCertificates(db: Db, opts: { siteId: number; userId: number; language: string }) {
  const rows = await certificatesOf(db, opts.siteId, opts.userId).orderBy('certificates.issued_at', 'desc').execute();
  return rows.map((row) => namedIn(row, opts.language));
}

/** A file name's word: letters without their accents, lower case, joined by dashes. */
const slug = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/**
 * The caller's own certificate as a one-page PDF in her language: the school, her name, the course, the dates, and
 * the code with the address of the public page that confirms it.
 */
export async function renderCertificatePdf(
  db: Db,
  opts: {
    siteId: number;
    user: { id: number; first_name: string; last_name: string };
    certificateId: number;
    siteTitle: string;
    publicUrl: string;
    language: Language;
  },
): Promise<{ fileName: string; pdf: Uint8Array }> {
  const read = await certificatesOf(db, opts.siteId, opts.user.id)
    .where('certificates.id', '=', opts.certificateId)
    .executeTakeFirst();
  if (!read) throw new AppError('NOT_FOUND', 'No such certificate');
  const row = namedIn(read, opts.language);
  const pdf = await drawCertificate({
    learnerName: `${opts.user.first_name} ${opts.user.last_name}`.trim(),
    courseName: row.course_name,
    siteTitle: opts.siteTitle,
    code: row.code,
    issuedAt: row.issued_at,
    expiresAt: row.expires_at,
    verifyUrl: `${opts.publicUrl}${certificatePagePath(row.code)}`,
    language: opts.language,
  });
  const fileName = `${certificateTexts[opts.language].fileName}-${slug(row.course_name) || 'course'}.pdf`;
  return { fileName, pdf };
}

/**
 * Checks of certificate codes per source: a verifier opens one page, a guesser would need billions of tries (a code
 * holds about 60 random bits), so this only keeps a stranger from using the lookup as a free load on the server.
 */
export const CERTIFICATE_CHECKS_PER_SOURCE: WindowLimit = { limit: 60, windowSeconds: 10 * 60 };

/** The certificate of a code this site issued, for the public check: who, which course, when; NOT_FOUND otherwise. */
export async function verifyCertificate(db: Db, opts: { siteId: number; code: string; ip: string }) {
  await requireWindow(db, {
    siteId: opts.siteId,
    bucket: 'certificate_checks',
    subject: sourceOf(opts.ip),
    ...CERTIFICATE_CHECKS_PER_SOURCE,
    message: 'Too many certificate checks',
  });
  const row = await db
    .selectFrom('certificates')
    .innerJoin('courses', 'courses.id', 'certificates.course_id')
    .innerJoin('users', 'users.id', 'certificates.user_id')
    .select([
      'certificates.code',
      'certificates.issued_at',
      'certificates.expires_at',
      'courses.name as course_name',
      'users.first_name',
      'users.last_name',
    ])
    .where('certificates.site_id', '=', opts.siteId)
    .where('certificates.code', '=', opts.code)
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', 'No such certificate');
  return row;
}
