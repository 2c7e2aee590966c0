/**
 * A receipt drawn as a one-page US Letter PDF with pdf-lib, in the PDF's standard Helvetica (no font
 * file to ship or embed). Runs in the receipt's worker (receipt-in-worker.ts), which bounds its time
 * and memory. The standard fonts write Windows-1252 alone: a character outside it is written without
 * its accent where it has one ('Zoë' reads 'Zoe'), else as '?'.
 */
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { Receipt } from '../receipts';

/** The characters of Windows-1252 beyond Latin-1, which the standard fonts also write. */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

const writable = (char: string) => {
  const code = char.codePointAt(0)!;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(char);
};

/** `text` as the standard fonts can write it. */
export function winAnsi(text: string): string {
  return [...text.replace(/\s+/g, ' ')]
    .map((char) => {
      if (writable(char)) return char;
      const bare = char.normalize('NFKD').replace(/\p{M}/gu, '');
      return bare && [...bare].every(writable) ? bare : '?';
    })
    .join('');
}

const PAGE = { width: 612, height: 792, margin: 54 };
const INK = rgb(0.07, 0.12, 0.25);
const GREY = rgb(0.33, 0.36, 0.42);

interface Pen {
  page: PDFPage;
  y: number;
}

/** Words of `text` in lines no wider than `width` at `size`. */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const next = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(next, size) > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  return [...lines, line];
}

export async function receiptPdf(receipt: Receipt): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(winAnsi(`${receipt.title} ${receipt.number}`));
  doc.setAuthor(winAnsi(receipt.business[0] ?? ''));
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const { width, margin } = PAGE;
  const right = width - margin;
  const pen: Pen = { page: doc.addPage([PAGE.width, PAGE.height]), y: PAGE.height - margin };

  /** Room for `height` more points, on a new page when this one is full. */
  const room = (height: number) => {
    if (pen.y - height >= margin) return;
    pen.page = doc.addPage([PAGE.width, PAGE.height]);
    pen.y = PAGE.height - margin;
  };
  const write = (text: string, options: { x?: number; size?: number; font?: PDFFont; grey?: boolean } = {}) => {
    const { x = margin, size = 10, font = regular, grey = false } = options;
    for (const line of wrap(winAnsi(text), font, size, right - x)) {
      room(size + 4);
      pen.y -= size + 4;
      pen.page.drawText(line, { x, y: pen.y, size, font, color: grey ? GREY : INK });
    }
  };
  const writeRight = (text: string, y: number, font = regular, size = 10) => {
    const line = winAnsi(text);
    pen.page.drawText(line, { x: right - font.widthOfTextAtSize(line, size), y, size, font, color: INK });
  };
  const rule = () => {
    pen.y -= 8;
    pen.page.drawLine({ start: { x: margin, y: pen.y }, end: { x: right, y: pen.y }, thickness: 0.5, color: GREY });
    pen.y -= 4;
  };
  const gap = (points: number) => (pen.y -= points);

  const [name, ...contact] = receipt.business;
  write(name ?? '', { size: 18, font: bold });
  for (const line of contact) write(line, { size: 9, grey: true });
  gap(18);
  write(receipt.title, { size: 16, font: bold });
  write(`Receipt no. ${receipt.number}`);
  write(`Date: ${receipt.date}`);
  gap(14);
  write('Billed to', { font: bold });
  for (const line of receipt.billedTo) write(line);
  gap(14);
  for (const fact of receipt.facts) write(`${fact.label}: ${fact.value}`);
  gap(14);

  write('Item', { font: bold });
  writeRight('Amount', pen.y, bold);
  rule();
  for (const line of receipt.lines) {
    write(line.label);
    writeRight(line.amount, pen.y);
    if (line.detail) write(line.detail, { x: margin + 12, size: 9, grey: true });
    gap(4);
  }
  rule();
  for (const total of receipt.totals) {
    write(total.label, { font: bold });
    writeRight(total.amount, pen.y, bold);
  }
  gap(24);
  write(receipt.note, { size: 9, grey: true });
  return doc.save();
}
