import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { accounting } from '../../../shared/contract/accounting/accounting';
import type { CallData } from '../../../shared/contract/define';
import { call } from '../../app/api';
import { accountingKeys, type InvoiceFilters } from './keys';
import type { Period } from './period';

type Calls = typeof accounting.calls;

/** get_invoices: a page of invoices and credit notes; the page shown stays while the next one loads. */
export const useInvoices = (filters: InvoiceFilters) =>
  useQuery({
    queryKey: accountingKeys.invoices.list(filters),
    queryFn: () =>
      call('accounting.php', 'get_invoices', {
        Status: filters.status,
        Search: filters.search,
        CustomerId: filters.customerId || null,
        Page: filters.page,
      }),
    placeholderData: keepPreviousData,
    retry: 1,
  });

export const useInvoice = (invoiceId: number) =>
  useQuery({
    queryKey: accountingKeys.invoices.detail(invoiceId),
    queryFn: async () => (await call('accounting.php', 'get_invoice', { Id: invoiceId })).data,
    enabled: invoiceId > 0,
    retry: 1,
  });

export const useCustomers = (search: string, page: number, enabled = true) =>
  useQuery({
    queryKey: accountingKeys.customers.list(search, page),
    queryFn: () => call('accounting.php', 'get_customers', { Search: search, Page: page }),
    placeholderData: keepPreviousData,
    enabled,
    retry: 1,
  });

export const useCustomer = (customerId: number) =>
  useQuery({
    queryKey: accountingKeys.customers.detail(customerId),
    queryFn: () => call('accounting.php', 'get_customer', { Id: customerId }),
    enabled: customerId > 0,
    retry: 1,
  });

/** get_books: the settings, the fiscal years and the chart of accounts. */
export const useBooks = (enabled = true) =>
  useQuery({
    queryKey: accountingKeys.books,
    queryFn: () => call('accounting.php', 'get_books', {}),
    enabled,
  });

export const useReport = (kind: 'balance' | 'income', period: Period, enabled: boolean) =>
  useQuery({
    queryKey: accountingKeys.ledger.report(kind, period.from, period.to),
    queryFn: async () =>
      (
        await call('accounting.php', kind === 'balance' ? 'get_balance_report' : 'get_income_report', {
          From: period.from,
          To: period.to,
        })
      ).data,
    enabled,
    placeholderData: keepPreviousData,
  });

export const useVouchers = (period: Period, page: number, enabled: boolean) =>
  useQuery({
    queryKey: accountingKeys.ledger.vouchers(period.from, period.to, page),
    queryFn: () => call('accounting.php', 'get_vouchers', { From: period.from, To: period.to, Page: page }),
    enabled,
    placeholderData: keepPreviousData,
  });

export const useMainbook = (userId: number, period: Period, account: number, page: number, enabled: boolean) =>
  useQuery({
    queryKey: accountingKeys.ledger.mainbook(userId, period.from, period.to, account, page),
    queryFn: () =>
      call('accounting.php', 'get_mainbook', {
        From: period.from,
        To: period.to,
        ...(account ? { Account: account } : {}),
        Page: page,
      }),
    enabled,
    placeholderData: keepPreviousData,
  });

/**
 * A change of money (an invoice, a credit, a payment, a voucher) moves the ledger and the customers' balances as well
 * as the invoices: every list of the books is asked for again, the settings and chart apart.
 */
function useMoneyChanged() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: accountingKeys.invoices.all }),
      queryClient.invalidateQueries({ queryKey: accountingKeys.customers.all }),
      queryClient.invalidateQueries({ queryKey: accountingKeys.ledger.all }),
    ]);
}

export function useCreateInvoice() {
  const changed = useMoneyChanged();
  return useMutation({
    mutationFn: (data: CallData<Calls['create_invoice']>) => call('accounting.php', 'create_invoice', data),
    onSuccess: changed,
  });
}

export function useCreditInvoice() {
  const changed = useMoneyChanged();
  return useMutation({
    mutationFn: (data: CallData<Calls['credit_invoice']>) => call('accounting.php', 'credit_invoice', data),
    onSuccess: changed,
  });
}

export function useRecordPayment() {
  const changed = useMoneyChanged();
  return useMutation({
    mutationFn: (data: CallData<Calls['record_payment']>) => call('accounting.php', 'record_payment', data),
    onSuccess: changed,
  });
}

export function usePostVoucher() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (data: CallData<Calls['post_voucher']>) => call('accounting.php', 'post_voucher', data),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountingKeys.ledger.all }),
  });
}

/** save_customer: her name shows in the invoice list too. */
export function useSaveCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (data: CallData<Calls['save_customer']>) => call('accounting.php', 'save_customer', data),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: accountingKeys.customers.all }),
        queryClient.invalidateQueries({ queryKey: accountingKeys.invoices.all }),
      ]),
  });
}

/** A change of the chart, the settings or the fiscal years; an account's name shows in the reports too. */
export function useBooksChange<D, R>(change: (data: D) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: accountingKeys.books }),
        queryClient.invalidateQueries({ queryKey: accountingKeys.ledger.all }),
      ]),
  });
}
