import { REMINDER_AFTER_DAYS } from '../../../../shared/domain/accounting/invoices';
import { recipientLanguage } from '../../../../shared/domain/language';
import type { Db } from '../../../platform/db';
import type { Log } from '../../../platform/handlers';
import { startPeriodic } from '../../../platform/jobs';
import type { Mailer } from '../../../platform/mail/outbox';
import { booksMails } from '../mails';
import type { Party } from './invoices';
import { addDays, dayOf } from './ledger';
import { accountingSettings } from './settings';

/** How often the reminders' job looks for overdue invoices while the server runs (and once at start). */
export const INVOICE_REMINDERS_EVERY_MS = 60 * 60 * 1000;

/** The most reminders one run sends; the next run sends the rest. */
const BATCH = 100;

/**
 * Reminds the customer of each invoice to pay that is REMINDER_AFTER_DAYS past its due date and unpaid, once: the
 * invoice is claimed by a conditional update (from not reminded to reminded) in the transaction that queues the mail,
 * so of several processes only one sends it. An invoice whose buyer has no address is marked and left for a person.
 * Answers how many were sent.
 */
export async function sendInvoiceReminders(db: Db, deps: { mailer: Mailer }, at = Date.now()): Promise<number> {
  const overdueBefore = addDays(dayOf(new Date(at).toISOString()), -REMINDER_AFTER_DAYS);
  const due = await db
    .selectFrom('invoices')
    .select(['id', 'site_id'])
    .where('kind', '=', 'invoice')
    .where('payment', '=', 'invoice')
    .where('status', '=', 'sent')
    .where('reminded_at', 'is', null)
    .where('due_date', '<', overdueBefore)
    .orderBy('due_date')
    .limit(BATCH)
    .execute();
  let sent = 0;
  const stamp = new Date(at).toISOString();
  for (const { id, site_id: siteId } of due) {
    const mailed = await db.transaction().execute(async (trx) => {
      const invoice = await trx
        .updateTable('invoices')
        .set({ reminded_at: stamp })
        .where('id', '=', id)
        .where('status', '=', 'sent')
        .where('reminded_at', 'is', null)
        .returningAll()
        .executeTakeFirst();
      if (!invoice || invoice.number === null) return false;
      const buyer = JSON.parse(invoice.buyer) as Party;
      if (!buyer.email) return false;
      const site = await trx
        .selectFrom('sites')
        .select(['id', 'title'])
        .where('id', '=', siteId)
        .executeTakeFirstOrThrow();
      const settings = await accountingSettings(trx, site);
      const credited = await trx
        .selectFrom('invoices')
        .select((eb) => eb.fn.sum<number>('total_cents').as('sum'))
        .where('credits_invoice_id', '=', invoice.id)
        .executeTakeFirst();
      const mail = booksMails.reminder(recipientLanguage(invoice.language), {
        customer: buyer.name,
        seller: settings.company_name,
        number: invoice.number,
        dueDate: invoice.due_date ?? '',
        dueCents: invoice.total_cents + Number(credited?.sum ?? 0) - invoice.paid_cents,
        bankAccount: settings.bank_account,
      });
      await deps.mailer.enqueue({ siteId, to: buyer.email, ...mail }, trx);
      return true;
    });
    if (mailed) sent++;
  }
  return sent;
}

/** Sends due invoice reminders now and every INVOICE_REMINDERS_EVERY_MS; answers the function that stops it. */
export const startInvoiceReminders = (db: Db, deps: { mailer: Mailer }, log: Log): (() => void) =>
  startPeriodic({
    everyMs: INVOICE_REMINDERS_EVERY_MS,
    job: () => sendInvoiceReminders(db, deps),
    log,
    failure: 'Sending invoice reminders failed',
  });
