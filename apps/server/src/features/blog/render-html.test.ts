import { describe, expect, it } from 'vitest';
import { renderPostHtml } from './render-html.js';

describe('a blog post rendered on the server', () => {
  it('renders GFM: headings, emphasis, lists, tables and strikethrough', async () => {
    const html = await renderPostHtml(
      '## Title\n\n**bold** and ~~gone~~\n\n- one\n- two\n\n| a | b |\n| - | - |\n| 1 | 2 |',
    );
    expect(html).toContain('<h2>Title</h2>');
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toContain('<del>gone</del>');
    expect(html).toContain('<li>one</li>');
    expect(html).toMatch(/<table>[\s\S]*<td>1<\/td>[\s\S]*<\/table>/);
  });

  it('highlights fenced code of a known language, leaves an unknown one plain', async () => {
    const html = await renderPostHtml('```ts\nconst a = 1;\n```\n\n```nolang\nx <y>\n```');
    expect(html).toContain('class="language-ts hljs"');
    expect(html).toContain('<span class="hljs-keyword">const</span>');
    expect(html).toContain('<code class="language-nolang">x &#x3C;y>\n</code>');
  });

  it('frames each code block as the editor preview does, its bar naming the language', async () => {
    const html = await renderPostHtml('```ts\nconst a = 1;\n```\n\n```\nplain\n```');
    expect(html).toMatch(
      /^<div class="md-code"><div class="md-code-bar"><span>ts<\/span><\/div><pre><code class="language-ts hljs">/,
    );
    expect(html).toContain('<div class="md-code"><pre><code>plain\n</code></pre></div>');
  });

  it('drops raw HTML, scripts, event handlers and javascript: links', async () => {
    const html = await renderPostHtml(
      '<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>\n\n[click](javascript:alert(1)) <b onclick="x">b</b>',
    );
    expect(html).not.toMatch(/<script|onerror|onclick|javascript:/i);
    expect(html).toContain('click');
  });

  it('opens outside links in a new tab without the opener', async () => {
    const html = await renderPostHtml('[site](https://example.com) and [mail](mailto:a@b.co)');
    expect(html).toContain(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">site</a>',
    );
    expect(html).toContain('<a href="mailto:a@b.co">mail</a>');
  });

  it('keeps only language classes from the Markdown', async () => {
    const html = await renderPostHtml('```js" onmouseover="x\ncode\n```');
    expect(html).not.toContain('onmouseover');
  });
});
