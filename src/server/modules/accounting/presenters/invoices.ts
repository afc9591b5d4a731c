import type { z } from 'zod';
import type {
  Customer,
  InvoiceDetail,
  InvoiceSummary,
  Party,
  Voucher,
} from '../../../../shared/contract/accounting/accounting';
import { type InvoiceStatus, shownStatus } from '../../../../shared/domain/accounting/invoices';
import type { VatTreatment } from '../../../../shared/domain/accounting/vat';
import { recipientLanguage } from '../../../../shared/domain/language';
import type { Attachment } from '../services/attachments';
import type { CustomerWithBalance } from '../services/customers';
import type { InvoiceRow, Party as PartyFacts } from '../services/invoices';

export const today = (): string => new Date().toISOString().slice(0, 10);

export function presentInvoice(row: InvoiceRow & { customer_name: string }): InvoiceSummary {
  return {
    Id: row.id,
    Kind: row.kind as InvoiceSummary['Kind'],
    Number: row.number,
    Status: shownStatus(row.status as InvoiceStatus, row.due_date, today()),
    Payment: row.payment as InvoiceSummary['Payment'],
    CustomerId: row.customer_id,
    CustomerName: row.customer_name,
    OrderId: row.order_id ?? 0,
    CreditsInvoiceId: row.credits_invoice_id ?? 0,
    IssueDate: row.issue_date,
    DueDate: row.due_date,
    Currency: 'EUR',
    NetCents: row.net_cents,
    VatCents: row.vat_cents,
    TotalCents: row.total_cents,
    PaidCents: row.paid_cents,
    Treatment: row.treatment as VatTreatment,
    VatCountry: row.vat_country,
  };
}

const presentParty = (json: string): z.infer<typeof Party> => {
  const party = JSON.parse(json) as PartyFacts;
  return {
    Name: party.name,
    Address: party.address,
    Country: party.country,
    VatNumber: party.vatNumber,
    OrgNumber: party.orgNumber,
    Email: party.email,
  };
};

export function presentInvoiceDetail(
  row: InvoiceRow & { customer_name: string },
  related: {
    lines: {
      description: string;
      quantity: number;
      unit_cents: number;
      rate_bp: number;
      net_cents: number;
      vat_cents: number;
    }[];
    payments: { date: string; amount_cents: number; method: string; reference: string }[];
    creditNotes: { id: number; number: number | null; total_cents: number }[];
    creditableCents: number;
    vouchers: { id: number; series: string; number: number; date: string }[];
    creditsInvoiceNumber: number | null;
  },
): InvoiceDetail {
  return {
    ...presentInvoice(row),
    Language: recipientLanguage(row.language),
    Buyer: presentParty(row.buyer),
    Seller: presentParty(row.seller),
    Rate: row.rate_e4 / 10_000,
    Lines: related.lines.map((line) => ({
      Description: line.description,
      Quantity: line.quantity,
      UnitCents: line.unit_cents,
      RateBp: line.rate_bp,
      NetCents: line.net_cents,
      VatCents: line.vat_cents,
    })),
    Payments: related.payments.map((payment) => ({
      Date: payment.date,
      AmountCents: payment.amount_cents,
      Method: payment.method,
      Reference: payment.reference,
    })),
    CreditNotes: related.creditNotes.map((note) => ({
      Id: note.id,
      Number: note.number,
      TotalCents: note.total_cents,
    })),
    CreditableCents: related.creditableCents,
    CreditsInvoiceNumber: related.creditsInvoiceNumber,
    Vouchers: related.vouchers.map((voucher) => ({
      Id: voucher.id,
      Series: voucher.series,
      Number: voucher.number,
      Date: voucher.date,
    })),
  };
}

export function presentCustomer(row: CustomerWithBalance): z.infer<typeof Customer> {
  return {
    Id: row.id,
    Kind: row.kind as 'consumer' | 'company',
    UserId: row.user_id ?? 0,
    CompanyId: row.company_id ?? 0,
    Name: row.name,
    Address: row.address,
    Country: row.country,
    VatNumber: row.vat_number,
    OrgNumber: row.org_number,
    Email: row.email,
    Language: recipientLanguage(row.language),
    InvoicedCents: row.invoiced_cents,
    BalanceCents: row.balance_cents,
  };
}

export function presentVoucher(
  voucher: {
    id: number;
    series: string;
    number: number;
    date: string;
    text: string;
    source_kind: string;
    source_id: number | null;
    corrects_voucher_id: number | null;
  },
  lines: { account: number; amount_ore: number; text: string }[],
  names: Map<number, string>,
  attachments: Attachment[] = [],
): z.infer<typeof Voucher> {
  const invoice =
    voucher.source_kind === 'invoice' || voucher.source_kind === 'credit_note' || voucher.source_kind === 'payment';
  return {
    Id: voucher.id,
    Series: voucher.series,
    Number: voucher.number,
    Date: voucher.date,
    Text: voucher.text,
    Source: voucher.source_kind,
    InvoiceId: invoice ? (voucher.source_id ?? 0) : 0,
    CorrectsVoucherId: voucher.corrects_voucher_id ?? 0,
    Lines: lines.map((line) => ({
      Account: line.account,
      AccountName: names.get(line.account) ?? '',
      AmountOre: Number(line.amount_ore),
      Text: line.text,
    })),
    Attachments: attachments.map((attachment) => ({
      Id: attachment.id,
      Name: attachment.name,
      Bytes: attachment.bytes,
      Url: attachment.url,
    })),
  };
}
