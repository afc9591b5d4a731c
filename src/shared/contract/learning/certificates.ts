import { z } from 'zod';
import { call, endpoint, id, ok } from '../define';
import { CertificateInfo } from './courseShapes';

export const certificates = endpoint('certificates.php', {
  get_certificates: call({
    access: 'user',
    data: z.object({ UserId: id }),
    answer: z.object({ status: ok, data: z.array(CertificateInfo) }),
  }),
  /** The certificate as a PDF made on the server, base64-encoded, so that it travels like every other answer. */
  download_certificate: call({
    access: 'user',
    data: z.object({ Id: id }),
    answer: z.object({ status: ok, data: z.object({ fileName: z.string(), pdfBase64: z.string() }) }),
  }),
});
