import type { PDFFont, PDFPage } from 'pdf-lib';
import type { InvoiceDetail } from '../../../../shared/contract/accounting/accounting';
import { OUTSIDE_EU_TEXT, REVERSE_CHARGE_TEXT } from '../../../../shared/domain/accounting/vat';
import { formatPrice } from '../../../../shared/domain/commerce/price';
import type { Language } from '../../../../shared/domain/language';
import { AppError } from '../../../platform/errors';
import { createSlots } from '../../../platform/lib/slots';
import { newPdf } from '../../../platform/pdf/fonts';

const texts = {
  en: {
    invoice: 'Invoice',
    creditNote: 'Credit note',
    number: 'Number',
    issued: 'Date',
    due: 'Due date',
    credits: (number: string) => `Credits invoice ${number}`,
    seller: 'From',
    buyer: 'To',
    vatNumber: 'VAT no.',
    orgNumber: 'Reg. no.',
    description: 'Description',
    quantity: 'Qty',
    unit: 'Unit price',
    vatRate: 'VAT',
    amount: 'Amount',
    net: 'Taxable amount',
    vat: (rate: string) => `VAT ${rate}`,
    total: 'Total',
    paid: 'Paid',
    toPay: 'To pay',
    payTo: (account: string) => `Pay to ${account}, quoting the invoice number.`,
    exclVat: 'Prices excluding VAT.',
  },
  sv: {
    invoice: 'Faktura',
    creditNote: 'Kreditfaktura',
    number: 'Nummer',
    issued: 'Datum',
    due: 'Förfallodag',
    credits: (number: string) => `Krediterar faktura ${number}`,
    seller: 'Från',
    buyer: 'Till',
    vatNumber: 'Momsreg.nr',
    orgNumber: 'Org.nr',
    description: 'Beskrivning',
    quantity: 'Antal',
    unit: 'À-pris',
    vatRate: 'Moms',
    amount: 'Belopp',
    net: 'Momspliktigt belopp',
    vat: (rate: string) => `Moms ${rate}`,
    total: 'Att betala totalt',
    paid: 'Betalt',
    toPay: 'Kvar att betala',
    payTo: (account: string) => `Betala till ${account} och ange fakturanumret.`,
    exclVat: 'Priser exklusive moms.',
  },
} as const satisfies Record<Language, unknown>;

const PAGE = { width: 595, height: 842 }; // A4 portrait, in points
const MARGIN = 50;

/** Invoices drawn at once in a process, and those that may wait (a PDF costs tens of ms of the event loop). */
const pdfSlots = createSlots({
  slots: 1,
  queue: 8,
  refuse: () =>
    new AppError('TOO_MANY_REQUESTS', 'Too many invoices are being made: try again in a second', { retry_after: 1 }),
});

/**
 * An invoice or credit note as a PDF in its own language, with what Swedish and EU law asks of it (ML 17 kap. 24 §,
 * directive 2006/112/EC art. 226): its number and date, both parties with their VAT numbers, the lines, the taxable
 * amount and VAT per rate, the reverse-charge or outside-EU wording where it applies, and the total.
 */
export const drawInvoice = (invoice: InvoiceDetail, opts: { bankAccount: string }): Promise<Uint8Array> =>
  pdfSlots.run(() => draw(invoice, opts));

async function draw(invoice: InvoiceDetail, opts: { bankAccount: string }): Promise<Uint8Array> {
  const language = invoice.Language;
  const t = texts[language];
  const {
    lib: { rgb },
    doc,
    regular,
    bold,
  } = await newPdf();
  const title = invoice.Kind === 'credit_note' ? t.creditNote : t.invoice;
  const numberText = invoice.Number === null ? '—' : String(invoice.Number);
  doc.setTitle(`${title} ${numberText}`);
  doc.setAuthor(invoice.Seller.Name);
  doc.setLanguage(language === 'sv' ? 'sv-SE' : 'en-GB');
  let page: PDFPage = doc.addPage([PAGE.width, PAGE.height]);
  const ink = rgb(0.1, 0.12, 0.16);
  const muted = rgb(0.38, 0.41, 0.46);
  const money = (cents: number) => formatPrice(cents, language);
  const percent = (bp: number) => `${(bp / 100).toLocaleString(language === 'sv' ? 'sv-SE' : 'en-GB')} %`;
  let y = PAGE.height - MARGIN;

  const text = (value: string, x: number, size = 10, font: PDFFont = regular, color = ink) =>
    page.drawText(value, { x, y, size, font, color });
  const right = (value: string, xRight: number, size = 10, font: PDFFont = regular) =>
    page.drawText(value, { x: xRight - font.widthOfTextAtSize(value, size), y, size, font, color: ink });
  const newLine = (height = 14) => {
    y -= height;
    if (y < MARGIN + 40) {
      page = doc.addPage([PAGE.width, PAGE.height]);
      y = PAGE.height - MARGIN;
    }
  };
  /** Fits a text into a width, cutting it with an ellipsis. */
  const clipped = (value: string, width: number, font: PDFFont = regular, size = 10) => {
    if (font.widthOfTextAtSize(value, size) <= width) return value;
    // The longest prefix that fits, found by halving (a long text costs log n measurements, not n).
    let [fits, tooLong] = [1, value.length];
    while (tooLong - fits > 1) {
      const middle = Math.floor((fits + tooLong) / 2);
      if (font.widthOfTextAtSize(`${value.slice(0, middle)}…`, size) <= width) fits = middle;
      else tooLong = middle;
    }
    return `${value.slice(0, fits)}…`;
  };

  text(invoice.Seller.Name, MARGIN, 16, bold);
  right(title.toUpperCase(), PAGE.width - MARGIN, 16, bold);
  newLine(24);
  const facts: [string, string][] = [
    [t.number, numberText],
    [t.issued, invoice.IssueDate ?? '—'],
  ];
  if (invoice.Kind === 'invoice' && invoice.Payment === 'invoice') facts.push([t.due, invoice.DueDate ?? '—']);
  for (const [label, value] of facts) {
    text(label, PAGE.width - MARGIN - 200, 10, regular, muted);
    right(value, PAGE.width - MARGIN, 10, bold);
    newLine();
  }
  newLine(10);

  const party = (label: string, who: InvoiceDetail['Seller'], x: number, top: number) => {
    y = top;
    text(label, x, 9, bold, muted);
    newLine();
    for (const line of [who.Name, ...who.Address.split('\n'), who.Country].filter((line) => line.trim() !== '')) {
      text(clipped(line, 220), x);
      newLine();
    }
    if (who.OrgNumber) {
      text(`${t.orgNumber} ${who.OrgNumber}`, x, 9, regular, muted);
      newLine();
    }
    if (who.VatNumber) {
      text(`${t.vatNumber} ${who.VatNumber}`, x, 9, regular, muted);
      newLine();
    }
    return y;
  };
  const top = y;
  const afterSeller = party(t.seller, invoice.Seller, MARGIN, top);
  const afterBuyer = party(t.buyer, invoice.Buyer, PAGE.width / 2, top);
  y = Math.min(afterSeller, afterBuyer);
  newLine(16);

  const columns = { quantity: 330, unit: 410, vat: 460, amount: PAGE.width - MARGIN };
  text(t.description, MARGIN, 9, bold, muted);
  right(t.quantity, columns.quantity, 9, bold);
  right(t.unit, columns.unit, 9, bold);
  right(t.vatRate, columns.vat, 9, bold);
  right(t.amount, columns.amount, 9, bold);
  newLine(6);
  page.drawLine({ start: { x: MARGIN, y }, end: { x: PAGE.width - MARGIN, y }, thickness: 0.5, color: muted });
  newLine(14);
  for (const line of invoice.Lines) {
    text(clipped(line.Description, 250), MARGIN);
    right(String(line.Quantity), columns.quantity);
    right(money(line.UnitCents), columns.unit);
    right(percent(line.RateBp), columns.vat);
    right(money(line.NetCents), columns.amount);
    newLine();
  }
  newLine(6);
  page.drawLine({ start: { x: 300, y }, end: { x: PAGE.width - MARGIN, y }, thickness: 0.5, color: muted });
  newLine(14);
  const rates = new Map<number, { net: number; vat: number }>();
  for (const line of invoice.Lines) {
    const sum = rates.get(line.RateBp) ?? { net: 0, vat: 0 };
    rates.set(line.RateBp, { net: sum.net + line.NetCents, vat: sum.vat + line.VatCents });
  }
  const total = (label: string, cents: number, font: PDFFont = regular) => {
    text(label, 300, 10, font);
    right(money(cents), columns.amount, 10, font);
    newLine();
  };
  for (const [rate, sum] of [...rates].sort((a, b) => b[0] - a[0])) {
    total(`${t.net} (${percent(rate)})`, sum.net);
    total(t.vat(percent(rate)), sum.vat);
  }
  total(t.total, invoice.TotalCents, bold);
  if (invoice.Payment === 'invoice' && invoice.Kind === 'invoice') {
    total(t.paid, invoice.PaidCents);
    total(t.toPay, invoice.CreditableCents - invoice.PaidCents, bold);
  }
  newLine(10);
  const notes: string[] = [];
  if (invoice.CreditsInvoiceId !== 0) notes.push(t.credits(String(invoice.CreditsInvoiceId)));
  if (invoice.Treatment === 'reverse_charge') notes.push(REVERSE_CHARGE_TEXT[language], t.exclVat);
  if (invoice.Treatment === 'outside_eu') notes.push(OUTSIDE_EU_TEXT[language]);
  if (invoice.Payment === 'invoice' && invoice.Kind === 'invoice' && opts.bankAccount) {
    notes.push(t.payTo(opts.bankAccount));
  }
  for (const note of notes) {
    text(clipped(note, PAGE.width - 2 * MARGIN, regular, 9), MARGIN, 9, regular, muted);
    newLine(12);
  }
  return doc.save();
}
