import { describe, expect, it } from 'vitest';
import { htmlTitle, htmlToText } from './html-text.js';

describe('a page’s text for the web reader', () => {
  it('keeps the words, drops scripts, styles and markup, decodes entities', () => {
    const html =
      '<html><head><title> A &amp; B </title><style>.x{color:red}</style></head><body>' +
      '<h1>Head</h1><p>One&nbsp;&lt;two&gt; &#8364; &#x41;</p><script>alert(1)</script>' +
      '<!-- hidden --><ul><li>a</li><li>b</li></ul></body></html>';
    expect(htmlTitle(html)).toBe('A & B');
    const text = htmlToText(html);
    expect(text).toBe('Head\nOne <two> € A\na\nb');
    expect(text).not.toMatch(/alert|color|hidden/);
  });
});
