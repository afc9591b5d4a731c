import type { Language } from '../../../../shared/domain/language';
import { UserType } from '../../../../shared/domain/roles';
import { type Db, now } from '../../../platform/db';
import { sourceOf } from '../../../platform/limits';
import { assertStrong } from './accounts';
import { hashPassword, withPasswordWork } from './passwords';

/**
 * The hash of a password someone chooses for a new account, held to the password rules (WEAK_PASSWORD with the
 * reason) and to the source's share of password work, as a registration is.
 */
export const hashChosenPassword = (opts: { ip: string; password: string; email: string; names: string[] }) =>
  withPasswordWork(sourceOf(opts.ip), async () => {
    assertStrong(opts.password, opts.email, opts.names);
    return hashPassword(opts.password);
  });

/**
 * A new site's first administrator (type 2, privilegies 100), her address verified (she opened the link mailed to
 * it), in the caller's transaction: the self-service trial makes the site and her together.
 */
export async function createSiteAdministrator(
  db: Db,
  opts: {
    siteId: number;
    email: string;
    firstName: string;
    lastName: string;
    passwordHash: string;
    language: Language;
  },
): Promise<number> {
  const at = now();
  const user = await db
    .insertInto('users')
    .values({
      site_id: opts.siteId,
      email: opts.email,
      password_hash: opts.passwordHash,
      first_name: opts.firstName,
      last_name: opts.lastName,
      user_type: UserType.admin,
      privilegies: 100,
      user_file_id: null,
      total_xp: 0,
      collect_xp: 1,
      company_id: null,
      language: opts.language,
      email_verified_at: at,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return user.id;
}
