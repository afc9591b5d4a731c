import { codes } from '../../../../shared/contract/codes/codes';
import { handlers, signedInUser } from '../../../platform/handlers';
import { codesCsv, presentCode } from '../presenters/codes';
import { batchCodes, deactivateCode, generateCodes, listCodes, listRedemptions } from '../services/codes';
import { redeemCode } from '../services/redeem';

/** `codes.php`: redeeming a code (/redeem-code), and staff's registration codes (/codes). */
export const codesHandlers = handlers(codes, {
  async redeem_code(ctx, data) {
    const courses = await redeemCode(ctx.db, {
      siteId: ctx.site.id,
      user: signedInUser(ctx),
      input: data.Code,
      ip: ctx.ip,
    });
    return { status: 'OK', Courses: courses };
  },
  async get_codes(ctx, data) {
    const { rows, names, at, total } = await listCodes(ctx.db, {
      siteId: ctx.site.id,
      user: signedInUser(ctx),
      search: data.Search,
      page: data.page,
      limit: data.limit,
    });
    return {
      status: 'OK',
      data: rows.map((row) => presentCode(row, names, at)),
      pagination: { page: data.page, total_pages: Math.max(1, Math.ceil(total / data.limit)) },
      total,
    };
  },
  async generate_codes(ctx, data) {
    const { batchKey, rows, names, at } = await generateCodes(ctx.db, {
      siteId: ctx.site.id,
      user: signedInUser(ctx),
      spec: data,
    });
    return { status: 'OK', BatchKey: batchKey, data: rows.map((row) => presentCode(row, names, at)) };
  },
  async deactivate_code(ctx, data) {
    const { rows, names, at } = await deactivateCode(ctx.db, {
      siteId: ctx.site.id,
      user: signedInUser(ctx),
      codeId: data.Id,
    });
    const [row] = rows.map((r) => presentCode(r, names, at));
    if (!row) throw new Error('A deactivated code must be there');
    return { status: 'OK', data: row };
  },
  async get_redemptions(ctx, data) {
    const rows = await listRedemptions(ctx.db, { siteId: ctx.site.id, user: signedInUser(ctx), codeId: data.Id });
    return {
      status: 'OK',
      data: rows.map((r) => ({
        UserId: r.id,
        FirstName: r.first_name,
        LastName: r.last_name,
        Email: r.email,
        RedeemedAt: r.created_at,
      })),
    };
  },
  async export_codes(ctx, data) {
    const { rows, names, at } = await batchCodes(ctx.db, {
      siteId: ctx.site.id,
      user: signedInUser(ctx),
      batchKey: data.BatchKey,
    });
    return {
      status: 'OK',
      FileName: `codes-${at.slice(0, 10)}-${data.BatchKey}.csv`,
      Csv: codesCsv(rows.map((row) => presentCode(row, names, at))),
    };
  },
});
