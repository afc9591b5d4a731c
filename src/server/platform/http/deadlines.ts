import type { IncomingMessage, Server, ServerResponse } from 'node:http';

/**
 * How long a request's body may take to arrive. Node's `requestTimeout` is one deadline for every request of a
 * server, and no one deadline fits both: an API call's body is at most a few MiB and gets a minute (slow-loris
 * bodies trickled a byte at a time are cut then), while a course medium (500 MB) or a course file (2 GB) over a slow
 * link takes far longer. So Node's deadline is set to the longest any upload may take (`ServerTimeouts.upload`, its
 * ceiling), and the deadlines here hold every body to the short one but for the large uploads the dispatcher lets
 * through (`allowSlowBody`): those are held instead to a minimum rate, at least UPLOAD_MIN_BYTES_PER_SECOND over
 * each period as long as the short deadline, so a body that keeps arriving may take long and one that trickles or
 * stalls is cut within two such periods (a fast start is no credit for a trickle after it). The bytes are counted as
 * read from the connection, so a body the server itself held back would count as slow: that takes a disk slower
 * than the minimum rate.
 */

/** The least a large upload must bring, on average over each period of the request deadline (64 kbit/s). */
export const UPLOAD_MIN_BYTES_PER_SECOND = 8 * 1024;

export interface BodyDeadlines {
  /** Holds this request's body to the minimum rate instead of the request deadline (a large upload's, let in). */
  allowSlowBody(request: IncomingMessage): void;
}

/** A body still arriving: since when, its answer, and for a large upload the period under way and its bytes then. */
interface Arriving {
  startedAt: number;
  response: ServerResponse;
  slow: { periodStartedAt: number; bytesAtStart: number } | null;
}

/**
 * Watches the bodies of `server`'s requests: every `checkEveryMs`, a body still arriving past its deadline is cut
 * as Node cuts one past its own (a 408 when no answer has begun, and the connection closed).
 */
export function watchBodyDeadlines(
  server: Server,
  options: { requestMs: number; checkEveryMs: number },
): BodyDeadlines {
  const arriving = new Map<IncomingMessage, Arriving>();
  // First, so a request is known before any hook of Fastify's can let it through.
  server.prependListener('request', (request: IncomingMessage, response: ServerResponse) => {
    // A request without content-length or transfer-encoding has no body (RFC 9112 §6.3): its headers were all.
    const { headers } = request;
    if (headers['transfer-encoding'] === undefined && (headers['content-length'] ?? '0') === '0') return;
    arriving.set(request, { startedAt: Date.now(), response, slow: null });
    request.once('end', () => arriving.delete(request));
  });

  /** Whether a body is past its deadline; a large upload that kept the rate over its period begins the next. */
  const overdue = (body: Arriving, bytesRead: number, now: number): boolean => {
    const { slow } = body;
    if (!slow) return now - body.startedAt >= options.requestMs;
    const period = now - slow.periodStartedAt;
    if (period < options.requestMs) return false;
    if (bytesRead - slow.bytesAtStart < (UPLOAD_MIN_BYTES_PER_SECOND * period) / 1000) return true;
    body.slow = { periodStartedAt: now, bytesAtStart: bytesRead };
    return false;
  };
  const check = () => {
    const now = Date.now();
    for (const [request, body] of arriving) {
      // Ended unread (dumped after its answer) or gone with its connection: nothing to watch.
      const gone = request.complete || request.destroyed || request.socket.destroyed;
      if (!gone && !overdue(body, request.socket.bytesRead, now)) continue;
      arriving.delete(request);
      if (!gone) cut(server, request, body.response);
    }
  };
  const timer = setInterval(check, options.checkEveryMs);
  timer.unref();
  server.once('close', () => clearInterval(timer));

  return {
    allowSlowBody(request) {
      const body = arriving.get(request);
      if (body) body.slow = { periodStartedAt: Date.now(), bytesAtStart: request.socket.bytesRead };
    },
  };
}

/** As Node ends a request past its `requestTimeout`: its `clientError` (Fastify answers 408) and the socket closed. */
function cut(server: Server, request: IncomingMessage, response: ServerResponse): void {
  const socket = request.socket;
  // An answer already begun is not followed by another on its connection.
  if (!response.headersSent) {
    const timeout = Object.assign(new Error('Request timeout'), { code: 'ERR_HTTP_REQUEST_TIMEOUT' });
    server.emit('clientError', timeout, socket);
  }
  socket.destroy();
}
