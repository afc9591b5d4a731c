import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import type { Config, S3Config } from '../config';

/** A byte range of a stored file, both ends included (as in HTTP's Range). */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where media live. Every read and write of a medium goes through here, so a site's media may be on this machine's
 * disk or in an object store that several server machines share, and nothing else in the server can tell.
 * Names are a site's `media_files.storage_name`s: the store keeps each site's media apart.
 */
export interface MediaStore {
  readonly kind: 'disk' | 's3';
  /** Stores the bytes durably before it resolves (fsync on disk; an acknowledged PUT in the store). */
  write(siteId: number, name: string, bytes: Buffer, mimeType: string): Promise<void>;
  /** Stores a file of this machine (an upload's temporary file) as `write` does, streamed, never read whole. */
  writeFrom(siteId: number, name: string, source: FileSource, mimeType: string): Promise<void>;
  /** The file or its range as a stream; null when there is no such file. */
  read(siteId: number, name: string, range?: ByteRange): Promise<Readable | null>;
  /** The stored size in bytes; null when there is no such file. */
  size(siteId: number, name: string): Promise<number | null>;
  /** Removes the file; a file already gone is no error. */
  remove(siteId: number, name: string): Promise<void>;
}

/** A file of this machine and its size. */
export interface FileSource {
  path: string;
  size: number;
}

/** A site's folder of media on disk: `<DATA_DIR>/uploads/<site id>/`. */
export const uploadDir = (config: Pick<Config, 'dataDir'>, siteId: number) =>
  path.join(config.dataDir, 'uploads', String(siteId));

/** Names come from our own rows, but a name is never allowed to leave the site's folder or key prefix. */
const safeName = (name: string) => path.basename(name);

export function diskStore(config: Pick<Config, 'dataDir'>): MediaStore {
  const fileOf = (siteId: number, name: string) => path.join(uploadDir(config, siteId), safeName(name));
  return {
    kind: 'disk',
    async write(siteId, name, bytes) {
      await fs.promises.mkdir(uploadDir(config, siteId), { recursive: true });
      const handle = await fs.promises.open(fileOf(siteId, name), 'w');
      try {
        await handle.writeFile(bytes);
        await handle.sync();
      } finally {
        await handle.close();
      }
    },
    async writeFrom(siteId, name, source) {
      await fs.promises.mkdir(uploadDir(config, siteId), { recursive: true });
      const target = fileOf(siteId, name);
      await fs.promises.copyFile(source.path, target, fs.constants.COPYFILE_EXCL);
      const handle = await fs.promises.open(target, 'r+');
      try {
        await handle.sync();
      } finally {
        await handle.close();
      }
    },
    async read(siteId, name, range) {
      const file = fileOf(siteId, name);
      // Opened before the stream is made, so a missing file is a null here and not an error mid-answer.
      const handle = await fs.promises.open(file, 'r').catch(() => null);
      if (!handle) return null;
      return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
    },
    async size(siteId, name) {
      const stat = await fs.promises.stat(fileOf(siteId, name)).catch(() => null);
      return stat?.isFile() ? stat.size : null;
    },
    async remove(siteId, name) {
      await fs.promises.unlink(fileOf(siteId, name)).catch(() => undefined);
    },
  };
}

const isMissing = (error: unknown) =>
  (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404;

/** The SDK, loaded on the first use of a store: a server without one never pays for its modules. */
const sdk = () => import('@aws-sdk/client-s3');

export function s3Store(s3: S3Config): MediaStore {
  let client: Promise<S3Client> | undefined;
  const connect = () => {
    client ??= sdk().then(
      ({ S3Client }) =>
        new S3Client({
          endpoint: s3.endpoint,
          region: s3.region,
          credentials: s3.credentials,
          forcePathStyle: s3.forcePathStyle,
          // A checksum only where S3 requires one: with one by default, a streamed upload is sent aws-chunked,
          // which not every S3-compatible store reads (it would store the chunk framing as the file's bytes).
          requestChecksumCalculation: 'WHEN_REQUIRED',
          responseChecksumValidation: 'WHEN_REQUIRED',
        }),
    );
    return client;
  };
  const keyOf = (siteId: number, name: string) => `uploads/${siteId}/${safeName(name)}`;
  return {
    kind: 's3',
    async write(siteId, name, bytes, mimeType) {
      const { PutObjectCommand } = await sdk();
      await (await connect()).send(
        new PutObjectCommand({ Bucket: s3.bucket, Key: keyOf(siteId, name), Body: bytes, ContentType: mimeType }),
      );
    },
    async writeFrom(siteId, name, source, mimeType) {
      const { PutObjectCommand } = await sdk();
      // One PUT, streamed from the file (S3 takes up to 5 GB so): its length is given, so nothing is buffered.
      await (await connect()).send(
        new PutObjectCommand({
          Bucket: s3.bucket,
          Key: keyOf(siteId, name),
          Body: fs.createReadStream(source.path),
          ContentLength: source.size,
          ContentType: mimeType,
        }),
      );
    },
    async read(siteId, name, range) {
      const { GetObjectCommand } = await sdk();
      try {
        const answer = await (await connect()).send(
          new GetObjectCommand({
            Bucket: s3.bucket,
            Key: keyOf(siteId, name),
            Range: range ? `bytes=${range.start}-${range.end}` : undefined,
          }),
        );
        return answer.Body instanceof Readable ? answer.Body : null;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async size(siteId, name) {
      const { HeadObjectCommand } = await sdk();
      try {
        const head = await (await connect()).send(
          new HeadObjectCommand({ Bucket: s3.bucket, Key: keyOf(siteId, name) }),
        );
        return head.ContentLength ?? null;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async remove(siteId, name) {
      // S3 answers a DELETE of a missing key with success.
      const { DeleteObjectCommand } = await sdk();
      await (await connect()).send(new DeleteObjectCommand({ Bucket: s3.bucket, Key: keyOf(siteId, name) }));
    },
  };
}

/**
 * The object store in front of the disk it replaces: new media go to the store, and a medium not moved yet is
 * still read from the disk, so a site keeps being served while `npm run media:move` moves its files.
 */
export function movingStore(primary: MediaStore, disk: MediaStore): MediaStore {
  return {
    kind: primary.kind,
    write: (siteId, name, bytes, mimeType) => primary.write(siteId, name, bytes, mimeType),
    writeFrom: (siteId, name, source, mimeType) => primary.writeFrom(siteId, name, source, mimeType),
    async read(siteId, name, range) {
      return (await primary.read(siteId, name, range)) ?? disk.read(siteId, name, range);
    },
    async size(siteId, name) {
      return (await primary.size(siteId, name)) ?? disk.size(siteId, name);
    },
    async remove(siteId, name) {
      await Promise.all([primary.remove(siteId, name), disk.remove(siteId, name)]);
    },
  };
}

/** What a store is chosen by; a config without `s3` (the demo seed's, a test's) means the disk. */
export type StoreConfig = Pick<Config, 'dataDir'> & { s3?: Config['s3'] };
const stores = new WeakMap<StoreConfig, MediaStore>();

/** The store the configuration names: the object store when S3_BUCKET is set, else the disk. One per config. */
export function mediaStore(config: StoreConfig): MediaStore {
  let store = stores.get(config);
  if (!store) {
    store = config.s3 ? movingStore(s3Store(config.s3), diskStore(config)) : diskStore(config);
    stores.set(config, store);
  }
  return store;
}
