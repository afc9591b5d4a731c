import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import type { z } from 'zod';
import { COURSE_IMAGE_SIDE, MAX_COURSE_IMAGE_BYTES } from '../../../../../shared/domain/authoring/media';
import {
  COURSE_EXPORT_FORMAT,
  COURSE_EXPORT_VERSION,
  transferLimits,
} from '../../../../../shared/domain/authoring/transfer';
import { type Actor, authorize } from '../../../../platform/authorize';
import type { Config } from '../../../../platform/config';
import { type Db, now } from '../../../../platform/db';
import { AppError, invalidFields } from '../../../../platform/errors';
import {
  type Identified,
  identifyMedium,
  type MediumKind,
  readMediaLength,
  roundedSeconds,
} from '../../../../platform/files/identify';
import { reencodeImage } from '../../../../platform/files/images';
import { assertStorageRoom } from '../../../../platform/files/quota';
import { insertMediumRow, newStorageName } from '../../../../platform/files/save';
import { mediaStore } from '../../../../platform/files/storage';
import { createSlots } from '../../../../platform/lib/slots';
import { assertPlanRoom } from '../../../../platform/plans';
import { surveyIdsOfSite } from '../../../surveys';
import { storedBlockContent, surveyIdsOf } from '../../domain/partContent';
import { authoringActions } from '../../policies/course';
import {
  achievementFields,
  blockFields,
  courseFields,
  MANIFEST_PATH,
  ManifestV1,
  MEDIUM_PATH,
  mediaIdsIn,
  partFields,
  remapMediaIds,
  siteMark,
  toRow,
} from './format';

/** Imports at once in a process, and imports that may wait for one; beyond them an import is refused. */
const importSlots = createSlots({
  slots: 2,
  queue: 4,
  refuse: () =>
    new AppError('TOO_MANY_REQUESTS', 'Too many course imports are under way: try again in a minute', {
      retry_after: 60,
    }),
});

const notACourseFile = (why: string) => new AppError('UNSUPPORTED_FILE', `This is not a course file: ${why}`);
const invalid = (why: string) => new AppError('INVALID_REQUEST', `The course file is not valid: ${why}`);
const quoted = (name: string) => JSON.stringify(name.slice(0, 100));

/** The suffix an imported course's name gets, so it is told apart from the course it was exported from. */
export const IMPORTED_SUFFIX = ' (imported)';
const NAME_MAX = 200;

/**
 * import_course: the course file at `file` (a zip on this machine's disk) becomes a new, unpublished course of the
 * site, with its settings, achievements, parts, blocks and media. The file is read as what an attacker with a
 * staff account could send (docs/security.md): only `course.json` and `media/<id>` entries, each within its
 * bound and exactly its declared size; a manifest and every block checked by their schemas; every medium checked by
 * its content and counted against the site's storage before anything is stored. Nothing is kept of a refused
 * import: the rows go in one transaction, and the media written before it are removed when it fails.
 */
export async function importCourse(
  db: Db,
  opts: { config: Config; siteId: number; user: Actor; file: string },
): Promise<{ courseId: number; name: string }> {
  authorize(opts.user, authoringActions.edit, undefined);
  return importSlots.run(async () => {
    let zip: ZipFile;
    try {
      zip = await yauzl.openPromise(opts.file, { autoClose: false, strictFileNames: true, validateEntrySizes: true });
    } catch (error) {
      throw notACourseFile(error instanceof Error ? error.message : 'not a zip file');
    }
    try {
      return await importFrom(db, opts, zip);
    } catch (error) {
      if (error instanceof AppError) throw error;
      // What yauzl finds wrong while reading (a size that is not what it says, a broken entry) is the file's fault.
      throw notACourseFile(error instanceof Error ? error.message : String(error));
    } finally {
      zip.close();
    }
  });
}

async function importFrom(
  db: Db,
  opts: { config: Config; siteId: number; file: string },
  zip: ZipFile,
): Promise<{ courseId: number; name: string }> {
  const entries = await readDirectory(zip);
  const manifestEntry = entries.get(MANIFEST_PATH);
  if (!manifestEntry) throw notACourseFile(`it has no ${MANIFEST_PATH}`);
  const manifest = parseManifest(await readWhole(zip, manifestEntry));
  const blocks = checkManifest(manifest, entries);

  const totalBytes = manifest.media.reduce((sum, medium) => sum + medium.sizeBytes, 0);
  await assertPlanRoom(db, { siteId: opts.siteId, resource: 'courses' });
  await assertStorageRoom(db, { siteId: opts.siteId, adding: totalBytes });

  const store = mediaStore(opts.config);
  const stored: StoredMedium[] = [];
  const tmpDir = path.join(opts.config.dataDir, 'tmp', 'imports');
  await fs.promises.mkdir(tmpDir, { recursive: true });
  try {
    for (const medium of manifest.media) {
      const entry = entries.get(medium.file) as Entry;
      const tmp = path.join(tmpDir, `${randomUUID()}.medium`);
      try {
        await pipeline(await zip.openReadStreamPromise(entry), fs.createWriteStream(tmp, { flags: 'wx' }));
        const head = await readHead(tmp);
        const found = identified(medium, head);
        if (found.kind === 'image') {
          // Re-encoded as an uploaded course image is: what is served is an image this server made.
          if (medium.sizeBytes > MAX_COURSE_IMAGE_BYTES) {
            throw new AppError('FILE_TOO_LARGE', `The image ${quoted(medium.name)} is too large`);
          }
          const image = await reencodeImage(tmp, head, COURSE_IMAGE);
          const name = newStorageName('course', '.webp');
          await store.write(opts.siteId, name, image, 'image/webp');
          stored.push({
            storageName: name,
            kind: 'image',
            mimeType: 'image/webp',
            sizeBytes: image.length,
            durationSeconds: 0,
          });
        } else {
          const durationSeconds = await lengthOf(tmp, found);
          const name = newStorageName('course', found.extension);
          await store.writeFrom(opts.siteId, name, { path: tmp, size: medium.sizeBytes }, found.mimeType);
          stored.push({
            storageName: name,
            kind: found.kind,
            mimeType: found.mimeType,
            sizeBytes: medium.sizeBytes,
            durationSeconds,
          });
        }
      } finally {
        await fs.promises.rm(tmp, { force: true });
      }
    }
    const storedBytes = stored.reduce((sum, medium) => sum + medium.sizeBytes, 0);
    return await db.transaction().execute(async (trx) => {
      await assertPlanRoom(trx, { siteId: opts.siteId, resource: 'courses' });
      await assertStorageRoom(trx, { siteId: opts.siteId, adding: storedBytes, lock: true });
      return insertCourse(trx, opts.siteId, manifest, blocks, stored);
    });
  } catch (error) {
    await Promise.allSettled(stored.map((medium) => store.remove(opts.siteId, medium.storageName)));
    throw error;
  }
}

interface StoredMedium {
  storageName: string;
  kind: MediumKind;
  mimeType: string;
  sizeBytes: number;
  durationSeconds: number;
}

/**
 * A video's or audio's length, read from its file as an upload's is; 0 for other media, and for one whose length
 * cannot be read: imports took such media before lengths were kept, and the files made then still import.
 */
async function lengthOf(file: string, found: Identified): Promise<number> {
  if (found.kind !== 'video' && found.kind !== 'audio') return 0;
  try {
    return roundedSeconds((await readMediaLength(file, found)).seconds);
  } catch (error) {
    if (error instanceof AppError && error.code === 'UNSUPPORTED_FILE') return 0;
    throw error;
  }
}

const COURSE_IMAGE = {
  label: 'a course image',
  width: COURSE_IMAGE_SIDE,
  height: COURSE_IMAGE_SIDE,
  fit: 'inside',
} as const;

/** The zip's entries by name, each checked before a byte of any is unpacked. */
async function readDirectory(zip: ZipFile): Promise<Map<string, Entry>> {
  // One manifest and one entry per medium: a directory of thousands more is refused before it is read.
  if (zip.entryCount > transferLimits.media + 1) {
    throw invalid(`it has ${zip.entryCount} entries, at most ${transferLimits.media + 1} are allowed`);
  }
  const entries = new Map<string, Entry>();
  for await (const entry of zip.eachEntry()) {
    const name = entry.fileName;
    if (name !== MANIFEST_PATH && !MEDIUM_PATH.test(name)) throw invalid(`unexpected entry ${quoted(name)}`);
    if (entries.has(name)) throw invalid(`the entry ${quoted(name)} is there twice`);
    if (entry.isEncrypted()) throw invalid(`the entry ${quoted(name)} is encrypted`);
    if (!entry.canDecodeFileData()) throw invalid(`the entry ${quoted(name)} is compressed in an unknown way`);
    const limit = name === MANIFEST_PATH ? transferLimits.manifestBytes : transferLimits.mediumBytes;
    if (entry.uncompressedSize > limit) {
      throw new AppError('FILE_TOO_LARGE', `The entry ${quoted(name)} is larger than ${limit / (1024 * 1024)} MB`);
    }
    entries.set(name, entry);
  }
  return entries;
}

/** An entry unpacked into memory: only the manifest, whose declared size is bounded and held to (yauzl). */
async function readWhole(zip: ZipFile, entry: Entry): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await zip.openReadStreamPromise(entry)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The first bytes of a medium that tell its type (as an upload's head, platform/http/uploads.ts). */
const HEAD_BYTES = 4096;

async function readHead(file: string): Promise<Buffer> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const head = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await handle.read(head, 0, HEAD_BYTES, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

const issuesOf = (error: z.ZodError, prefix: string) =>
  invalidFields(
    ...error.issues.slice(0, 10).map((issue) => ({
      field: [prefix, ...issue.path].join('.'),
      message: issue.message,
    })),
  );

function parseManifest(bytes: Buffer): ManifestV1 {
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw invalid(`${MANIFEST_PATH} is not JSON`);
  }
  const head = (json ?? {}) as { format?: unknown; version?: unknown };
  if (head.format !== COURSE_EXPORT_FORMAT) throw invalid(`${MANIFEST_PATH} is not a course export`);
  if (head.version !== COURSE_EXPORT_VERSION) {
    throw invalid(`it is of version ${String(head.version).slice(0, 20)}; this server reads version 1`);
  }
  const parsed = ManifestV1.safeParse(json);
  if (!parsed.success) throw issuesOf(parsed.error, MANIFEST_PATH);
  return parsed.data;
}

type CheckedBlock = ManifestV1['blocks'][number];

/**
 * The manifest against itself and the zip: labels unique, every block in a part of the file, every link to a
 * part and every medium named there, every medium's entry there with its declared size and no entry left over,
 * every block's content valid for its type. Answers the blocks with their content as their schema reads it.
 */
function checkManifest(manifest: ManifestV1, entries: Map<string, Entry>): CheckedBlock[] {
  const unique = (what: string, ids: number[]) => {
    const seen = new Set<number>();
    for (const id of ids) {
      if (seen.has(id)) throw invalid(`the ${what} id ${id} is used twice`);
      seen.add(id);
    }
    return seen;
  };
  const partIds = unique(
    'part',
    manifest.parts.map((p) => p.id),
  );
  unique(
    'block',
    manifest.blocks.map((b) => b.id),
  );
  const mediaIds = unique(
    'medium',
    manifest.media.map((m) => m.id),
  );

  for (const medium of manifest.media) {
    const entry = entries.get(medium.file);
    if (!entry) throw invalid(`the medium ${quoted(medium.name)} has no entry ${medium.file}`);
    if (entry.uncompressedSize !== medium.sizeBytes) {
      throw invalid(`the entry ${medium.file} is not the size its medium says`);
    }
  }
  const named = new Set([MANIFEST_PATH, ...manifest.media.map((m) => m.file)]);
  for (const name of entries.keys()) if (!named.has(name)) throw invalid(`the entry ${quoted(name)} is no medium`);

  return manifest.blocks.map((block, index) => {
    const where = `block ${quoted(block.title)} (${block.type}, blocks.${index})`;
    if (!partIds.has(block.partId)) throw invalid(`${where} is in no part of the file`);
    if (block.postId !== null && !partIds.has(block.postId)) throw invalid(`${where} links to no part of the file`);
    if (Buffer.byteLength(JSON.stringify(block.content)) > transferLimits.blockContentBytes) {
      throw invalid(`${where} is too large`);
    }
    const content = storedBlockContent(block.type, block.content);
    if (!content) throw invalid(`${where} does not have the content of a ${block.type} block`);
    const translations: CheckedBlock['translations'] = {};
    for (const [language, translation] of Object.entries(block.translations)) {
      const translated = translation.content && storedBlockContent(block.type, translation.content);
      if (translated === null)
        throw invalid(`${where} does not have the content of a ${block.type} block in ${language}`);
      translations[language] = { ...translation, ...(translated ? { content: translated } : {}) };
    }
    const checked = { ...block, content, translations };
    for (const id of mediaIdsIn(checked)) {
      if (!mediaIds.has(id)) throw invalid(`${where} names the medium ${id}, which the file does not have`);
    }
    return checked;
  });
}

/**
 * What a medium is by its content (platform/files/identify.ts, as an upload is): an image, video or audio must be
 * the kind the file says; a downloadable file is taken by its content and its name, as an upload is.
 */
function identified(medium: ManifestV1['media'][number], head: Buffer): Identified {
  const notWhatItSays = () =>
    new AppError('UNSUPPORTED_FILE', `The medium ${quoted(medium.name)} is not the ${medium.kind} it says`);
  let found: Identified;
  try {
    // A stored image was re-encoded (WebP) under its original name: only a document's name tells its type.
    found = identifyMedium(head, medium.kind === 'file' ? medium.name : '');
  } catch (error) {
    if (medium.kind === 'file') throw error;
    throw notWhatItSays();
  }
  // WebM and Ogg hold either: the file's kind says which.
  if ((found.container === 'webm' || found.container === 'ogg') && medium.kind !== 'image' && medium.kind !== 'file') {
    return { ...found, kind: medium.kind, mimeType: `${medium.kind}/${found.container}` };
  }
  if (found.kind !== medium.kind) throw notWhatItSays();
  return found;
}

/** Rows a single insert carries at most (SQLite binds at most some thousands of values a statement). */
const CHUNK = 200;

async function insertCourse(
  trx: Db,
  siteId: number,
  manifest: ManifestV1,
  blocks: CheckedBlock[],
  stored: StoredMedium[],
): Promise<{ courseId: number; name: string }> {
  const at = now();
  const stamps = { created_at: at, updated_at: at };
  const mediaOf = new Map<number, number>();
  for (const [index, medium] of manifest.media.entries()) {
    const file = stored[index] as (typeof stored)[number];
    const id = await insertMediumRow(trx, {
      siteId,
      ownerUserId: null,
      kind: file.kind,
      storageName: file.storageName,
      originalName: medium.name,
      mimeType: file.mimeType,
      sizeBytes: file.sizeBytes,
      durationSeconds: file.durationSeconds,
    });
    mediaOf.set(medium.id, id);
  }

  const base = manifest.course.name.slice(0, NAME_MAX - IMPORTED_SUFFIX.length).trim();
  const name = `${base}${IMPORTED_SUFFIX}`;
  const last = await trx
    .selectFrom('courses')
    .select((eb) => eb.fn.max('sort_id').as('sort_id'))
    .where('site_id', '=', siteId)
    .executeTakeFirst();
  const course = await trx
    .insertInto('courses')
    .values({
      ...(toRow(courseFields, manifest.course) as object),
      site_id: siteId,
      name,
      // An imported course is for its new site's staff to look over first: a draft, never published on arrival.
      published: 0,
      draft: 1,
      sort_id: Number(last?.sort_id ?? 0) + 1,
      ...stamps,
    } as never)
    .returning('id')
    .executeTakeFirstOrThrow();

  if (manifest.achievements.length > 0) {
    await trx
      .insertInto('achievements')
      .values(
        manifest.achievements.map((a) => ({
          ...(toRow(achievementFields, a) as object),
          site_id: siteId,
          course_id: course.id,
          ...stamps,
        })) as never,
      )
      .execute();
  }

  const partOf = new Map<number, number>();
  for (const [index, part] of manifest.parts.entries()) {
    const row = await trx
      .insertInto('course_parts')
      .values({
        ...(toRow(partFields, part) as object),
        site_id: siteId,
        course_id: course.id,
        sort_id: index + 1,
        ...stamps,
      } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    partOf.set(part.id, row.id);
  }

  // A survey travels only back to its own site: elsewhere the block would name another site's survey, or none.
  const sameSite = manifest.site !== undefined && manifest.site === (await siteMark(trx, siteId));
  const surveys = sameSite ? await surveyIdsOfSite(trx, siteId, blocks.flatMap(surveyIdsOf)) : new Set<number>();
  const keptBlocks = blocks.filter(
    (block) => block.type !== 'Survey' || surveyIdsOf(block).every((id) => surveys.has(id)),
  );

  const sortIds = new Map<number, number>();
  const mapMedium = (id: number) => mediaOf.get(id) as number;
  const rows = keptBlocks.map((block) => {
    const sortId = (sortIds.get(block.partId) ?? 0) + 1;
    sortIds.set(block.partId, sortId);
    const fields = toRow(blockFields, remapMediaIds(block, mapMedium) as CheckedBlock) as object;
    return {
      ...fields,
      site_id: siteId,
      course_part_id: partOf.get(block.partId) as number,
      sort_id: sortId,
      block_type: block.type,
      post_id: block.postId === null ? null : (partOf.get(block.postId) as number),
      content: JSON.stringify(remapMediaIds(block.content, mapMedium)),
      ...stamps,
    };
  });
  for (let from = 0; from < rows.length; from += CHUNK) {
    await trx
      .insertInto('course_blocks')
      .values(rows.slice(from, from + CHUNK) as never)
      .execute();
  }
  return { courseId: course.id, name };
}
