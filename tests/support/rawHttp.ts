import net from 'node:net';

/**
 * HTTP spoken by hand, for what fetch cannot do: a body sent at the pace a test chooses, headers or a body trickled
 * byte by byte, a connection watched for being closed by the server.
 */

/** The boundary of the multipart bodies made here. */
export const BOUNDARY = '----raw-http-test-boundary';

export type Part = { name: string; value: string | Buffer; filename?: string };

/** A multipart/form-data body of the given parts. */
export function multipart(parts: Part[], end = true): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const file = part.filename === undefined ? '' : `; filename="${part.filename}"`;
    const type = part.filename === undefined ? '' : '\r\nContent-Type: application/octet-stream';
    chunks.push(
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name}"${file}${type}\r\n\r\n`),
    );
    chunks.push(Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value));
    chunks.push(Buffer.from('\r\n'));
  }
  if (end) chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}

/** One HTTP/1.1 connection spoken by hand: what the server sent, and whether it closed the connection. */
export class RawConnection {
  received = '';
  closed = false;
  /** When the connection closed (Date.now()). */
  closedAt = 0;
  private readonly socket: net.Socket;
  private readonly listeners = new Set<() => void>();

  private constructor(socket: net.Socket) {
    this.socket = socket;
    socket.on('data', (data) => {
      this.received += data.toString('latin1');
      this.notify();
    });
    socket.on('close', () => {
      this.closed = true;
      this.closedAt = Date.now();
      this.notify();
    });
    // Writing to a connection the server closed fails; what the test reads is `closed` and `received`.
    socket.on('error', () => {});
  }

  static open(url: string): Promise<RawConnection> {
    const { hostname, port } = new URL(url);
    return new Promise((resolve, reject) => {
      const socket = net.connect(Number(port), hostname, () => resolve(new RawConnection(socket)));
      socket.once('error', reject);
    });
  }

  private notify() {
    for (const listener of this.listeners) listener();
  }

  /** Sends bytes, waiting while the socket's buffer is full; false once the connection is gone. */
  async write(data: string | Buffer): Promise<boolean> {
    if (this.closed || this.socket.destroyed) return false;
    if (this.socket.write(data)) return true;
    await new Promise<void>((resolve) => {
      const done = () => {
        this.listeners.delete(done);
        this.socket.off('drain', done);
        resolve();
      };
      this.socket.once('drain', done);
      this.listeners.add(() => this.closed && done());
    });
    return !this.closed;
  }

  /** Waits until `test` holds (true) or `ms` pass (false). */
  waitFor(test: () => boolean, ms: number): Promise<boolean> {
    if (test()) return Promise.resolve(true);
    return new Promise((resolve) => {
      const check = () => {
        if (!test()) return;
        clearTimeout(timer);
        this.listeners.delete(check);
        resolve(true);
      };
      const timer = setTimeout(() => {
        this.listeners.delete(check);
        resolve(false);
      }, ms);
      this.listeners.add(check);
    });
  }

  /** The JSON body of the first answer received. */
  firstJson(): unknown {
    const body = this.received.split('\r\n\r\n')[1] ?? '';
    return JSON.parse(body.slice(0, body.lastIndexOf('}') + 1));
  }

  close() {
    this.socket.destroy();
  }
}

export const answered = (connection: RawConnection) => () => /\r\n\r\n\{.*\}/s.test(connection.received);

/** A chunk of a chunked request body. */
export const chunk = (data: Buffer) =>
  Buffer.concat([Buffer.from(`${data.length.toString(16)}\r\n`), data, Buffer.from('\r\n')]);
