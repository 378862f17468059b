import { describe, expect, it } from 'vitest';
import { sanitizeUserHtml } from './sanitize.js';

/** Classic XSS payloads (OWASP filter-evasion cheat sheet and mutation-XSS favourites). */
const PAYLOADS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=//evil.example/x.js></SCRIPT>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<img src=x onerror=alert(1)>',
  '<img src="x" ONERROR="alert(1)">',
  '<img/src=x/onerror=alert(1)>',
  '<img src=javascript:alert(1)>',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<img src="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href=" javascript:alert(1)">x</a>',
  '<a href="jav&#x09;ascript:alert(1)">x</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="data:text/html,<script>alert(1)</script>">x</a>',
  '<a href="//evil.example">x</a>',
  '<a href="https://ok.example" onclick="alert(1)">x</a>',
  '<iframe src="https://evil.example"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<form action="javascript:alert(1)"><button>x</button></form>',
  '<input autofocus onfocus=alert(1)>',
  '<details open ontoggle=alert(1)>',
  '<body onload=alert(1)>',
  '<base href="javascript:alert(1)//">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<link rel=stylesheet href=javascript:alert(1)>',
  '<style>@import "javascript:alert(1)";</style>',
  '<div style="background:url(javascript:alert(1))">x</div>',
  '<p style="x:expression(alert(1))">x</p>',
  '<div class="x" id="y" data-x="1">x</div>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
  '<textarea><script>alert(1)</script></textarea>',
  '<template><img src=x onerror=alert(1)></template>',
  '<!--<img src=x onerror=alert(1)>-->',
  '<![CDATA[<script>alert(1)</script>]]>',
  '<video><source onerror=alert(1)></video>',
  '<marquee onstart=alert(1)>',
  '<table background="javascript:alert(1)"><td>x</td></table>',
  '"><script>alert(1)</script>',
  '<<script>script>alert(1)//<</script>/script>',
];

const DANGEROUS = [
  /<script/i,
  /<(iframe|object|embed|form|input|base|meta|link|style|svg|math|template|video|source|marquee|body)\b/i,
  /\son[a-z]+\s*=/i,
  /javascript:/i,
  /vbscript:/i,
  /data:(?!image\/(png|jpe?g|gif|webp);base64,)/i,
  /\sstyle\s*=/i,
  /\s(class|id|srcdoc|background|data-[a-z]+)\s*=/i,
  /href="\/\//i,
];

describe('sanitizeUserHtml', () => {
  it.each(PAYLOADS)('neutralises %s', (payload) => {
    const out = sanitizeUserHtml(payload);
    for (const pattern of DANGEROUS) expect(out, `${pattern} in ${out}`).not.toMatch(pattern);
  });

  it('keeps ordinary formatting, links and images', () => {
    expect(sanitizeUserHtml('<h2>Title</h2><p>Some <strong>bold</strong> and <em>it</em>.</p>')).toBe(
      '<h2>Title</h2><p>Some <strong>bold</strong> and <em>it</em>.</p>',
    );
    expect(sanitizeUserHtml('<ul><li>a</li></ul><pre><code>x &lt; y</code></pre>')).toBe(
      '<ul><li>a</li></ul><pre><code>x &lt; y</code></pre>',
    );
    expect(sanitizeUserHtml('<img src="https://cdn.example/a.png" alt="a">')).toBe(
      '<img src="https://cdn.example/a.png" alt="a" />',
    );
  });

  it('forces rel="noopener noreferrer nofollow" on every link, replacing any given', () => {
    expect(sanitizeUserHtml('<a href="https://ok.example" rel="opener" target="_blank">x</a>')).toBe(
      '<a href="https://ok.example" rel="noopener noreferrer nofollow">x</a>',
    );
    expect(sanitizeUserHtml('<a href="mailto:a@b.c">mail</a>')).toContain('href="mailto:a@b.c"');
  });

  it('keeps raster data-URL images, drops other data URLs', () => {
    const png = 'data:image/png;base64,iVBORw0KGgo=';
    expect(sanitizeUserHtml(`<img src="${png}">`)).toBe(`<img src="${png}" />`);
    expect(sanitizeUserHtml('<img src="data:image/svg+xml,<svg/onload=alert(1)>">')).toBe('<img />');
  });

  it('drops script and style content, not just the tags', () => {
    expect(sanitizeUserHtml('a<script>var secret=1</script>b<style>p{}</style>c')).toBe('abc');
  });
});
