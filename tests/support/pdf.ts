import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  type PDFObject,
  PDFRawStream,
  PDFString,
} from 'pdf-lib';

const streamBytes = (stream: PDFObject | undefined): Uint8Array =>
  stream instanceof PDFRawStream ? decodePDFRawStream(stream).decode() : new Uint8Array();

/** A font's codes to text: through its ToUnicode map (an embedded font's glyph ids), else one byte per character. */
function decoderOf(font: PDFDict): (hex: string) => string {
  const toUnicode = font.lookup(PDFName.of('ToUnicode'));
  if (!toUnicode) return (hex) => Buffer.from(hex, 'hex').toString('latin1');
  const cmap = Buffer.from(streamBytes(toUnicode)).toString('latin1');
  const map = new Map<string, string>();
  for (const [, code = '', utf16 = ''] of cmap.matchAll(/<([0-9a-fA-F]{4})>\s*<([0-9a-fA-F]+)>/g)) {
    map.set(code.toLowerCase(), Buffer.from(utf16, 'hex').swap16().toString('utf16le'));
  }
  return (hex) => (hex.toLowerCase().match(/.{4}/g) ?? []).map((code) => map.get(code) ?? '\uFFFD').join('');
}

/**
 * The text a reader would copy out of each line a PDF draws, as pdf-lib writes it (each `drawText` one `Tj` of hex
 * codes): enough to check what a certificate says without a PDF renderer.
 */
export async function pdfLines(bytes: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(bytes);
  const lines: string[] = [];
  for (const page of doc.getPages()) {
    const fonts = page.node.Resources()?.lookup(PDFName.of('Font'), PDFDict);
    const decoders = new Map<string, (hex: string) => string>();
    for (const [name, ref] of fonts?.entries() ?? []) {
      decoders.set(name.asString(), decoderOf(doc.context.lookup(ref, PDFDict)));
    }
    const contents = page.node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray().map((s) => doc.context.lookup(s)) : [contents];
    const text = streams.map((s) => Buffer.from(streamBytes(s)).toString('latin1')).join('\n');
    let decode = (_hex: string) => '';
    for (const [, font, hex] of text.matchAll(/(\/[^\s/<>[\]()]+)\s+[\d.]+\s+Tf|<([0-9a-fA-F]*)>\s*Tj/g)) {
      if (font) decode = decoders.get(font) ?? decode;
      else if (hex !== undefined) lines.push(decode(hex));
    }
  }
  return lines;
}

/** The fonts a PDF carries inside it, by name (pdf-lib names a subset `DejaVuSans-123`). */
export async function pdfEmbeddedFonts(bytes: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(bytes);
  return doc.context
    .enumerateIndirectObjects()
    .map(([, object]) => object)
    .filter(
      (object): object is PDFDict =>
        object instanceof PDFDict &&
        object.get(PDFName.of('Type')) === PDFName.of('FontDescriptor') &&
        object.has(PDFName.of('FontFile2')),
    )
    .map((descriptor) => descriptor.lookup(PDFName.of('FontName'), PDFName).decodeText());
}

/** The addresses a PDF's pages link to (their link annotations' URI actions). */
export async function pdfLinks(bytes: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(bytes);
  return doc.getPages().flatMap((page) => {
    const annotations = page.node.Annots()?.asArray() ?? [];
    return annotations.map((ref) => {
      const action = doc.context.lookup(ref, PDFDict).lookup(PDFName.of('A'), PDFDict);
      return action.lookup(PDFName.of('URI'), PDFString).decodeText();
    });
  });
}
