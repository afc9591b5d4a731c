import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { PDFDocument, PDFFont } from 'pdf-lib';

/**
 * DejaVu Sans (the `dejavu-fonts-ttf` package): it covers the Latin, Greek and Cyrillic scripts whole, so a name such
 * as "Żaneta Łucja" prints as written, which the PDF standard fonts (WinAnsi only) cannot. Read from disk once, on
 * the first document; a failed read is not kept, so the next document tries again.
 */
let fontFiles: Promise<{ regular: Uint8Array; bold: Uint8Array }> | undefined;
function loadFontFiles() {
  if (!fontFiles) {
    const resolve = createRequire(import.meta.url).resolve;
    const read = (file: string) => readFile(resolve(`dejavu-fonts-ttf/ttf/${file}`));
    fontFiles = Promise.all([read('DejaVuSans.ttf'), read('DejaVuSans-Bold.ttf')]).then(([regular, bold]) => ({
      regular,
      bold,
    }));
    fontFiles.catch(() => {
      fontFiles = undefined;
    });
  }
  return fontFiles;
}

/**
 * A new PDF document with DejaVu Sans embedded (regular and bold, the used glyphs only), and pdf-lib itself: loaded
 * on the first document, libraries the server otherwise does not need in memory.
 */
export async function newPdf(): Promise<{
  lib: typeof import('pdf-lib');
  doc: PDFDocument;
  regular: PDFFont;
  bold: PDFFont;
}> {
  const [lib, { default: fontkit }, files] = await Promise.all([
    import('pdf-lib'),
    import('@pdf-lib/fontkit'),
    loadFontFiles(),
  ]);
  const doc = await lib.PDFDocument.create();
  doc.registerFontkit(fontkit);
  const [regular, bold] = await Promise.all([
    doc.embedFont(files.regular, { subset: true }),
    doc.embedFont(files.bold, { subset: true }),
  ]);
  return { lib, doc, regular, bold };
}
