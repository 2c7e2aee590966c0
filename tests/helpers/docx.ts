/** Real .docx archives made in the test, with the parts a hostile document would add. */
import { strToU8, zipSync, type Zippable } from 'fflate';

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const R = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const REL = 'http://schemas.openxmlformats.org/package/2006/relationships';

export const paragraph = (text: string, style?: string) =>
  `<w:p>${style ? `<w:pPr><w:pStyle w:val="${style}"/></w:pPr>` : ''}<w:r><w:t xml:space="preserve">${text}</w:t></w:r></w:p>`;

export const listItem = (text: string) =>
  `<w:p><w:pPr><w:numPr><w:ilvl w:val="0"/><w:numId w:val="1"/></w:numPr></w:pPr><w:r><w:t>${text}</w:t></w:r></w:p>`;

const NUMBERING = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:numbering xmlns:w="${W}"><w:abstractNum w:abstractNumId="0"><w:lvl w:ilvl="0"><w:numFmt w:val="bullet"/></w:lvl></w:abstractNum><w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num></w:numbering>`;

export function docx(
  body: string,
  options: { rels?: string; extra?: Zippable; contentType?: string } = {},
): Uint8Array {
  const mainType =
    options.contentType ?? 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml';
  return zipSync({
    '[Content_Types].xml': strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Default Extension="png" ContentType="image/png"/><Override PartName="/word/document.xml" ContentType="${mainType}"/></Types>`,
    ),
    '_rels/.rels': strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${REL}"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`,
    ),
    'word/document.xml': strToU8(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="${W}" xmlns:r="${R}" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing" xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"><w:body>${body}</w:body></w:document>`,
    ),
    'word/_rels/document.xml.rels': strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${REL}"><Relationship Id="rIdNum" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/numbering" Target="numbering.xml"/>${options.rels ?? ''}</Relationships>`,
    ),
    'word/numbering.xml': strToU8(NUMBERING),
    ...options.extra,
  });
}

/** An inline image in a run, pointing at relationship `id`. */
export const image = (id: string) =>
  `<w:p><w:r><w:drawing><wp:inline><wp:docPr id="1" name="Picture"/><a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:pic><pic:blipFill><a:blip r:embed="${id}"/></pic:blipFill></pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p>`;

/**
 * A hostile .docx: `bytes` of document.xml in short runs of text, each word random so it compresses
 * like prose (well, but not past the inflation ratio a zip bomb shows). Small on the wire, costly to parse.
 */
export function shortRuns(bytes: number): Uint8Array {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  const runs: string[] = [];
  let size = 0;
  for (let seed = 7; size < bytes;) {
    let word = '';
    for (let i = 0; i < 3; i++) {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      word += letters[seed % 26];
    }
    const run = `<w:r><w:t>${word}</w:t></w:r>`;
    runs.push(run);
    size += run.length;
  }
  return docx(`<w:p>${runs.join('')}</w:p>`);
}
