import { z } from 'zod';
import { auditActions } from '../../domain/accounting/audit';
import { ACCOUNT_NAME_MAX, ACCOUNT_NUMBER } from '../../domain/accounting/chart';
import {
  CUSTOMER_LIMITS,
  customerKinds,
  invoiceKinds,
  invoicePayments,
  shownInvoiceStatuses,
} from '../../domain/accounting/invoices';
import {
  PAYPAL_REPORT_MAX_CHARS,
  settlementLineKinds,
  settlementProviders,
  settlementStatuses,
} from '../../domain/accounting/settlements';
import { taxCategories } from '../../domain/commerce/products';
import { call, endpoint, fileCall, id, LanguageChoice, noneOr, ok, optionalId } from '../define';

/** A day, YYYY-MM-DD. */
export const Day = z.iso.date();
const Cents = z.number().int().min(1).max(100_000_000_000);
const Country = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, 'a country code of two letters (ISO 3166)');
const AccountNumber = z.number().int().min(ACCOUNT_NUMBER.min).max(ACCOUNT_NUMBER.max);
const Search = z.string().trim().max(100).optional().default('');

export const Party = z.object({
  Name: z.string(),
  Address: z.string(),
  Country: z.string(),
  VatNumber: z.string().nullable(),
  OrgNumber: z.string().nullable(),
  Email: z.string(),
});

export const InvoiceSummary = z.object({
  Id: z.number(),
  Kind: z.enum(invoiceKinds),
  /** Null while a draft. */
  Number: z.number().nullable(),
  Status: z.enum(shownInvoiceStatuses),
  Payment: z.enum(invoicePayments),
  CustomerId: z.number(),
  CustomerName: z.string(),
  /** 0 when no order of the shop is behind it. */
  OrderId: z.number(),
  /** The invoice a credit note credits; 0 for an invoice. */
  CreditsInvoiceId: z.number(),
  IssueDate: z.string().nullable(),
  DueDate: z.string().nullable(),
  Currency: z.literal('EUR'),
  /** Euro cents; negative on a credit note. */
  NetCents: z.number(),
  VatCents: z.number(),
  TotalCents: z.number(),
  PaidCents: z.number(),
  Treatment: z.enum(['domestic', 'oss', 'reverse_charge', 'outside_eu']),
  VatCountry: z.string(),
});
export type InvoiceSummary = z.infer<typeof InvoiceSummary>;

export const InvoiceDetail = InvoiceSummary.extend({
  Language: LanguageChoice,
  Buyer: Party,
  Seller: Party,
  /** SEK per EUR on the issue date, as booked. */
  Rate: z.number(),
  Lines: z.array(
    z.object({
      Description: z.string(),
      Quantity: z.number(),
      UnitCents: z.number(),
      RateBp: z.number(),
      NetCents: z.number(),
      VatCents: z.number(),
    }),
  ),
  Payments: z.array(z.object({ Date: z.string(), AmountCents: z.number(), Method: z.string(), Reference: z.string() })),
  CreditNotes: z.array(z.object({ Id: z.number(), Number: z.number().nullable(), TotalCents: z.number() })),
  /** What of it is left to credit, VAT included. */
  CreditableCents: z.number(),
  /** The number of the invoice a credit note credits; null for an invoice. */
  CreditsInvoiceNumber: z.number().nullable(),
  Vouchers: z.array(z.object({ Id: z.number(), Series: z.string(), Number: z.number(), Date: z.string() })),
});
export type InvoiceDetail = z.infer<typeof InvoiceDetail>;

export const Customer = z.object({
  Id: z.number(),
  Kind: z.enum(customerKinds),
  /** 0 when no account is behind it. */
  UserId: z.number(),
  CompanyId: z.number(),
  Name: z.string(),
  Address: z.string(),
  Country: z.string(),
  VatNumber: z.string().nullable(),
  OrgNumber: z.string().nullable(),
  Email: z.string(),
  Language: LanguageChoice,
  /** Euro cents: invoiced less credited, and what is left to pay. */
  InvoicedCents: z.number(),
  BalanceCents: z.number(),
});
export type Customer = z.infer<typeof Customer>;

export const CustomerInput = z.object({
  Id: optionalId,
  Kind: z.enum(customerKinds),
  Name: z.string().trim().min(1).max(CUSTOMER_LIMITS.name),
  Address: z.string().trim().max(CUSTOMER_LIMITS.address),
  Country,
  VatNumber: z.string().trim().max(CUSTOMER_LIMITS.vatNumber).optional().default(''),
  OrgNumber: z.string().trim().max(CUSTOMER_LIMITS.orgNumber).optional().default(''),
  Email: z.string().trim().max(CUSTOMER_LIMITS.email),
  Language: LanguageChoice,
  CompanyId: optionalId,
});

export const Account = z.object({
  Number: z.number(),
  Name: z.string(),
  Kind: z.enum(['asset', 'liability', 'income', 'expense']),
  Active: z.boolean(),
});

export const FiscalYear = z.object({
  Id: z.number(),
  Start: z.string(),
  End: z.string(),
  /** The last day of its closed periods; null while none is closed. */
  LockedThrough: z.string().nullable(),
});

export const Settlement = z.object({
  Id: z.number(),
  Provider: z.enum(settlementProviders),
  /** The provider's id: a payout's, or the PayPal account and day of a report. */
  Reference: z.string(),
  Date: z.string(),
  Currency: z.literal('EUR'),
  /** What reached the bank (Stripe) or the PayPal balance, euro cents. */
  AmountCents: z.number(),
  FeeCents: z.number(),
  Status: z.enum(settlementStatuses),
  Lines: z.number(),
  /** The voucher that books it; 0 while lines wait. */
  VoucherId: z.number(),
});
export type Settlement = z.infer<typeof Settlement>;

export const SettlementLine = z.object({
  Id: z.number(),
  Kind: z.enum(settlementLineKinds),
  Reference: z.string(),
  Date: z.string(),
  AmountCents: z.number(),
  FeeCents: z.number(),
  /** What the provider named: the shop's order, an invoice number (0: none). */
  OrderId: z.number(),
  InvoiceNumber: z.number(),
  /** The invoice it is matched to (0: none) and its number. */
  InvoiceId: z.number(),
  MatchedNumber: z.number().nullable(),
  /** The account a person placed it on; 0: none. */
  Account: z.number(),
  Text: z.string(),
  /** Neither matched nor placed: the settlement waits for it. */
  Waiting: z.boolean(),
});
export type SettlementLine = z.infer<typeof SettlementLine>;

export const AccountingSettings = z.object({
  CompanyName: z.string().trim().min(1).max(200),
  OrgNumber: z.string().trim().max(11),
  VatNumber: z.string().trim().max(20),
  Address: z.string().trim().max(500),
  Email: z.string().trim().max(254),
  BankAccount: z.string().trim().max(100),
  PaymentTermsDays: z.number().int().min(0).max(120),
  SwedishVatBelowThreshold: z.boolean(),
  /** SEK per EUR, with at most four decimals (at most 100), for a day before any imported rate. */
  DefaultRate: z.number().min(0.0001).max(100),
});

/** One account's figures over a period: the balance it opened with, its change, and where it ended. */
export const ReportRow = z.object({
  Account: z.number(),
  Name: z.string(),
  /** SEK öre; debit positive. */
  OpeningOre: z.number(),
  ChangeOre: z.number(),
  ClosingOre: z.number(),
  /** The same period a year earlier: its change (income report) or closing balance (balance report). */
  PreviousOre: z.number(),
});

export const Period = z.object({ From: Day, To: Day });

export const OssQuarter = z.object({
  Year: z.number().int().min(2021).max(2100),
  Quarter: z.number().int().min(1).max(4),
});

export const VoucherLine = z.object({
  Account: z.number(),
  AccountName: z.string(),
  AmountOre: z.number(),
  Text: z.string(),
});

export const Voucher = z.object({
  Id: z.number(),
  Series: z.string(),
  Number: z.number(),
  Date: z.string(),
  Text: z.string(),
  Source: z.string(),
  /** The invoice (or credit note) it books; 0 for none. */
  InvoiceId: z.number(),
  CorrectsVoucherId: z.number(),
  Lines: z.array(VoucherLine),
  /** The files that document it (`ajaxUpload.php`, folder `voucher`), each with a signed link that downloads it. */
  Attachments: z.array(z.object({ Id: z.number(), Name: z.string(), Bytes: z.number(), Url: z.string() })),
});

export const accounting = endpoint('accounting.php', {
  /** The site's invoices and credit notes, newest first, 50 a page; filtered by state and by customer or number. */
  get_invoices: call({
    access: 'admin',
    reads: true,
    data: z.object({
      Status: z.enum(shownInvoiceStatuses).or(z.literal('')).optional().default(''),
      Search: Search,
      CustomerId: optionalId,
      Page: z.number().int().min(1).max(100_000).optional().default(1),
    }),
    answer: z.object({ status: ok, data: z.array(InvoiceSummary), Page: z.number(), TotalPages: z.number() }),
  }),
  get_invoice: call({
    access: 'admin',
    reads: true,
    data: z.object({ Id: id }),
    answer: z.object({ status: ok, data: InvoiceDetail }),
  }),
  /**
   * Issues an invoice to pay to a customer for something sold outside the shop (seats for a company, a workshop):
   * finalised at once with the next number, its VAT decided by the customer and the tax category, and booked. Unit
   * prices are net of VAT for a company and VAT included for a consumer, as each is used to reading them.
   */
  create_invoice: call({
    access: 'admin',
    data: z.object({
      CustomerId: id,
      TaxCategory: z.enum(taxCategories),
      Language: LanguageChoice.optional(),
      Lines: z
        .array(
          z.object({
            Description: z.string().trim().min(1).max(200),
            Quantity: z.number().int().min(1).max(10_000),
            /** At most €1,000,000. */
            UnitCents: z.number().int().min(1).max(100_000_000),
          }),
        )
        .min(1)
        .max(50),
    }),
    answer: z.object({ status: ok, data: InvoiceSummary }),
  }),
  /** The invoice (or credit note) as a PDF in its own language. */
  download_invoice: fileCall({ access: 'admin', data: z.object({ Id: id }), file: 'application/pdf' }),
  /**
   * A credit note for an invoice: the whole of what is left of it, or `AmountCents` of it (VAT included), dated today.
   * A card sale is credited by refunding its order in the shop (INVALID_STATE here). Refusals: NOT_FOUND,
   * INVALID_STATE (nothing left to credit, a card sale).
   */
  credit_invoice: call({
    access: 'admin',
    data: z.object({ Id: id, AmountCents: Cents.optional(), Reason: z.string().trim().min(1).max(200) }),
    answer: z.object({ status: ok, data: InvoiceSummary }),
  }),
  /** A customer's payment of an invoice to pay (a bank transfer), in euro cents. */
  record_payment: call({
    access: 'admin',
    data: z.object({ Id: id, AmountCents: Cents, Date: Day, Reference: z.string().trim().max(100) }),
    answer: z.object({ status: ok, data: InvoiceSummary }),
  }),
  get_customers: call({
    access: 'admin',
    reads: true,
    data: z.object({ Search: Search, Page: z.number().int().min(1).max(100_000).optional().default(1) }),
    answer: z.object({ status: ok, data: z.array(Customer), Page: z.number(), TotalPages: z.number() }),
  }),
  get_customer: call({
    access: 'admin',
    reads: true,
    data: z.object({ Id: id }),
    answer: z.object({ status: ok, data: Customer, Invoices: z.array(InvoiceSummary) }),
  }),
  /** Creates (no `Id`) or changes a customer; a VAT or organisation number is checked for its format. */
  save_customer: call({
    access: 'admin',
    data: CustomerInput,
    answer: z.object({ status: ok, data: Customer }),
  }),
  /** The books' settings, fiscal years and chart of accounts. */
  get_books: call({
    access: 'admin',
    reads: true,
    data: z.object({}),
    answer: z.object({
      status: ok,
      Settings: AccountingSettings,
      Years: z.array(FiscalYear),
      Accounts: z.array(Account),
    }),
  }),
  save_books_settings: call({ access: 'admin', data: AccountingSettings, answer: z.object({ status: ok }) }),
  /** Adds an account to the chart or renames it; `Active: false` hides it from new manual vouchers. */
  save_account: call({
    access: 'admin',
    data: z.object({
      Number: AccountNumber,
      Name: z.string().trim().min(1).max(ACCOUNT_NAME_MAX),
      Active: z.boolean(),
    }),
    answer: z.object({ status: ok }),
  }),
  /** Closes the books through a day (the end of a month): nothing can be posted on or before it any more. */
  close_period: call({
    access: 'admin',
    data: z.object({ Through: Day }),
    answer: z.object({ status: ok, data: z.array(FiscalYear) }),
  }),
  /** Imports EUR rates in SEK, one `YYYY-MM-DD;rate` a line. */
  import_rates: call({
    access: 'admin',
    data: z.object({ Text: z.string().max(400_000) }),
    answer: z.object({ status: ok, Imported: z.number() }),
  }),
  /** A provider's settlements (Stripe payouts, PayPal reports), newest first, 50 a page. */
  get_settlements: call({
    access: 'admin',
    reads: true,
    data: z.object({
      Provider: z.enum(settlementProviders),
      Page: z.number().int().min(1).max(100_000).optional().default(1),
    }),
    answer: z.object({ status: ok, data: z.array(Settlement), Page: z.number(), TotalPages: z.number() }),
  }),
  /** A settlement with its movements, each matched to its invoice, placed on an account, or waiting. */
  get_settlement: call({
    access: 'admin',
    reads: true,
    data: z.object({ Id: id }),
    answer: z.object({ status: ok, data: Settlement, Lines: z.array(SettlementLine) }),
  }),
  /**
   * Resolves a waiting movement of a settlement by naming one of: the shop's order, the invoice number, or the
   * account it goes to (a movement of kind `other` only to an account). The settlement is booked once nothing waits.
   * Refusals: NOT_FOUND (no such line, invoice or account), INVALID_STATE (settled already), INVALID_REQUEST.
   */
  resolve_settlement_line: call({
    access: 'admin',
    data: z.object({
      Id: id,
      OrderId: optionalId,
      InvoiceNumber: optionalId,
      Account: noneOr(AccountNumber, 'an account number'),
    }),
    answer: z.object({ status: ok, data: Settlement }),
  }),
  /**
   * Takes a PayPal settlement report (the STL CSV file's text, EUR): its transactions matched to invoices (by the
   * Invoice ID) or orders (by the Custom Field), and booked once nothing waits. The same report again is the one
   * already taken. Refusals: INVALID_REQUEST (not such a report, or another currency; with the line).
   */
  upload_paypal_report: call({
    access: 'admin',
    data: z.object({ Text: z.string().min(1).max(PAYPAL_REPORT_MAX_CHARS) }),
    answer: z.object({ status: ok, data: Settlement, Created: z.boolean() }),
  }),
  /**
   * The audit trail of the books (behandlingshistorik), newest first, 100 a page: every voucher posted, payment,
   * attachment, settlement, account, closing, rate import and change of the settings, with who made it and when. It
   * is appended to only; no call changes it.
   */
  get_audit_trail: call({
    access: 'admin',
    reads: true,
    data: z.object({ Page: z.number().int().min(1).max(100_000).optional().default(1) }),
    answer: z.object({
      status: ok,
      data: z.array(
        z.object({
          Id: z.number(),
          At: z.string(),
          /** 0: the books themselves (a sale, a payout). */
          UserId: z.number(),
          UserName: z.string(),
          Action: z.enum(auditActions),
          Subject: z.string(),
          Detail: z.record(z.string(), z.unknown()),
        }),
      ),
      Page: z.number(),
      TotalPages: z.number(),
    }),
  }),
  /** A fiscal year as an SIE 4 file (type 4E, codepage 437), streamed: the chart, balances and every voucher. */
  export_sie: fileCall({ access: 'admin', data: z.object({ YearId: id }), file: 'text/plain' }),
  /** The balance report (classes 1–2) of a period, with the same day a year earlier. */
  get_balance_report: call({
    access: 'admin',
    reads: true,
    data: Period,
    answer: z.object({ status: ok, data: z.array(ReportRow) }),
  }),
  /** The income report (classes 3–8) of a period, with the same period a year earlier. */
  get_income_report: call({
    access: 'admin',
    reads: true,
    data: Period,
    answer: z.object({ status: ok, data: z.array(ReportRow) }),
  }),
  /** The vouchers of a period, newest first, 100 a page. */
  get_vouchers: call({
    access: 'admin',
    reads: true,
    data: Period.extend({ Page: z.number().int().min(1).max(100_000).optional().default(1) }),
    answer: z.object({ status: ok, data: z.array(Voucher), Page: z.number(), TotalPages: z.number() }),
  }),
  /**
   * A manual voucher (series M): balanced lines of existing accounts, in SEK öre, debit positive. A correction names
   * the voucher it corrects. Refusals: UNBALANCED, PERIOD_CLOSED, NOT_FOUND (an account not in the chart).
   */
  post_voucher: call({
    access: 'admin',
    data: z.object({
      Date: Day,
      Text: z.string().trim().min(1).max(200),
      CorrectsVoucherId: optionalId,
      Lines: z
        .array(
          z.object({
            Account: AccountNumber,
            AmountOre: z.number().int().min(-1e13).max(1e13),
            Text: z.string().trim().max(200).optional().default(''),
          }),
        )
        .min(2)
        .max(100),
    }),
    answer: z.object({ status: ok, data: Voucher }),
  }),
  /**
   * The One-Stop-Shop return of a quarter: per country and VAT rate the taxable amount and VAT in euro cents of the
   * OSS sales invoiced in it, the corrections of earlier quarters (credit notes of their invoices) per quarter and
   * country, the total, and what the books' OSS VAT account took in the quarter (equal to the total).
   */
  get_oss: call({
    access: 'admin',
    reads: true,
    data: OssQuarter,
    answer: z.object({
      status: ok,
      From: z.string(),
      To: z.string(),
      Rows: z.array(
        z.object({ Country: z.string(), RateBp: z.number(), TaxableCents: z.number(), VatCents: z.number() }),
      ),
      Corrections: z.array(z.object({ Quarter: z.string(), Country: z.string(), VatCents: z.number() })),
      TotalVatCents: z.number(),
      BooksVatCents: z.number(),
    }),
  }),
  /** The OSS return of a quarter as CSV (country, rate, taxable amount, VAT; then the corrections). */
  export_oss: fileCall({ access: 'admin', data: OssQuarter, file: 'text/csv' }),
  /**
   * The Swedish VAT return's boxes for a period, in whole kronor, from the books: `05`, `10`, `30`, `39`, `40`, `48`
   * and `49` (to pay; negative: to get back). Sales declared through OSS are not in it.
   */
  get_vat_return: call({
    access: 'admin',
    reads: true,
    data: Period,
    answer: z.object({
      status: ok,
      Boxes: z.object({
        '05': z.number(),
        '10': z.number(),
        '30': z.number(),
        '39': z.number(),
        '40': z.number(),
        '48': z.number(),
        '49': z.number(),
      }),
    }),
  }),
  /** The EC sales list of a period: per buyer's VAT number, the services sold under reverse charge, whole kronor. */
  get_ec_sales: call({
    access: 'admin',
    reads: true,
    data: Period,
    answer: z.object({
      status: ok,
      data: z.array(z.object({ VatNumber: z.string(), Name: z.string(), Services: z.number() })),
    }),
  }),
  /**
   * The main book (huvudbok) of a period: each account's transactions with its running balance (administrators), or
   * one account's, 2,000 lines a page. A signed-in customer who is not an administrator gets her own account statement instead:
   * her invoices, credit notes and payments, and her balance.
   */
  get_mainbook: call({
    access: 'user',
    reads: true,
    data: Period.extend({
      Account: AccountNumber.optional(),
      Page: z.number().int().min(1).max(100_000).optional().default(1),
    }),
    answer: z.object({
      status: ok,
      Kind: z.enum(['mainbook', 'statement']),
      /** The main book comes 2,000 lines a page; a statement whole. */
      Page: z.number(),
      TotalPages: z.number(),
      Accounts: z.array(
        z.object({
          Account: z.number(),
          Name: z.string(),
          OpeningOre: z.number(),
          Lines: z.array(
            z.object({
              VoucherId: z.number(),
              Voucher: z.string(),
              Date: z.string(),
              Text: z.string(),
              AmountOre: z.number(),
              BalanceOre: z.number(),
            }),
          ),
          ClosingOre: z.number(),
        }),
      ),
      Statement: z.array(
        z.object({
          Date: z.string(),
          Kind: z.enum(['invoice', 'credit_note', 'payment']),
          Number: z.number().nullable(),
          AmountCents: z.number(),
          BalanceCents: z.number(),
        }),
      ),
    }),
  }),
});
