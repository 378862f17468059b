import { FILE_SEARCH_LIMITS, type FileSearchExtension } from '@chat/contract';
import { lazyModule } from '../../platform/lazy.js';

/** One stretch of a document's text: a PDF's page, or the whole of another document. */
export interface ExtractedPart {
  text: string;
  /** 1-based page of a PDF; null elsewhere. */
  page: number | null;
}

// Loaded on the first document of their kind: most servers never read a PDF or a Word file.
const unpdf = lazyModule('unpdf', () => import('unpdf'));
const mammoth = lazyModule('mammoth', () => import('mammoth'));

/** What a reader refuses: the message is kept as the file's failure reason. */
export class ExtractError extends Error {}

// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

/** Text the database takes and a model reads: no NUL or other controls, one kind of line break. */
function cleanText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(CONTROLS, ' ')
    .replace(/\p{Cs}/gu, '');
}

/** UTF-8 text (a BOM dropped); a file with NUL bytes in its first kilobytes is not text. */
function decodeText(bytes: Uint8Array): string {
  if (bytes.subarray(0, 8192).includes(0)) throw new ExtractError('The file is not text');
  return new TextDecoder('utf-8', { fatal: false, ignoreBOM: false }).decode(bytes);
}

async function readPdf(bytes: Uint8Array): Promise<ExtractedPart[]> {
  const { extractText, getDocumentProxy } = await unpdf.load();
  let pdf: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    pdf = await getDocumentProxy(bytes, { verbosity: 0 });
  } catch {
    throw new ExtractError('The PDF could not be read');
  }
  try {
    if (pdf.numPages > FILE_SEARCH_LIMITS.maxPdfPages) {
      throw new ExtractError(`The PDF has more than ${FILE_SEARCH_LIMITS.maxPdfPages} pages`);
    }
    const { text } = await extractText(pdf, { mergePages: false });
    return text.map((t, i) => ({ text: t, page: i + 1 }));
  } finally {
    await pdf.destroy();
  }
}

async function readDocx(bytes: Uint8Array): Promise<ExtractedPart[]> {
  const { extractRawText } = (await mammoth.load()).default;
  try {
    const { value } = await extractRawText({ buffer: Buffer.from(bytes) });
    return [{ text: value, page: null }];
  } catch {
    throw new ExtractError('The Word document could not be read');
  }
}

/**
 * A document's text by its kind: PDF pages through pdf.js (unpdf), a .docx's paragraphs through
 * mammoth, anything else as UTF-8 text. Cleaned, cut at FILE_SEARCH_LIMITS.maxTextChars; a
 * document with no text at all (a scanned PDF) is refused, since there would be nothing to find.
 */
export async function extractText(bytes: Uint8Array, ext: FileSearchExtension): Promise<ExtractedPart[]> {
  const raw =
    ext === 'pdf'
      ? await readPdf(bytes)
      : ext === 'docx'
        ? await readDocx(bytes)
        : [{ text: decodeText(bytes), page: null }];
  const parts: ExtractedPart[] = [];
  let left: number = FILE_SEARCH_LIMITS.maxTextChars;
  for (const part of raw) {
    if (left <= 0) break;
    const text = cleanText(part.text).slice(0, left);
    left -= text.length;
    if (text.trim()) parts.push({ text, page: part.page });
  }
  if (parts.length === 0) throw new ExtractError('The file has no text to search');
  return parts;
}
