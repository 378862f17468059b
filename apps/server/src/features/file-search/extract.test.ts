import { describe, expect, it } from 'vitest';
import { tinyDocx, tinyPdf } from '../../../test/fixtures/documents.js';
import { ExtractError, extractText } from './extract.js';

const utf8 = (s: string) => new TextEncoder().encode(s);

describe('extracting a document’s text', () => {
  it('reads plain text, Markdown and code as UTF-8, without a BOM, NULs or carriage returns', async () => {
    expect(await extractText(utf8('\uFEFFline one\r\nline two'), 'txt')).toEqual([
      { text: 'line one\nline two', page: null },
    ]);
    expect(await extractText(utf8('# Title\n\nSome *text* é'), 'md')).toEqual([
      { text: '# Title\n\nSome *text* é', page: null },
    ]);
    const code = 'export function add(a: number, b: number) {\n  return a + b;\n}\n';
    expect((await extractText(utf8(code), 'ts'))[0]?.text).toBe(code);
  });

  it('refuses a binary file named as text, and a file with no text', async () => {
    await expect(extractText(new Uint8Array([0x41, 0, 0x42]), 'txt')).rejects.toThrow(ExtractError);
    await expect(extractText(utf8('   \n\t '), 'md')).rejects.toThrow('The file has no text to search');
  });

  it('reads a PDF page by page, numbering the pages', async () => {
    const pdf = tinyPdf(['The first page talks about apples.', 'The second page (about pears).']);
    const parts = await extractText(pdf, 'pdf');
    expect(parts.map((p) => p.page)).toEqual([1, 2]);
    expect(parts[0]?.text).toContain('The first page talks about apples.');
    expect(parts[1]?.text).toContain('The second page (about pears).');
  });

  it('refuses a PDF it cannot parse', async () => {
    await expect(extractText(utf8('%PDF-1.4 nothing else'), 'pdf')).rejects.toThrow(ExtractError);
  });

  it('reads a Word document’s paragraphs', async () => {
    const docx = await tinyDocx(['Quarterly report', 'Revenue grew by <12%> & costs fell.']);
    const [part] = await extractText(docx, 'docx');
    expect(part?.page).toBeNull();
    expect(part?.text).toContain('Quarterly report');
    expect(part?.text).toContain('Revenue grew by <12%> & costs fell.');
  });

  it('refuses a .docx that is not one', async () => {
    await expect(extractText(utf8('PK\u0003\u0004 broken'), 'docx')).rejects.toThrow(
      'The Word document could not be read',
    );
  });
});
