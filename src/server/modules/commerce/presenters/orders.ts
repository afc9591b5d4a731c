import type { Selectable } from 'kysely';
import type { DiscountCode, Order, SaleOrder } from '../../../../shared/contract/commerce/orders';
import {
  type DiscountKind,
  type OrderPayment,
  type OrderStatus,
  orderStatuses,
} from '../../../../shared/domain/commerce/orders';
import { type ProductKind, productKinds } from '../../../../shared/domain/commerce/products';
import type { DiscountCodesTable } from '../../../platform/db/schema';
import type { OrderWithProduct } from '../services/orders';

export function presentOrder(row: OrderWithProduct): Order {
  return {
    Id: row.id,
    Status: orderStatuses.find((status) => status === row.status) ?? ('pending' as OrderStatus),
    ProductId: row.product_id,
    ProductSlug: row.product_slug,
    ProductKind: productKinds.find((kind) => kind === row.product_kind) ?? ('course' as ProductKind),
    ProductName: row.product_name,
    ListPriceCents: row.list_price_cents,
    DiscountCents: row.discount_cents,
    AmountCents: row.amount_cents,
    RefundedCents: row.refunded_cents,
    Currency: 'EUR',
    CreatedAt: row.created_at,
    PaidAt: row.paid_at,
    RefundedAt: row.refunded_at,
  };
}

export function presentSaleOrder(
  row: OrderWithProduct & { first_name: string | null; last_name: string | null; email: string | null },
): SaleOrder {
  return {
    ...presentOrder(row),
    Payment: row.payment as OrderPayment,
    UserId: row.user_id ?? 0,
    BuyerName: [row.first_name, row.last_name].filter(Boolean).join(' '),
    BuyerEmail: row.email ?? '',
    BillingCountry: row.billing_country,
    CardCountry: row.card_country,
    IpAddress: row.ip_address,
    KeptAccess: row.keep_access === 1,
  };
}

export function presentDiscountCode(row: Selectable<DiscountCodesTable>): DiscountCode {
  return {
    Id: row.id,
    Code: row.code,
    Kind: row.kind as DiscountKind,
    Amount: row.amount,
    ProductId: row.product_id ?? 0,
    ValidFrom: row.valid_from,
    ValidTo: row.valid_to,
    MaxUses: row.max_uses,
    Uses: row.uses,
    Active: row.active === 1,
  };
}
