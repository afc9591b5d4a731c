import { z } from 'zod';
import { call, endpoint, id, isoDate, ok } from '../define';
import { CertificateInfo } from './courseShapes';

/**
 * A certificate's verification code as a reader types it from the paper: spaces around it and the letters' case do
 * not matter (codes are upper case), and it holds only the letters of a code, so no other text reaches the lookup.
 */
export const CertificateCode = z
  .string()
  .trim()
  .toUpperCase()
  .pipe(z.string().regex(/^[A-Z0-9_-]{1,64}$/, 'Invalid input: expected a certificate code'));

/** What a public check of a certificate tells: only what confirms it, nothing else of the learner. */
export const CertificateCheck = z.object({
  Code: z.string(),
  LearnerName: z.string(),
  CourseName: z.string(),
  /** The school that issued it (the site's title). */
  IssuedBy: z.string(),
  IssuedAt: isoDate,
  ExpiresAt: isoDate.nullable(),
  Expired: z.boolean(),
});
export type CertificateCheck = z.infer<typeof CertificateCheck>;

export const certificates = endpoint('certificates.php', {
  get_certificates: call({
    access: 'user',
    reads: true,
    data: z.object({ UserId: id }),
    answer: z.object({ status: ok, data: z.array(CertificateInfo) }),
  }),
  /**
   * The certificate as a PDF made on the server, base64-encoded, so that it travels like every other answer. Its
   * texts are in the language of the request (`Accept-Language`, which the client sets to the app's language).
   */
  download_certificate: call({
    access: 'user',
    reads: true,
    data: z.object({ Id: id }),
    answer: z.object({ status: ok, data: z.object({ fileName: z.string(), pdfBase64: z.string() }) }),
  }),
  /** Anyone holding a certificate's code may check it is genuine: NOT_FOUND for a code this site never issued. */
  verify_certificate: call({
    access: 'public',
    reads: true,
    data: z.object({ Code: CertificateCode }),
    answer: z.object({ status: ok, data: CertificateCheck }),
  }),
});
