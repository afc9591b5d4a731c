import { userTransfer } from '../../../../shared/contract/administration/userTransfer';
import { FileAnswer, handlers, signedInUser } from '../../../platform/handlers';
import { presentImportRow } from '../presenters/userTransfer';
import { checkImport, exportUsers, importUsers } from '../services/userTransfer';
import { userFiltersOf } from './users';

/** `user_transfer.php`: the users of /users as a CSV file, and users from one. Staff only; the caller's site. */
export const userTransferHandlers = handlers(userTransfer, {
  async export_users(ctx, data) {
    const body = exportUsers(ctx.db, {
      user: signedInUser(ctx),
      filters: userFiltersOf(ctx.site.id, data),
    });
    const day = new Date().toISOString().slice(0, 10);
    return new FileAnswer({ name: `users-${ctx.site.name}-${day}.csv`, type: 'text/csv; charset=utf-8', body });
  },
  async import_users(ctx, data) {
    const opts = { user: signedInUser(ctx), siteId: ctx.site.id, csv: data.Csv };
    const rows = data.Commit
      ? await importUsers(ctx.db, { config: ctx.config, mailer: ctx.mailer }, opts)
      : await checkImport(ctx.db, opts);
    const invalid = rows.filter((row) => row.errors.length > 0).length;
    return {
      status: 'OK',
      data: rows.map(presentImportRow),
      Valid: rows.length - invalid,
      Invalid: invalid,
      Created: data.Commit ? rows.length : 0,
    };
  },
});
