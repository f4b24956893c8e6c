import { unzipSync } from 'fflate';

/** The files of a ZIP by name (tests read a whole download). */
export function unzip(bytes: Buffer): Record<string, Uint8Array> {
  return unzipSync(new Uint8Array(bytes));
}

/** A file's UTF-8 text, byte-order mark kept (TextDecoder would drop it). */
export const text = (bytes: Uint8Array | undefined) => (bytes ? Buffer.from(bytes).toString('utf8') : '');

/** The text of each page of a PDF as pdf.js extracts it (what a reader or screen reader gets), wrapped lines joined by spaces. */
export async function pdfPages(bytes: Uint8Array): Promise<string[]> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    pages.push(
      content.items
        .map((item) => ('str' in item ? item.str + (item.hasEOL ? ' ' : '') : ''))
        .join('')
        .replace(/\s+/g, ' '),
    );
  }
  await doc.destroy();
  return pages;
}
