import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITE_META_DESCRIPTION_MAX, SITE_PAGE_META } from '@chat/contract';
import { startTestApp, type Harness } from '../../../test/support/harness.js';
import { renderSpaPage } from './spa-page.js';

const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <title>OmniChat</title>
    <script src="/boot.js"></script>
  </head>
  <body><div id="root"></div><script type="module" src="/assets/index.js"></script></body>
</html>`;

describe('renderSpaPage', () => {
  it('writes each public page its title and description, escaped', () => {
    const html = renderSpaPage(INDEX, '/faq', 'Chat <&> "Co"')!;
    expect(html).toContain('<title>FAQ · Chat &lt;&amp;&gt; &quot;Co&quot;</title>');
    expect(html).toContain(`<meta name="description" content="${SITE_PAGE_META['/faq'].description}" />`);
    expect(html.match(/<title>/g)).toHaveLength(1);
    // The scripts stay as built (no inline script appears).
    expect(html).toContain('<script src="/boot.js"></script>');
    expect(html).not.toMatch(/<script>(?!<)/);
  });

  it('leaves other paths alone', () => {
    expect(renderSpaPage(INDEX, '/c/new', 'OmniChat')).toBeUndefined();
    expect(renderSpaPage(INDEX, '/toString', 'OmniChat')).toBeUndefined();
    expect(renderSpaPage(INDEX, '/faq/', 'OmniChat')).toContain('<title>FAQ · OmniChat</title>');
  });

  it('keeps every description within the spec limit', () => {
    for (const meta of Object.values(SITE_PAGE_META)) {
      expect(meta.description.length).toBeLessThanOrEqual(SITE_META_DESCRIPTION_MAX);
    }
  });
});

describe('serving the public pages', () => {
  const webDist = mkdtempSync(join(tmpdir(), 'spa-page-'));
  writeFileSync(join(webDist, 'index.html'), INDEX);
  let h: Harness;
  beforeAll(async () => {
    h = await startTestApp({ appTitle: 'Omni</title><script>x</script>' }, { webDist });
  });
  afterAll(async () => {
    await h.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it.each([
    ['/', SITE_PAGE_META['/']],
    ['/faq', SITE_PAGE_META['/faq']],
    ['/login?message=account_deleted', SITE_PAGE_META['/login']],
    ['/register', SITE_PAGE_META['/register']],
  ])('%s has its own title and meta description', async (path, meta) => {
    const res = await fetch(`${h.url}${path}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const html = await res.text();
    const app = 'Omni&lt;/title&gt;&lt;script&gt;x&lt;/script&gt;';
    expect(html).toContain(`<title>${meta.title ? `${meta.title} · ${app}` : app}</title>`);
    expect(html).toContain(`<meta name="description" content="${meta.description}" />`);
    expect(html).not.toContain('<script>x');
  });

  it('serves index.html for the chat routes, kept out of search engines', async () => {
    const html = await (await fetch(`${h.url}/c/new`)).text();
    expect(html).toBe(INDEX.replace('</head>', '  <meta name="robots" content="noindex" />\n  </head>'));
  });

  it('allows no third-party script without AFFILIATE_SCRIPT_URL', async () => {
    const csp = (await fetch(`${h.url}/`)).headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/script-src 'self';/);
  });
});

describe('the affiliate script', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startTestApp({
      affiliate: {
        scriptUrl: 'https://track.affiliate.example/v1/t.js',
        referUrl: 'https://refer.example/r',
      },
    });
  });
  afterAll(() => h.close());

  it('is allowed by the CSP from its origin only, and reported by /api/config', async () => {
    const res = await fetch(`${h.url}/api/config`);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self' https://track.affiliate.example;");
    const body = (await res.json()) as {
      affiliateScriptUrl: string | null;
      affiliateReferUrl: string | null;
    };
    expect(body.affiliateScriptUrl).toBe('https://track.affiliate.example/v1/t.js');
    expect(body.affiliateReferUrl).toBe('https://refer.example/r');
  });
});
