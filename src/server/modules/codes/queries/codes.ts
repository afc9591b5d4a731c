import type { Selectable } from 'kysely';
import type { Db } from '../../../platform/db';
import type { RegistrationCodesTable } from '../../../platform/db/schema';

export type CodeRow = Selectable<RegistrationCodesTable>;

/** A code of the site by its normalised form: one lookup on the unique index (site_id, code). */
export const findCode = (db: Db, siteId: number, code: string) =>
  db
    .selectFrom('registration_codes')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('code', '=', code)
    .executeTakeFirst();

/** The course ids a code stores. */
export function courseIdsOf(row: Pick<CodeRow, 'course_ids'>): number[] {
  const ids: unknown = JSON.parse(row.course_ids);
  return Array.isArray(ids) ? ids.filter((id): id is number => Number.isInteger(id)) : [];
}

/** Names of courses of the site by id (courses removed since are left out). */
export async function courseNames(db: Db, siteId: number, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('courses')
    .select(['id', 'name'])
    .where('site_id', '=', siteId)
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}
