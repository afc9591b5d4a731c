import { MAX_ATTACHMENT_BYTES, MAX_ATTACHMENTS_PER_VOUCHER } from '../../../../shared/domain/accounting/attachments';
import { type Actor, isAdmin } from '../../../platform/authorize';
import type { Config } from '../../../platform/config';
import { type Db, inTransaction, lockedForUpdate, now } from '../../../platform/db';
import { AppError } from '../../../platform/errors';
import { identifyMedium } from '../../../platform/files/identify';
import { mediaSigner } from '../../../platform/files/media';
import { saveMedium } from '../../../platform/files/save';
import { cleanName, STAFF_UPLOADS_PER_HOUR } from '../../../platform/files/uploaded';
import type { UploadedFile } from '../../../platform/handlers';
import { requireWindow } from '../../../platform/limits';
import { audit } from './ledger';

export interface Attachment {
  id: number;
  voucherId: number;
  mediaFileId: number;
  name: string;
  bytes: number;
  url: string;
}

/**
 * Attaches a file to a voucher of the site (`ajaxUpload.php`, folder `voucher`; administrators): a PDF, an image or
 * an office document, identified by its content and stored exactly as it came (never decoded nor re-encoded: the
 * books keep a document as it was received), served only as a download. Counted against the site's storage and the
 * uploader's uploads of the hour; the audit trail records it. An attachment is never changed or removed.
 */
export async function attachToVoucher(
  db: Db,
  opts: { config: Config; siteId: number; user: Actor; voucherId: number | undefined; file: UploadedFile },
): Promise<Attachment> {
  if (!isAdmin(opts.user)) throw new AppError('FORBIDDEN', 'Only administrators keep the books');
  if (!opts.voucherId) throw new AppError('INVALID_REQUEST', 'Name the voucher the file documents (VoucherId)');
  if (opts.file.size > MAX_ATTACHMENT_BYTES) {
    throw new AppError('FILE_TOO_LARGE', `File size too large, filesize limit ${MAX_ATTACHMENT_BYTES / 2 ** 20}MB!`);
  }
  const voucher = await db
    .selectFrom('vouchers')
    .select(['id', 'series', 'number'])
    .where('site_id', '=', opts.siteId)
    .where('id', '=', opts.voucherId)
    .executeTakeFirst();
  if (!voucher) throw new AppError('NOT_FOUND', 'No such voucher');
  const name = cleanName(opts.file.name);
  const identified = identifyMedium(opts.file.head, name);
  if (identified.kind === 'video' || identified.kind === 'audio') {
    throw new AppError('UNSUPPORTED_FILE', 'An attachment is a PDF, an image or an office document');
  }
  await requireWindow(db, {
    siteId: opts.siteId,
    bucket: 'voucher-attachments',
    subject: String(opts.user.id),
    limit: STAFF_UPLOADS_PER_HOUR,
    windowSeconds: 3600,
    message: 'Too many uploads this hour',
  });
  const saved = await saveMedium(db, {
    config: opts.config,
    siteId: opts.siteId,
    ownerUserId: opts.user.id,
    kind: 'file',
    prefix: `voucher-${voucher.id}`,
    extension: identified.extension,
    originalName: name || `attachment${identified.extension}`,
    mimeType: identified.mimeType,
    content: { path: opts.file.path, size: opts.file.size },
  });
  const id = await inTransaction(db, async (trx) => {
    // The voucher's row locked: two uploads at once cannot both take its last place.
    await lockedForUpdate(trx, trx.selectFrom('vouchers').select('id').where('id', '=', voucher.id)).execute();
    const count = await trx
      .selectFrom('voucher_attachments')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('voucher_id', '=', voucher.id)
      .executeTakeFirstOrThrow();
    if (Number(count.n) >= MAX_ATTACHMENTS_PER_VOUCHER) {
      throw new AppError('INVALID_STATE', `A voucher holds at most ${MAX_ATTACHMENTS_PER_VOUCHER} files`);
    }
    const at = now();
    const row = await trx
      .insertInto('voucher_attachments')
      .values({
        site_id: opts.siteId,
        voucher_id: voucher.id,
        media_file_id: saved.id,
        name: name || `attachment${identified.extension}`,
        created_by_user_id: opts.user.id,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await audit(trx, {
      siteId: opts.siteId,
      userId: opts.user.id,
      action: 'attachment',
      subject: `${voucher.series}${voucher.number}`,
      detail: { voucherId: voucher.id, name, bytes: saved.sizeBytes, mediaFileId: saved.id },
    });
    return row.id;
  });
  const sign = await mediaSigner(db, opts.siteId);
  return { id, voucherId: voucher.id, mediaFileId: saved.id, name, bytes: saved.sizeBytes, url: sign(saved.id) };
}

/** The attachments of vouchers, each with a signed link, by voucher. */
export async function attachmentsOf(db: Db, siteId: number, voucherIds: number[]): Promise<Map<number, Attachment[]>> {
  const byVoucher = new Map<number, Attachment[]>();
  if (voucherIds.length === 0) return byVoucher;
  const rows = await db
    .selectFrom('voucher_attachments')
    .innerJoin('media_files', 'media_files.id', 'voucher_attachments.media_file_id')
    .select([
      'voucher_attachments.id',
      'voucher_attachments.voucher_id',
      'voucher_attachments.name',
      'voucher_attachments.media_file_id',
      'media_files.size_bytes',
    ])
    .where('voucher_attachments.site_id', '=', siteId)
    .where('voucher_attachments.voucher_id', 'in', voucherIds)
    .orderBy('voucher_attachments.id')
    .execute();
  if (rows.length === 0) return byVoucher;
  const sign = await mediaSigner(db, siteId);
  for (const row of rows) {
    const list = byVoucher.get(row.voucher_id) ?? [];
    list.push({
      id: row.id,
      voucherId: row.voucher_id,
      mediaFileId: row.media_file_id,
      name: row.name,
      bytes: row.size_bytes,
      url: sign(row.media_file_id),
    });
    byVoucher.set(row.voucher_id, list);
  }
  return byVoucher;
}
