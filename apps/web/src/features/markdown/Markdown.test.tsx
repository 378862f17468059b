import { describe, expect, it, vi } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import Markdown, { MarkdownBlock } from './Markdown';
import { splitBlocks } from './blocks';
import { loadGrammar } from './languages';

vi.mock('../../hooks/useTranslation', () => ({ useTranslation: () => ({ t: (k: string) => k }) }));

const samples = [
  '# Heading\n\nSome *text* with `code` and a [link](https://example.com).\n\n## Sub\n\nMore.',
  '- one\n- two\n\n- three (loose)\n\n  para in three\n\nAfter the list.\n\n1. first\n2. second\n\n3. third',
  'Intro:\n\n```ts\nconst a = 1;\n\n\nconst b = 2;\n```\n\nAnd `inline`.\n\n~~~\nplain\n\n~~~\n',
  '| a | b |\n| :- | -: |\n| 1 | 2 |\n| 3 | 4 |\n\nText after table\n\n> quote\n>\n> more\n\n> second quote',
  'Text without trailing newline\n\n---\n\n- [ ] task\n- [x] done\n\n    indented code\n\n    still code\n\nend',
  'See [ref] and a note[^1].\n\n[ref]: https://example.com\n\n[^1]: The note.',
  'Partial ```\n\n```py\nprint(1)\n\nprint(2)',
];

describe('Markdown', () => {
  it.each(samples.map((text, i) => [i, text] as const))(
    'renders blocks exactly as the whole text at once (%i)',
    (i, text) => {
      expect(splitBlocks(text).join('')).toBe(text);
      // The whole text in one react-markdown pass, with the same plugins and components.
      const whole = renderToStaticMarkup(<MarkdownBlock text={text} />);
      expect(renderToStaticMarkup(<Markdown text={text} />)).toBe(whole);
      expect(splitBlocks(text).length).toBeGreaterThan(i < 5 ? 1 : 0);
    },
  );

  it('renders every prefix of a streaming reply as the whole prefix at once', () => {
    for (const text of samples) {
      for (let n = 1; n <= text.length; n++) {
        const prefix = text.slice(0, n);
        expect(renderToStaticMarkup(<Markdown text={prefix} />)).toBe(
          renderToStaticMarkup(<MarkdownBlock text={prefix} />),
        );
      }
    }
  }, 30_000);

  it('highlights fenced code with a known language on every render (one shared highlighter)', async () => {
    await loadGrammar('typescript');
    const text = '```ts\nconst a = 1;\n```';
    for (let i = 0; i < 2; i++) {
      const html = renderToStaticMarkup(<Markdown text={text} />);
      expect(html).toContain('hljs-keyword');
    }
    expect(renderToStaticMarkup(<Markdown text={'```nolang\nconst a = 1;\n```'} />)).not.toContain('hljs-');
  });
});

describe('images in replies', () => {
  it("shows a plugin's generated image (a data: image) but no other data: URL", () => {
    const png = 'data:image/png;base64,iVBORw0KGgo=';
    const html = renderToStaticMarkup(
      <Markdown
        text={`![a fox](${png}) [x](data:text/html;base64,PHNjcmlwdD4=) ![y](data:image/svg+xml;base64,PHN2Zz4=)`}
      />,
    );
    expect(html).toContain(`src="${png}"`);
    expect(html).not.toContain('data:text/html');
    expect(html).not.toContain('data:image/svg');
    // The refused image is its alt text, not an <img> with an empty src.
    expect(html).not.toContain('src=""');
    expect(html).toContain('<span class="md-img-refused">y</span>');
  });
});
