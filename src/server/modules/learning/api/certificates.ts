import { certificates } from '../../../../shared/contract/learning/certificates';
import { contentLanguage } from '../../../platform/contentLanguage';
import { callerNamed, handlers, signedInUser } from '../../../platform/handlers';
import { presentCertificate, presentCertificateCheck } from '../presenters/course';
import { listCertificates, renderCertificatePdf, verifyCertificate } from '../services/certificates';

export const certificatesHandlers = handlers(certificates, {
  async get_certificates(ctx, data) {
    const user = callerNamed(ctx, data.UserId);
    const rows = await listCertificates(ctx.db, {
      siteId: ctx.site.id,
      userId: user.id,
      language: contentLanguage(ctx),
    });
    return { status: 'OK', data: rows.map((row) => presentCertificate(row, row.course_name)) };
  },
  async download_certificate(ctx, data) {
    const { fileName, pdf } = await renderCertificatePdf(ctx.db, {
      siteId: ctx.site.id,
      user: signedInUser(ctx),
      certificateId: data.Id,
      siteTitle: ctx.site.title,
      publicUrl: ctx.config.publicUrl,
      language: ctx.locale,
    });
    return { status: 'OK', data: { fileName, pdfBase64: Buffer.from(pdf).toString('base64') } };
  },
  async verify_certificate(ctx, data) {
    const row = await verifyCertificate(ctx.db, { siteId: ctx.site.id, code: data.Code, ip: ctx.ip });
    return { status: 'OK', data: presentCertificateCheck(row, ctx.site.title) };
  },
});
