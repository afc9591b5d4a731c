import type { DiscountKind } from '../../../../shared/domain/commerce/orders';
import { momentOf } from '../../../../shared/domain/time';
import { type Db, now } from '../../../platform/db';
import { existsInSite, isUniqueViolation } from '../../../platform/db/lookups';
import { AppError } from '../../../platform/errors';

export interface DiscountCodeInput {
  id: number | null;
  code: string;
  kind: DiscountKind;
  amount: number;
  productId: number | null;
  validFrom: string | null;
  validTo: string | null;
  maxUses: number | null;
  active: boolean;
}

/** The site's discount codes, newest first. */
export const discountCodesOf = (db: Db, siteId: number) =>
  db.selectFrom('discount_codes').selectAll().where('site_id', '=', siteId).orderBy('id', 'desc').limit(1000).execute();

/** Creates or changes a discount code (checked by the contract); its code is unique in the site. Answers its id. */
export async function saveDiscountCode(db: Db, opts: { siteId: number; code: DiscountCodeInput }): Promise<number> {
  const { siteId, code } = opts;
  if (code.productId !== null && !(await existsInSite(db, 'products', siteId, code.productId))) {
    throw new AppError('NOT_FOUND', 'No such product');
  }
  const at = now();
  const values = {
    code: code.code,
    kind: code.kind,
    amount: code.amount,
    product_id: code.productId,
    valid_from: momentOf(code.validFrom, false),
    valid_to: momentOf(code.validTo, true),
    max_uses: code.maxUses,
    active: code.active ? 1 : 0,
    updated_at: at,
  };
  try {
    if (code.id === null) {
      const row = await db
        .insertInto('discount_codes')
        .values({ site_id: siteId, ...values, created_at: at })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    }
    const row = await db
      .updateTable('discount_codes')
      .set(values)
      .where('site_id', '=', siteId)
      .where('id', '=', code.id)
      .returning('id')
      .executeTakeFirst();
    if (!row) throw new AppError('NOT_FOUND', 'No such discount code');
    return row.id;
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError('NAME_TAKEN', 'Another discount code is written so', {
        fields: [{ field: 'data.Code.Code', message: 'Another discount code is written so' }],
      });
    }
    throw error;
  }
}
