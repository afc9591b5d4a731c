import { Readable } from 'node:stream';
import { accounting, type SettlementLine } from '../../../../shared/contract/accounting/accounting';
import type { AuditAction } from '../../../../shared/domain/accounting/audit';
import { accountKind } from '../../../../shared/domain/accounting/chart';
import { parseRateE4 } from '../../../../shared/domain/accounting/money';
import { isAdmin } from '../../../platform/authorize';
import { AppError } from '../../../platform/errors';
import { FileAnswer, handlers, signedInUser } from '../../../platform/handlers';
import { presentCustomer, presentInvoice, presentInvoiceDetail, presentVoucher } from '../presenters/invoices';
import { customerById, listCustomers, saveCustomer } from '../services/customers';
import { drawInvoice } from '../services/invoicePdf';
import { creditInvoiceById, recordPaymentById } from '../services/invoices';
import { audit, closeBooksThrough, ensureChart, postManualVoucher, saveAccount } from '../services/ledger';
import { takePaypalReport } from '../services/paypalReport';
import {
  auditTrail,
  invoiceById,
  invoiceDetail,
  listInvoices,
  listVouchers,
  statementOf,
  voucherById,
} from '../services/queries';
import { mainbook, report } from '../services/reports';
import { invoiceForCustomer } from '../services/sales';
import { accountingSettings, importRates, saveAccountingSettings } from '../services/settings';
import {
  listSettlements,
  resolveSettlementLine,
  type SettlementRow,
  settlementDetail,
  settlementSummary,
  waits,
} from '../services/settlements';
import { exportSie } from '../services/sieExport';
import { ecSalesList, ossCsv, ossReturn, vatReturn } from '../services/vatReports';

const presentReportRow = (row: Awaited<ReturnType<typeof report>>[number]) => ({
  Account: row.account,
  Name: row.name,
  OpeningOre: row.openingOre,
  ChangeOre: row.changeOre,
  ClosingOre: row.closingOre,
  PreviousOre: row.previousOre,
});

const presentYear = (year: { id: number; start_date: string; end_date: string; locked_through: string | null }) => ({
  Id: year.id,
  Start: year.start_date,
  End: year.end_date,
  LockedThrough: year.locked_through,
});

const presentSettlement = (row: SettlementRow & { line_count?: number | string | null }, lines: number) => ({
  Id: row.id,
  Provider: row.provider as 'stripe' | 'paypal',
  Reference: row.reference,
  Date: row.date,
  Currency: 'EUR' as const,
  AmountCents: row.amount_cents,
  FeeCents: row.fee_cents,
  Status: row.status as 'unmatched' | 'booked',
  Lines: lines,
  VoucherId: row.voucher_id ?? 0,
});

const settlementAnswer = async (
  ctx: { db: Parameters<typeof settlementSummary>[0]; site: { id: number } },
  id: number,
) => {
  const row = await settlementSummary(ctx.db, ctx.site.id, id);
  return presentSettlement(row, Number(row.line_count ?? 0));
};

const yearsOf = (ctx: { db: Parameters<typeof ensureChart>[0]; site: { id: number } }) =>
  ctx.db.selectFrom('fiscal_years').selectAll().where('site_id', '=', ctx.site.id).orderBy('start_date').execute();

const checkPeriod = (period: { From: string; To: string }) => {
  if (period.From > period.To) throw new AppError('INVALID_REQUEST', 'The period ends before it begins');
};

/** `accounting.php`: invoices, customers and the books (administrators); a customer's own statement. */
export const accountingHandlers = handlers(accounting, {
  async get_invoices(ctx, data) {
    const list = await listInvoices(ctx.db, {
      siteId: ctx.site.id,
      status: data.Status,
      search: data.Search,
      customerId: data.CustomerId,
      page: data.Page,
    });
    return { status: 'OK', data: list.rows.map(presentInvoice), Page: data.Page, TotalPages: list.totalPages };
  },
  async get_invoice(ctx, data) {
    const detail = await invoiceDetail(ctx.db, ctx.site.id, data.Id);
    return { status: 'OK', data: presentInvoiceDetail(detail.row, detail) };
  },
  async create_invoice(ctx, data) {
    const invoice = await invoiceForCustomer(ctx.db, {
      site: ctx.site,
      customerId: data.CustomerId,
      taxCategory: data.TaxCategory,
      language: data.Language ?? null,
      lines: data.Lines.map((line) => ({
        description: line.Description,
        quantity: line.Quantity,
        unitCents: line.UnitCents,
      })),
      userId: signedInUser(ctx).id,
    });
    return { status: 'OK', data: presentInvoice(await invoiceById(ctx.db, ctx.site.id, invoice.id)) };
  },
  async download_invoice(ctx, data) {
    const detail = await invoiceDetail(ctx.db, ctx.site.id, data.Id);
    const invoice = presentInvoiceDetail(detail.row, detail);
    const settings = await accountingSettings(ctx.db, ctx.site);
    const pdf = await drawInvoice(invoice, { bankAccount: settings.bank_account });
    const name = `${invoice.Kind === 'credit_note' ? 'credit-note' : 'invoice'}-${invoice.Number ?? invoice.Id}.pdf`;
    return new FileAnswer({ name, type: 'application/pdf', body: Readable.from([Buffer.from(pdf)]) });
  },
  async credit_invoice(ctx, data) {
    const note = await creditInvoiceById(ctx.db, {
      siteId: ctx.site.id,
      invoiceId: data.Id,
      amountCents: data.AmountCents ?? null,
      userId: signedInUser(ctx).id,
      reason: data.Reason,
    });
    return { status: 'OK', data: presentInvoice(await invoiceById(ctx.db, ctx.site.id, note.id)) };
  },
  async record_payment(ctx, data) {
    await recordPaymentById(ctx.db, {
      site: ctx.site,
      invoiceId: data.Id,
      amountCents: data.AmountCents,
      date: data.Date,
      reference: data.Reference,
      userId: signedInUser(ctx).id,
    });
    return { status: 'OK', data: presentInvoice(await invoiceById(ctx.db, ctx.site.id, data.Id)) };
  },
  async get_customers(ctx, data) {
    const list = await listCustomers(ctx.db, { siteId: ctx.site.id, search: data.Search, page: data.Page });
    return { status: 'OK', data: list.rows.map(presentCustomer), Page: data.Page, TotalPages: list.totalPages };
  },
  async get_customer(ctx, data) {
    const customer = await customerById(ctx.db, ctx.site.id, data.Id);
    const invoices = await listInvoices(ctx.db, {
      siteId: ctx.site.id,
      status: '',
      search: '',
      customerId: customer.id,
      page: 1,
    });
    return { status: 'OK', data: presentCustomer(customer), Invoices: invoices.rows.map(presentInvoice) };
  },
  async save_customer(ctx, data) {
    const customer = await saveCustomer(ctx.db, {
      siteId: ctx.site.id,
      userId: signedInUser(ctx).id,
      input: {
        id: data.Id,
        kind: data.Kind,
        name: data.Name,
        address: data.Address,
        country: data.Country,
        vatNumber: data.VatNumber,
        orgNumber: data.OrgNumber,
        email: data.Email,
        language: data.Language,
        companyId: data.CompanyId,
      },
    });
    return { status: 'OK', data: presentCustomer(customer) };
  },
  async get_books(ctx) {
    await ensureChart(ctx.db, ctx.site.id);
    const [settings, years, accounts] = await Promise.all([
      accountingSettings(ctx.db, ctx.site),
      yearsOf(ctx),
      ctx.db.selectFrom('accounts').selectAll().where('site_id', '=', ctx.site.id).orderBy('number').execute(),
    ]);
    return {
      status: 'OK',
      Settings: {
        CompanyName: settings.company_name,
        OrgNumber: settings.org_number,
        VatNumber: settings.vat_number,
        Address: settings.address,
        Email: settings.email,
        BankAccount: settings.bank_account,
        PaymentTermsDays: settings.payment_terms_days,
        SwedishVatBelowThreshold: settings.swedish_vat_below_threshold === 1,
        DefaultRate: settings.default_rate_e4 / 10_000,
      },
      Years: years.map(presentYear),
      Accounts: accounts.map((account) => ({
        Number: account.number,
        Name: account.name,
        Kind: accountKind(account.number),
        Active: account.active === 1,
      })),
    };
  },
  async save_books_settings(ctx, data) {
    const rate = parseRateE4(String(data.DefaultRate));
    if (rate === null) throw new AppError('INVALID_REQUEST', 'The rate has at most four decimals');
    const settings = {
      site_id: ctx.site.id,
      company_name: data.CompanyName,
      org_number: data.OrgNumber,
      vat_number: data.VatNumber,
      address: data.Address,
      email: data.Email,
      bank_account: data.BankAccount,
      payment_terms_days: data.PaymentTermsDays,
      swedish_vat_below_threshold: data.SwedishVatBelowThreshold ? 1 : 0,
      default_rate_e4: rate,
    };
    await saveAccountingSettings(ctx.db, settings, signedInUser(ctx).id);
    return { status: 'OK' };
  },
  async save_account(ctx, data) {
    await saveAccount(ctx.db, {
      siteId: ctx.site.id,
      userId: signedInUser(ctx).id,
      number: data.Number,
      name: data.Name,
      active: data.Active,
    });
    return { status: 'OK' };
  },
  async close_period(ctx, data) {
    await closeBooksThrough(ctx.db, { siteId: ctx.site.id, userId: signedInUser(ctx).id, through: data.Through });
    return { status: 'OK', data: (await yearsOf(ctx)).map(presentYear) };
  },
  async import_rates(ctx, data) {
    const imported = await importRates(ctx.db, data.Text);
    await audit(ctx.db, {
      siteId: ctx.site.id,
      userId: signedInUser(ctx).id,
      action: 'rates imported',
      subject: 'exchange rates',
      detail: { imported },
    });
    return { status: 'OK', Imported: imported };
  },
  async get_settlements(ctx, data) {
    const list = await listSettlements(ctx.db, { siteId: ctx.site.id, provider: data.Provider, page: data.Page });
    return {
      status: 'OK',
      data: list.rows.map((row) => presentSettlement(row, Number(row.line_count ?? 0))),
      Page: data.Page,
      TotalPages: list.totalPages,
    };
  },
  async get_settlement(ctx, data) {
    const detail = await settlementDetail(ctx.db, ctx.site.id, data.Id);
    return {
      status: 'OK',
      data: presentSettlement(detail.settlement, detail.lines.length),
      Lines: detail.lines.map((line) => ({
        Id: line.id,
        Kind: line.kind as SettlementLine['Kind'],
        Reference: line.reference,
        Date: line.date,
        AmountCents: line.amount_cents,
        FeeCents: line.fee_cents,
        OrderId: line.order_id ?? 0,
        InvoiceNumber: line.invoice_number ?? 0,
        InvoiceId: line.invoice_id ?? 0,
        MatchedNumber: line.matched_number ?? null,
        Account: line.account ?? 0,
        Text: line.text,
        Waiting: detail.settlement.status !== 'booked' && waits(line),
      })),
    };
  },
  async resolve_settlement_line(ctx, data) {
    const settlement = await resolveSettlementLine(ctx.db, {
      siteId: ctx.site.id,
      lineId: data.Id,
      orderId: data.OrderId,
      invoiceNumber: data.InvoiceNumber,
      account: data.Account,
      userId: signedInUser(ctx).id,
    });
    return { status: 'OK', data: await settlementAnswer(ctx, settlement.id) };
  },
  async upload_paypal_report(ctx, data) {
    const received = await takePaypalReport(ctx.db, {
      siteId: ctx.site.id,
      text: data.Text,
      userId: signedInUser(ctx).id,
    });
    return { status: 'OK', data: await settlementAnswer(ctx, received.settlement.id), Created: received.created };
  },
  async get_audit_trail(ctx, data) {
    const trail = await auditTrail(ctx.db, { siteId: ctx.site.id, page: data.Page });
    return {
      status: 'OK',
      data: trail.rows.map((row) => ({
        Id: row.id,
        At: row.created_at,
        UserId: row.user_id ?? 0,
        UserName: row.first_name === null ? '' : `${row.first_name} ${row.last_name ?? ''}`.trim(),
        Action: row.action as AuditAction,
        Subject: row.subject,
        Detail: JSON.parse(row.detail) as Record<string, unknown>,
      })),
      Page: data.Page,
      TotalPages: trail.totalPages,
    };
  },
  async export_sie(ctx, data) {
    const file = await exportSie(ctx.db, ctx.site, data.YearId);
    return new FileAnswer({ name: file.name, type: 'text/plain; charset=IBM437', body: file.body });
  },
  async get_balance_report(ctx, data) {
    checkPeriod(data);
    const rows = await report(ctx.db, ctx.site.id, 'balance', { from: data.From, to: data.To });
    return { status: 'OK', data: rows.map(presentReportRow) };
  },
  async get_income_report(ctx, data) {
    checkPeriod(data);
    const rows = await report(ctx.db, ctx.site.id, 'income', { from: data.From, to: data.To });
    return { status: 'OK', data: rows.map(presentReportRow) };
  },
  async get_vouchers(ctx, data) {
    checkPeriod(data);
    const list = await listVouchers(ctx.db, { siteId: ctx.site.id, from: data.From, to: data.To, page: data.Page });
    return {
      status: 'OK',
      data: list.vouchers.map(({ voucher, lines, attachments }) =>
        presentVoucher(voucher, lines, list.names, attachments),
      ),
      Page: data.Page,
      TotalPages: list.totalPages,
    };
  },
  async post_voucher(ctx, data) {
    const posted = await postManualVoucher(ctx.db, {
      siteId: ctx.site.id,
      date: data.Date,
      text: data.Text,
      source: 'manual',
      sourceId: null,
      correctsVoucherId: data.CorrectsVoucherId,
      lines: data.Lines.map((line) => ({ account: line.Account, amountOre: line.AmountOre, text: line.Text })),
      userId: signedInUser(ctx).id,
    });
    const { voucher, lines, names, attachments } = await voucherById(ctx.db, ctx.site.id, posted.id);
    return { status: 'OK', data: presentVoucher(voucher, lines, names, attachments) };
  },
  async get_oss(ctx, data) {
    const oss = await ossReturn(ctx.db, ctx.site.id, data.Year, data.Quarter);
    return {
      status: 'OK',
      From: oss.from,
      To: oss.to,
      Rows: oss.rows.map((row) => ({
        Country: row.country,
        RateBp: row.rateBp,
        TaxableCents: row.taxableCents,
        VatCents: row.vatCents,
      })),
      Corrections: oss.corrections.map((row) => ({
        Quarter: row.quarter,
        Country: row.country,
        VatCents: row.vatCents,
      })),
      TotalVatCents: oss.totalVatCents,
      BooksVatCents: oss.booksVatCents,
    };
  },
  async export_oss(ctx, data) {
    const oss = await ossReturn(ctx.db, ctx.site.id, data.Year, data.Quarter);
    return new FileAnswer({
      name: `oss-${data.Year}-Q${data.Quarter}.csv`,
      type: 'text/csv; charset=utf-8',
      body: Readable.from([ossCsv(oss)]),
    });
  },
  async get_vat_return(ctx, data) {
    checkPeriod(data);
    return { status: 'OK', Boxes: await vatReturn(ctx.db, ctx.site.id, data.From, data.To) };
  },
  async get_ec_sales(ctx, data) {
    checkPeriod(data);
    const rows = await ecSalesList(ctx.db, ctx.site.id, data.From, data.To);
    return {
      status: 'OK',
      data: rows.map((row) => ({ VatNumber: row.vatNumber, Name: row.name, Services: row.services })),
    };
  },
  async get_mainbook(ctx, data) {
    checkPeriod(data);
    const user = signedInUser(ctx);
    const period = { from: data.From, to: data.To };
    if (!isAdmin(user)) {
      const entries = await statementOf(ctx.db, { siteId: ctx.site.id, userId: user.id, ...period });
      return {
        status: 'OK',
        Kind: 'statement',
        Page: 1,
        TotalPages: 1,
        Accounts: [],
        Statement: entries.map((entry) => ({
          Date: entry.date,
          Kind: entry.kind,
          Number: entry.number,
          AmountCents: entry.amountCents,
          BalanceCents: entry.balanceCents,
        })),
      };
    }
    const books = await mainbook(ctx.db, ctx.site.id, period, { account: data.Account, page: data.Page });
    return {
      status: 'OK',
      Kind: 'mainbook',
      Page: data.Page,
      TotalPages: books.totalPages,
      Accounts: books.accounts.map((book) => ({
        Account: book.account,
        Name: book.name,
        OpeningOre: book.openingOre,
        Lines: book.lines.map((line) => ({
          VoucherId: line.voucherId,
          Voucher: line.voucher,
          Date: line.date,
          Text: line.text,
          AmountOre: line.amountOre,
          BalanceOre: line.balanceOre,
        })),
        ClosingOre: book.closingOre,
      })),
      Statement: [],
    };
  },
});
