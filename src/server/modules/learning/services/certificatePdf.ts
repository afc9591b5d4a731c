import type { PDFFont } from 'pdf-lib';
import type { Language } from '../../../../shared/domain/language';
import { AppError } from '../../../platform/errors';
import { createSlots } from '../../../platform/lib/slots';
import { newPdf } from '../../../platform/pdf/fonts';
import { certificateTexts } from '../certificateTexts';

/** What a certificate's page shows. */
export interface CertificateContent {
  learnerName: string;
  courseName: string;
  /** The school: the site's title. */
  siteTitle: string;
  code: string;
  issuedAt: string;
  expiresAt: string | null;
  /** The public page that confirms the certificate. */
  verifyUrl: string;
  language: Language;
}

const PAGE = { width: 842, height: 595 }; // A4 landscape, in points
const MARGIN = 60;

/**
 * Certificates drawn at once in a process, and those that may wait: drawing one takes some 60-100 ms of the event
 * loop (the fonts parsed and subset), so a flood of downloads is refused beyond the line instead of stalling every
 * other call behind it.
 */
const pdfSlots = createSlots({
  slots: 1,
  queue: 8,
  refuse: () =>
    new AppError('TOO_MANY_REQUESTS', 'Too many certificates are being made: try again in a second', {
      retry_after: 1,
    }),
});

/** The certificate as a one-page PDF in the learner's language, with the fonts' used glyphs only (about 20 kB). */
export const drawCertificate = (content: CertificateContent): Promise<Uint8Array> => pdfSlots.run(() => draw(content));

async function draw(content: CertificateContent): Promise<Uint8Array> {
  const texts = certificateTexts[content.language];
  const {
    lib: { PDFName, PDFString, rgb },
    doc,
    regular,
    bold,
  } = await newPdf();
  doc.setTitle(`${texts.title}: ${content.courseName}`);
  doc.setAuthor(content.siteTitle);
  doc.setCreator(content.siteTitle);
  doc.setLanguage(texts.tag);
  const page = doc.addPage([PAGE.width, PAGE.height]);
  const ink = rgb(0.12, 0.16, 0.22);
  const muted = rgb(0.35, 0.39, 0.45);
  const accent = rgb(0.13, 0.4, 0.8);
  page.drawRectangle({
    x: 24,
    y: 24,
    width: PAGE.width - 48,
    height: PAGE.height - 48,
    borderColor: accent,
    borderWidth: 3,
  });
  page.drawRectangle({
    x: 32,
    y: 32,
    width: PAGE.width - 64,
    height: PAGE.height - 64,
    borderColor: accent,
    borderWidth: 0.75,
  });

  /** A centred line, made smaller when it would not fit between the margins (a long name or course): its box. */
  const centred = (text: string, y: number, size: number, font: PDFFont, color = ink) => {
    const fitted = Math.min(size, (size * (PAGE.width - 2 * MARGIN)) / Math.max(font.widthOfTextAtSize(text, size), 1));
    const width = font.widthOfTextAtSize(text, fitted);
    const x = (PAGE.width - width) / 2;
    page.drawText(text, { x, y, size: fitted, font, color });
    return [x, y - fitted * 0.25, x + width, y + fitted];
  };
  const date = (iso: string) =>
    new Intl.DateTimeFormat(texts.tag, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso));

  centred(content.siteTitle, 510, 18, bold, accent);
  centred(texts.title.toUpperCase(), 445, 32, bold);
  page.drawLine({
    start: { x: PAGE.width / 2 - 50, y: 428 },
    end: { x: PAGE.width / 2 + 50, y: 428 },
    thickness: 2,
    color: accent,
  });
  centred(texts.certifies, 385, 16, regular, muted);
  centred(content.learnerName, 338, 34, bold);
  centred(texts.completed, 295, 16, regular, muted);
  centred(content.courseName, 255, 24, bold);
  centred(texts.issued(date(content.issuedAt)), 195, 14, regular);
  if (content.expiresAt) centred(texts.validUntil(date(content.expiresAt)), 173, 14, regular);
  centred(texts.code(content.code), 96, 12, bold);
  const verifyLine = centred(texts.verifyAt(content.verifyUrl), 76, 10, regular, muted);
  // The line opens the public check when the PDF is read on a screen.
  const link = doc.context.obj({
    Type: 'Annot',
    Subtype: 'Link',
    Rect: verifyLine,
    Border: [0, 0, 0],
    A: { Type: 'Action', S: 'URI', URI: PDFString.of(content.verifyUrl) },
  });
  page.node.set(PDFName.of('Annots'), doc.context.obj([doc.context.register(link)]));
  return doc.save();
}
