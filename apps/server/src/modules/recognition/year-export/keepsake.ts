import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';

const require = createRequire(import.meta.url);
/** DejaVu Sans from the installed package: every Spanish letter, and no font fetched at run time. */
const FONTS = { regular: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'), bold: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf') };

const INK = '#1f2937';
const MUTED = '#4b5563';
const ACCENT = '#6d28d9';

export interface KeepsakeCover {
  title: string;
  school: string;
  summary: string;
  /** The hand avatar as PNG, if the student made one. */
  hand: Buffer | null;
  footer: string;
  /** PDF metadata: the title, the author line and the language tag. */
  lang: 'en' | 'es';
}

export interface KeepsakeItem {
  heading: string;
  subline: string;
  text: string;
}

/**
 * The printable keepsake of a year (US Letter), written as the rows come: each item goes onto
 * the page and the PDF's bytes written so far are taken with `take()`, so the document never
 * waits whole in memory (no page buffering).
 */
export class Keepsake {
  private readonly doc: PDFKit.PDFDocument;
  private readonly chunks: Buffer[] = [];
  private readonly ended: Promise<void>;

  constructor(cover: KeepsakeCover) {
    this.doc = new PDFDocument({ size: 'LETTER', margin: 56, info: { Title: cover.title, Creator: 'High5' }, lang: cover.lang, displayTitle: true });
    this.doc.registerFont('regular', FONTS.regular);
    this.doc.registerFont('bold', FONTS.bold);
    this.doc.on('data', (chunk: Buffer) => this.chunks.push(chunk));
    this.ended = new Promise((resolve, reject) => {
      this.doc.on('end', resolve);
      this.doc.on('error', reject);
    });
    this.writeCover(cover);
  }

  private writeCover(cover: KeepsakeCover) {
    const doc = this.doc;
    const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
    const handSize = 120;
    const textWidth = cover.hand ? width - handSize - 16 : width;
    const top = doc.y;
    if (cover.hand) doc.image(cover.hand, doc.page.margins.left + width - handSize, top, { fit: [handSize, handSize] });
    doc.font('bold').fontSize(24).fillColor(ACCENT).text(cover.title, { width: textWidth });
    doc.moveDown(0.3).font('regular').fontSize(13).fillColor(MUTED).text(cover.school, { width: textWidth });
    doc.moveDown(0.6).font('bold').fontSize(14).fillColor(INK).text(cover.summary, { width: textWidth });
    doc.font('regular').fontSize(9).fillColor(MUTED).text(cover.footer, { width: textWidth });
    doc.y = Math.max(doc.y, top + (cover.hand ? handSize : 0)) + 18;
    this.rule();
  }

  private rule() {
    const doc = this.doc;
    doc
      .moveTo(doc.page.margins.left, doc.y)
      .lineTo(doc.page.width - doc.page.margins.right, doc.y)
      .lineWidth(0.5)
      .strokeColor('#d1d5db')
      .stroke();
    doc.moveDown(0.8);
  }

  /** Starts a new part (the journal) on a fresh page. */
  section(title: string) {
    this.doc.addPage();
    this.doc.font('bold').fontSize(18).fillColor(ACCENT).text(title);
    this.doc.moveDown(0.6);
  }

  /** A line of plain text (an empty year says so). */
  note(text: string) {
    this.doc.font('regular').fontSize(11).fillColor(MUTED).text(text);
  }

  /** One High 5 or journal entry, kept on one page when it fits. */
  item(item: KeepsakeItem) {
    const doc = this.doc;
    const height = doc.heightOfString(item.text || ' ', { width: doc.page.width - 112 }) + 48;
    if (doc.y + Math.min(height, 200) > doc.page.height - doc.page.margins.bottom) doc.addPage();
    doc.font('bold').fontSize(12).fillColor(INK).text(item.heading);
    if (item.subline) doc.font('regular').fontSize(10).fillColor(ACCENT).text(item.subline);
    if (item.text) doc.moveDown(0.2).font('regular').fontSize(11).fillColor(INK).text(item.text);
    doc.moveDown(0.8);
  }

  /** The PDF's bytes written since the last call. */
  take(): Buffer[] {
    return this.chunks.splice(0);
  }

  /** Ends the document and answers its last bytes. */
  async end(): Promise<Buffer[]> {
    this.doc.end();
    await this.ended;
    return this.take();
  }
}
