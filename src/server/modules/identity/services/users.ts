import type { Db } from '../../../platform/db';
import type { SessionUser } from '../../../platform/db/schema';

export async function companyNameOf(db: Db, user: SessionUser): Promise<string | null> {
  if (user.company_id === null) return null;
  const company = await db
    .selectFrom('companies')
    .select('name')
    .where('id', '=', user.company_id)
    .where('site_id', '=', user.site_id)
    .executeTakeFirst();
  return company?.name ?? null;
}
