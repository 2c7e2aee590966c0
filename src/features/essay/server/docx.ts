/**
 * A .docx draft as plain blocks. The archive is inspected with fflate before mammoth sees it: too
 * many entries, too many bytes once inflated, a part that inflates too far (a zip bomb) or a macro
 * project refuse it. Only the parts mammoth needs for text are inflated and handed on, repacked
 * without images, embedded objects or anything else; external relationships are never followed
 * (mammoth's externalFileAccess stays off) and images are never read. The XML's elements are
 * counted and their nesting bounded before mammoth parses it.
 */
import { unzipSync, zipSync, type Unzipped } from 'fflate';
import mammoth from 'mammoth';
import { CONVERSION_LIMITS, conversionMessages } from '../essay-limits';
import type { Conversion } from './conversion';
import { htmlBlocks } from './html-blocks';
import { keptBlocks } from '../essay-text';
import { readyOrEmpty } from './plain-text';

class Refused extends Error {}

/** The parts that carry text, its structure and its styles; everything else stays packed. */
const TEXT_PART = /^(\[Content_Types\]\.xml|_rels\/\.rels|word\/[^/]+\.xml|word\/_rels\/[^/]+\.xml\.rels)$/;
const MACROS = /(^|\/)vbaProject\.bin$|\.docm$|macroEnabled/i;

/** The text parts of the archive, inflated within the limits, or a refusal. */
function textParts(bytes: Uint8Array): Unzipped {
  let entries = 0;
  let total = 0;
  let parts: Unzipped;
  try {
    parts = unzipSync(bytes, {
      filter(file) {
        if (++entries > CONVERSION_LIMITS.zipEntries) throw new Refused(conversionMessages.tooLarge);
        if (MACROS.test(file.name)) throw new Refused(conversionMessages.macros);
        if (!TEXT_PART.test(file.name)) return false;
        total += file.originalSize;
        const ratio = file.originalSize / Math.max(file.size, 1);
        if (total > CONVERSION_LIMITS.uncompressedBytes || ratio > CONVERSION_LIMITS.ratio) {
          throw new Refused(conversionMessages.tooLarge);
        }
        return true;
      },
    });
  } catch (error) {
    throw error instanceof Refused ? error : new Refused(conversionMessages.notADocument);
  }
  // The sizes above are what the archive declares; what was inflated must not exceed them.
  const inflated = Object.values(parts).reduce((sum, part) => sum + part.byteLength, 0);
  if (inflated > total) throw new Refused(conversionMessages.tooLarge);
  const types = parts['[Content_Types].xml'];
  if (!types || !parts['word/document.xml']) throw new Refused(conversionMessages.notADocument);
  if (/macroEnabled/i.test(new TextDecoder().decode(types))) throw new Refused(conversionMessages.macros);
  return parts;
}

/** How many elements the XML holds and how deeply they nest: a cheap scan of its tags, before any parser runs. */
function shape(xml: string): { elements: number; deepest: number } {
  let elements = 0;
  let depth = 0;
  let deepest = 0;
  for (const [, closing, selfClosing] of xml.matchAll(/<(\/?)[^!?][^>]*?(\/?)>/g)) {
    if (closing) depth--;
    else {
      elements++;
      if (!selfClosing) deepest = Math.max(deepest, ++depth);
    }
  }
  return { elements, deepest };
}

async function toBlocks(bytes: Uint8Array): Promise<Conversion> {
  const parts = textParts(bytes);
  let elements = 0;
  for (const part of Object.values(parts)) {
    const { elements: count, deepest } = shape(new TextDecoder().decode(part));
    if (deepest > CONVERSION_LIMITS.nesting) throw new Refused(conversionMessages.tooDeep);
    elements += count;
  }
  if (elements > CONVERSION_LIMITS.elements) throw new Refused(conversionMessages.tooLarge);
  const repacked = zipSync(parts, { level: 0 });
  const { value } = await mammoth.convertToHtml(
    { buffer: Buffer.from(repacked) },
    {
      externalFileAccess: false,
      // An image becomes nothing: its bytes are not in the repacked archive and are never asked for.
      convertImage: mammoth.images.imgElement(async () => ({ src: '' })),
      ignoreEmptyParagraphs: true,
    },
  );
  return readyOrEmpty(keptBlocks(htmlBlocks(value)));
}

/** Runs in the worker thread (docx-in-worker.ts), which bounds its time and memory. */
export async function convertDocx(bytes: Uint8Array): Promise<Conversion> {
  try {
    return await toBlocks(bytes);
  } catch (error) {
    return {
      status: 'unreadable',
      blocks: [],
      reason: error instanceof Refused ? error.message : conversionMessages.notADocument,
    };
  }
}
