import fs from 'node:fs';
import path from 'node:path';
import formbody from '@fastify/formbody';
import fastifyStatic from '@fastify/static';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  LogController,
} from 'fastify';
import * as authoring from './modules/authoring';
import * as commerce from './modules/commerce';
import * as eartraining from './modules/eartraining';
import * as identity from './modules/identity';
import type { Config } from './platform/config';
import type { Db } from './platform/db';
import { registerDispatcher, sendError, type UploadRouteConfig } from './platform/dispatcher';
import { AppError } from './platform/errors';
import { registerMediaRoutes } from './platform/files/media';
import { discardUnreadBody, parseMultipart } from './platform/http/bodies';
import { watchBodyDeadlines } from './platform/http/deadlines';
import { setSecurityHeaders } from './platform/http/securityHeaders';
import { createMailer, type Mailer } from './platform/mail/outbox';
import { siteNameOfHost } from './platform/sites';
import { registry } from './registry';

export interface AppOptions {
  config: Config;
  db: Db;
  /** Check every answer against its contract schema (tests). */
  checkAnswers?: boolean;
  logger?: boolean | object;
  /** How long a connection may take over its parts (tests set them short); DEFAULT_TIMEOUTS otherwise. */
  timeouts?: Partial<ServerTimeouts>;
}

/** Milliseconds. */
export interface ServerTimeouts {
  /** To receive a request's headers, from its first byte (a connection that sends nothing is closed too). */
  headers: number;
  /**
   * To receive a whole request, its body included: a 2 MiB photo over a slow mobile link fits. A large upload is
   * held to a minimum rate over each such period instead (http/deadlines.ts).
   */
  request: number;
  /** To receive a large upload (a course's medium, a course file) at most, however steadily it comes. */
  upload: number;
  /** Of silence (nothing received or sent) on a connection while a request or its answer is under way. */
  idle: number;
  /** For a kept-alive connection to send its next request; longer than a proxy's idle time (nginx: 60 s). */
  keepAlive: number;
}

export const DEFAULT_TIMEOUTS: ServerTimeouts = {
  headers: 20_000,
  request: 60_000,
  idle: 60_000,
  keepAlive: 72_000,
  // A 500 MB medium at 0.2 Mbit/s, a 2 GB course file at 0.8 Mbit/s.
  upload: 6 * 60 * 60_000,
};

const escapeAttribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The client's page, naming the site of the request's Host in `<meta name="site">` when a site has that host
 * (`site_hosts`): one build of the client serves every site, and the strict CSP allows no inline script to say it.
 * The client sends that name as its `site` header (client/app/api.ts); without the meta, the main site.
 */
function indexSender(db: Db, clientDir: string, hasClient: boolean) {
  const page = hasClient ? fs.readFileSync(path.join(clientDir, 'index.html'), 'utf8') : '';
  const headAt = page.indexOf('<head>');
  const head = headAt + '<head>'.length;
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const site = headAt >= 0 ? await siteNameOfHost(db, request.hostname) : undefined;
    const html = site
      ? `${page.slice(0, head)}\n    <meta name="site" content="${escapeAttribute(site)}" />${page.slice(head)}`
      : page;
    return reply.header('cache-control', 'no-cache').header('vary', 'host').type('text/html; charset=utf-8').send(html);
  };
}

export interface App {
  fastify: FastifyInstance;
  mailer: Mailer;
}

const BODY_LIMIT = 1024 * 1024;

/** The version of the running build, written by the client build next to index.html. */
function readVersion(clientDir: string): { hash: string; version: string } {
  try {
    return JSON.parse(fs.readFileSync(path.join(clientDir, 'version.json'), 'utf8'));
  } catch {
    return { hash: 'development', version: '0.0.0' };
  }
}

function mapFrameworkError(error: FastifyError): AppError {
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || error.statusCode === 413) {
    return new AppError('PAYLOAD_TOO_LARGE', 'The request body is too large');
  }
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || error.statusCode === 415) {
    return new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send JSON, urlencoded or multipart form data');
  }
  return new AppError('INVALID_REQUEST', `Malformed request: ${error.message}`);
}

/** How often a closing server looks for kept-alive connections whose answer has ended since. */
const CLOSING_SWEEP_MS = 50;
/** How long a closing server lets answers under way finish before it cuts the connections still open. */
const CLOSING_GRACE_MS = 10_000;

/**
 * Closing, Node closes the kept-alive connections that are idle at that instant and waits for the others. One
 * whose answer is still being streamed then (a medium, a range of a video) finishes it and is kept alive after
 * it: the server would not close before the keep-alive timeout, or before the client goes. So while closing,
 * connections are closed as soon as their answer has ended; an answer under way is given 10 s to end.
 */
function closeConnectionsOnceAnswered(fastify: FastifyInstance): void {
  fastify.addHook('preClose', (done) => {
    const server = fastify.server;
    const sweep = setInterval(() => server.closeIdleConnections(), CLOSING_SWEEP_MS);
    sweep.unref();
    // A client that stopped reading (a player gone mid-video) would hold its answer, and the server, until the
    // idle timeout: past the grace, what is still open is cut.
    const deadline = setTimeout(() => server.closeAllConnections(), CLOSING_GRACE_MS);
    deadline.unref();
    server.once('close', () => {
      clearInterval(sweep);
      clearTimeout(deadline);
    });
    done();
  });
}

/** Builds the server without listening, so tests run it in-process or on port 0. */
export async function buildApp(options: AppOptions): Promise<App> {
  const { config, db } = options;
  const timeouts = { ...DEFAULT_TIMEOUTS, ...options.timeouts };
  // Node checks the headers timeout, and http/deadlines.ts the bodies', this often (Node: 30 s unless told), so
  // they hold to about a quarter.
  const checkEveryMs = Math.max(50, Math.floor(Math.min(timeouts.headers, timeouts.request) / 4));
  const fastify = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: BODY_LIMIT,
    logController: new LogController({ disableRequestLogging: true }),
    connectionTimeout: timeouts.idle,
    // Node's one deadline of every request is the longest any may take; the shorter one of all but large uploads is
    // held by http/deadlines.ts.
    requestTimeout: timeouts.upload,
    keepAliveTimeout: timeouts.keepAlive,
    http: {
      headersTimeout: timeouts.headers,
      requestTimeout: timeouts.upload,
      connectionsCheckingInterval: checkEveryMs,
    },
    // A URL Fastify cannot decode (`/api/%`) is refused in the API's own shape, on every path.
    // Such an answer passes none of the hooks, so it sets what they would.
    frameworkErrors: (error, request, reply) => {
      setSecurityHeaders(reply);
      const answer = new AppError('INVALID_REQUEST', `Malformed request: ${error.message.slice(0, 300)}`);
      void discardUnreadBody(request, reply).then(() => sendError(reply, answer));
    },
  });
  const mailer = createMailer(db, config, fastify.log);
  const deadlines = watchBodyDeadlines(fastify.server, { requestMs: timeouts.request, checkEveryMs });

  // The one hook of every answer, a callback (an async hook would cost each answer a promise and a turn of the
  // microtask queue): the security headers, and the rest of a body the answer leaves unread (http/bodies.ts).
  fastify.addHook('onSend', (request, reply, payload, done) => {
    setSecurityHeaders(reply);
    if (request.raw.complete || request.raw.destroyed) return done(null, payload);
    discardUnreadBody(request, reply).then(() => done(null, payload), done);
  });
  // Only the spec's encodings (form data, and JSON for convenience): Fastify's default text/plain parser
  // would turn any text into a body the dispatcher can only refuse as malformed instead of as unsupported.
  fastify.removeContentTypeParser('text/plain');
  await fastify.register(formbody);
  // Read whole under the route's bodyLimit like every other body, then parsed (http/bodies.ts).
  fastify.addContentTypeParser(
    'multipart/form-data',
    { parseAs: 'buffer' },
    async (request: FastifyRequest, body: Buffer) => {
      const upload = request.routeOptions.config as Partial<UploadRouteConfig>;
      return parseMultipart(body, request.headers, {
        fields: 20,
        fieldSize: BODY_LIMIT,
        files: 1,
        fileSize: upload.maxFileBytes ?? BODY_LIMIT,
      });
    },
  );
  fastify.setErrorHandler((error: FastifyError, request, reply) => {
    const mapped =
      error instanceof AppError ? error : error.statusCode && error.statusCode < 500 ? mapFrameworkError(error) : null;
    if (mapped) {
      // An upload route names its own answer to a body too large: the file is what is too large.
      const { tooLarge, maxFileBytes } = request.routeOptions.config as Partial<UploadRouteConfig>;
      if (mapped.code === 'PAYLOAD_TOO_LARGE' && tooLarge && maxFileBytes) {
        const limitMb = Math.round(maxFileBytes / (1024 * 1024));
        return sendError(reply, new AppError(tooLarge, `File size too large, filesize limit ${limitMb}MB!`));
      }
      return sendError(reply, mapped);
    }
    request.log.error({ err: error }, 'Request failed');
    return sendError(reply, new AppError('SERVER_ERROR', 'Something went wrong on the server'));
  });

  const version = readVersion(config.clientDir);
  fastify.get('/version.json', async (_request, reply) =>
    reply.header('cache-control', 'no-cache, no-store, must-revalidate').send(version),
  );
  fastify.get('/health', async () => ({ status: 'OK' }));

  registerDispatcher(fastify, {
    db,
    config,
    mailer,
    registry,
    findSessionUser: identity.findSessionUser,
    uploadLimits: identity.uploadLimits,
    allowSlowBody: deadlines.allowSlowBody,
    checkAnswers: options.checkAnswers ?? false,
  });
  registerMediaRoutes(fastify, { db, config });
  authoring.registerTransferRoutes(fastify, { db, config });
  eartraining.registerSampleRoutes(fastify);
  commerce.registerPaymentRoutes(fastify, { db, config, mailer });

  const hasClient = fs.existsSync(path.join(config.clientDir, 'index.html'));
  // Registered without a client too: media are sent with its `sendFile`, which answers Range requests.
  await fastify.register(fastifyStatic, {
    root: hasClient ? config.clientDir : config.dataDir,
    serve: hasClient,
    wildcard: true,
    index: false,
    // The build writes .br and .gz copies of its text files (vite.config.ts); sent as the browser accepts.
    preCompressed: true,
    setHeaders(res, filePath) {
      // The built client's files only: media (files/media.ts, sent with sendFile) carry their own cache policy.
      if (!hasClient || !filePath.startsWith(`${config.clientDir}${path.sep}`)) return;
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });

  const sendIndex = indexSender(db, config.clientDir, hasClient);
  // The static plugin refuses directories, and `/` is the sign-in page of the client.
  if (hasClient) {
    fastify.get('/', sendIndex);
    fastify.get('/index.html', sendIndex);
  }

  fastify.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    if (url.startsWith('/api/') || url === '/api' || !['GET', 'HEAD'].includes(request.method) || !hasClient) {
      return sendError(reply, new AppError('NOT_FOUND', `Not found: ${request.method} ${url.slice(0, 200)}`));
    }
    // Every other page is a route of the single-page client.
    return sendIndex(request, reply);
  });

  closeConnectionsOnceAnswered(fastify);
  fastify.addHook('onClose', async () => {
    await mailer.stop();
  });
  return { fastify, mailer };
}
