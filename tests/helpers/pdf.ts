/** A PDF's text read back the way a PDF reader reads it (Mozilla's pdf.js), page by page, one string per line. */
import { fileURLToPath } from 'node:url';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

const STANDARD_FONTS = fileURLToPath(new URL('../../node_modules/pdfjs-dist/standard_fonts/', import.meta.url));

export async function pdfText(bytes: Uint8Array): Promise<string[][]> {
  const doc = await getDocument({ data: new Uint8Array(bytes), standardFontDataUrl: STANDARD_FONTS }).promise;
  const pages: string[][] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const { items } = await (await doc.getPage(n)).getTextContent();
    const lines: string[] = [];
    let line = '';
    for (const item of items) {
      if (!('str' in item)) continue;
      line += item.str;
      if (item.hasEOL) {
        lines.push(line);
        line = '';
      }
    }
    pages.push([...lines, line].filter(Boolean));
  }
  await doc.destroy();
  return pages;
}
