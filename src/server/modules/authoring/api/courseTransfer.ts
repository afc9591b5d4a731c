import type { FastifyInstance } from 'fastify';
import { courseImport, courseTransfer } from '../../../../shared/contract/authoring/courseTransfer';
import { sendError } from '../../../platform/dispatcher';
import { AppError } from '../../../platform/errors';
import { type CallContext, handlers, signedInUser } from '../../../platform/handlers';
import { courseFileStream, courseOfExportLink, exportLink } from '../services/transfer/export';
import { importCourse } from '../services/transfer/import';

export const courseTransferHandlers = handlers(courseTransfer, {
  async export_course(ctx, data) {
    const url = await exportLink(ctx.db, { siteId: ctx.site.id, user: signedInUser(ctx), courseId: data.CourseId });
    return { status: 'OK', Url: url };
  },
});

export const courseImportHandlers = handlers(courseImport, {
  async import_course(ctx) {
    if (!ctx.file || ctx.file.size === 0) {
      throw new AppError('INVALID_REQUEST', 'Attach the course file as the part `file`');
    }
    const { courseId, name } = await importCourse(ctx.db, {
      config: ctx.config,
      siteId: ctx.site.id,
      user: signedInUser(ctx),
      file: ctx.file.path,
    });
    return { status: 'OK', CourseId: courseId, Name: name };
  },
});

/**
 * `GET /export/course/<id>?u=&e=&s=`: the course's file, by the signed link export_course answers (a download
 * cannot send the Authorization header). Streamed as it is made, as an attachment named after the course.
 */
export function registerTransferRoutes(app: FastifyInstance, opts: Pick<CallContext, 'db' | 'config'>): void {
  app.get('/export/course/:id', async (request, reply) => {
    const query = request.query as { u?: unknown; e?: unknown; s?: unknown };
    try {
      const { siteId, courseId } = await courseOfExportLink(opts.db, {
        courseId: (request.params as { id: string }).id,
        user: query.u,
        expiry: query.e,
        signature: query.s,
      });
      const { fileName, stream } = await courseFileStream(opts.db, opts.config, { siteId, courseId });
      stream.on('error', (error) => {
        request.log.error({ err: error }, 'Course export failed while streaming');
        reply.raw.destroy(error);
      });
      return reply
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(fileName)}`)
        .type('application/zip')
        .send(stream);
    } catch (error) {
      if (error instanceof AppError) return sendError(reply, error);
      throw error;
    }
  });
}
