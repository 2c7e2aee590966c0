import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { convertDraft } from '../../server/convert';
import { convertDocx } from '../../server/docx';
import { convertDocxInWorker } from '../../server/docx-in-worker';
import { CONVERSION_LIMITS, conversionMessages } from '../../essay-limits';
import { docx, image, listItem, paragraph, shortRuns } from '#tests/docx';

const unreadable = (reason: string) => ({ status: 'unreadable', blocks: [], reason });

describe('a .docx draft, as its worker converts it', () => {
  it('becomes paragraphs, headings and list items of plain text', async () => {
    const file = docx(
      paragraph('My Essay', 'Heading1') +
        paragraph('The first paragraph, &lt;b&gt;bold&lt;/b&gt; in words.') +
        listItem('one thing') +
        listItem('another') +
        paragraph('Last   line.'),
    );
    expect(await convertDocx(file)).toEqual({
      status: 'ready',
      blocks: [
        { kind: 'h', text: 'My Essay' },
        { kind: 'p', text: 'The first paragraph, <b>bold</b> in words.' },
        { kind: 'li', text: 'one thing' },
        { kind: 'li', text: 'another' },
        { kind: 'p', text: 'Last line.' },
      ],
    });
  });

  it('keeps text that looks like markup as text', async () => {
    const text = '&lt;script&gt;alert(1)&lt;/script&gt; &amp;amp; &lt;img src=x onerror=alert(1)&gt;';
    const result = await convertDocx(docx(paragraph(text)));
    expect(result.blocks).toEqual([
      { kind: 'p', text: '<script>alert(1)</script> &amp; <img src=x onerror=alert(1)>' },
    ]);
  });

  it('refuses a zip bomb before inflating it', async () => {
    const bomb = new Uint8Array(CONVERSION_LIMITS.uncompressedBytes + 1);
    const file = docx(paragraph('hello'), { extra: { 'word/styles.xml': [bomb, { level: 9 }] } });
    expect(file.byteLength).toBeLessThan(100_000);
    expect(await convertDocx(file)).toEqual(unreadable(conversionMessages.tooLarge));
  });

  it('refuses one part that inflates far beyond its size', async () => {
    const file = docx(paragraph('hello'), {
      extra: { 'word/settings.xml': [new Uint8Array(1_000_000), { level: 9 }] },
    });
    expect(await convertDocx(file)).toEqual(unreadable(conversionMessages.tooLarge));
  });

  it('refuses an archive of too many entries', async () => {
    const many = Object.fromEntries(
      Array.from({ length: CONVERSION_LIMITS.zipEntries }, (_, i) => [`customXml/item${i}.xml`, strToU8('<a/>')]),
    );
    expect(await convertDocx(docx(paragraph('hello'), { extra: many }))).toEqual(
      unreadable(conversionMessages.tooLarge),
    );
  });

  it('refuses a macro-enabled document', async () => {
    const withProject = docx(paragraph('hello'), { extra: { 'word/vbaProject.bin': new Uint8Array([1, 2, 3]) } });
    expect(await convertDocx(withProject)).toEqual(unreadable(conversionMessages.macros));
    const declared = docx(paragraph('hello'), {
      contentType: 'application/vnd.ms-word.document.macroEnabled.main+xml',
    });
    expect(await convertDocx(declared)).toEqual(unreadable(conversionMessages.macros));
  });

  it('never follows an external relationship', async () => {
    const file = docx(paragraph('before') + image('rIdExt') + paragraph('after'), {
      rels: '<Relationship Id="rIdExt" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="file:///etc/passwd" TargetMode="External"/>',
    });
    expect(await convertDocx(file)).toEqual({
      status: 'ready',
      blocks: [
        { kind: 'p', text: 'before' },
        { kind: 'p', text: 'after' },
      ],
    });
  });

  it('leaves a huge image out without reading it', async () => {
    const huge = new Uint8Array(4 * 1024 * 1024).map((_, i) => (i * 7919) % 251);
    const file = docx(paragraph('words') + image('rIdImg'), {
      rels: '<Relationship Id="rIdImg" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="media/huge.png"/>',
      extra: { 'word/media/huge.png': [huge, { level: 0 }] },
    });
    expect(await convertDocx(file)).toEqual({ status: 'ready', blocks: [{ kind: 'p', text: 'words' }] });
  });

  it('refuses a document of too many elements before parsing it', async () => {
    // About 77,000 elements in a megabyte of XML: within the bytes, beyond the elements.
    const file = shortRuns(1024 * 1024);
    expect(1024 * 1024).toBeLessThan(CONVERSION_LIMITS.uncompressedBytes);
    expect(await convertDocx(file)).toEqual(unreadable(conversionMessages.tooLarge));
  });

  it('refuses a document nested too deeply', async () => {
    const depth = CONVERSION_LIMITS.nesting + 1;
    const deep = '<w:sdt><w:sdtContent>'.repeat(depth) + paragraph('deep') + '</w:sdtContent></w:sdt>'.repeat(depth);
    expect(await convertDocx(docx(deep))).toEqual(unreadable(conversionMessages.tooDeep));
  });

  it('says a document with no text has none, and a broken archive is no document', async () => {
    expect(await convertDocx(docx(''))).toEqual(unreadable(conversionMessages.empty));
    const broken = docx(paragraph('hello')).slice(0, 200);
    expect(await convertDocx(broken)).toEqual(unreadable(conversionMessages.notADocument));
    const notWord = zipSync({ 'hello.txt': strToU8('hi') });
    expect(await convertDocx(notWord)).toEqual(unreadable(conversionMessages.notADocument));
  });
});

describe('a .docx draft, converted in a worker', () => {
  it('comes back from the worker as its text', async () => {
    expect(await convertDraft(docx(paragraph('From the worker.')), 'docx')).toEqual({
      status: 'ready',
      blocks: [{ kind: 'p', text: 'From the worker.' }],
    });
  }, 30_000);

  it('is unreadable when the worker is stopped at the time limit', async () => {
    expect(await convertDocxInWorker(docx(paragraph('slow')), { ...CONVERSION_LIMITS, millis: 1 })).toEqual(
      unreadable(conversionMessages.unreadable),
    );
  }, 30_000);

  it('is unreadable when the worker takes too long to start', async () => {
    const started = performance.now();
    expect(await convertDocxInWorker(docx(paragraph('slow')), { ...CONVERSION_LIMITS, startMillis: 1 })).toEqual(
      unreadable(conversionMessages.unreadable),
    );
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('is unreadable when the worker runs out of memory', async () => {
    const tight = { oldGenerationMb: 8, youngGenerationMb: 1, startMillis: 60_000, millis: 60_000 };
    expect(await convertDocxInWorker(shortRuns(2 * 1024 * 1024), tight)).toEqual(
      unreadable(conversionMessages.unreadable),
    );
  }, 60_000);
});

describe('a .txt draft', () => {
  it('is UTF-8 split into paragraphs at line breaks', async () => {
    const file = strToU8('\uFEFFFirst line.\r\n\r\nSecond — café.\nThird\n');
    expect(await convertDraft(file, 'txt')).toEqual({
      status: 'ready',
      blocks: [
        { kind: 'p', text: 'First line.' },
        { kind: 'p', text: 'Second — café.' },
        { kind: 'p', text: 'Third' },
      ],
    });
  });

  it('refuses binary and invalid UTF-8', async () => {
    expect(await convertDraft(new Uint8Array([0x41, 0x00, 0x42]), 'txt')).toEqual(
      unreadable(conversionMessages.notText),
    );
    expect(await convertDraft(new Uint8Array([0x41, 0xff, 0x42]), 'txt')).toEqual(
      unreadable(conversionMessages.notText),
    );
  });
});

describe('an .rtf draft', () => {
  const rtf = (body: string) =>
    strToU8(`{\\rtf1\\ansi\\deff0{\\fonttbl{\\f0 Times;}}{\\colortbl;\\red0\\green0\\blue0;}${body}}`);

  it('gives its text: paragraphs, escaped and Unicode characters, destinations left out', async () => {
    const body =
      '{\\*\\generator Riched20;}{\\info{\\title Secret title}}\\pard\\b My \\b0 essay\\par ' +
      "Caf\\'e9 na\\u239?ve \\{braces\\} and a back\\\\slash\\par" +
      '{\\pict\\pngblip 89504e47}{\\field{\\*\\fldinst HYPERLINK "http://x"}{\\fldrslt link text}}\\line end';
    expect(await convertDraft(rtf(body), 'rtf')).toEqual({
      status: 'ready',
      blocks: [
        { kind: 'p', text: 'My essay' },
        { kind: 'p', text: 'Café naïve {braces} and a back\\slash' },
        { kind: 'p', text: 'link text' },
        { kind: 'p', text: 'end' },
      ],
    });
  });

  it('refuses groups nested too deeply', async () => {
    const depth = CONVERSION_LIMITS.nesting + 1;
    expect(await convertDraft(rtf('{'.repeat(depth) + 'x' + '}'.repeat(depth)), 'rtf')).toEqual(
      unreadable(conversionMessages.tooDeep),
    );
  });
});

describe('a PDF draft', () => {
  it('stays a download', async () => {
    expect(await convertDraft(strToU8('%PDF-1.7 ...'), 'pdf')).toEqual({
      status: 'download-only',
      blocks: [],
      reason: conversionMessages.pdf,
    });
  });
});
