import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from '@playwright/test';

/** The impacts that fail a test: what axe calls serious or critical blocks someone from the page. */
const FAILING_IMPACTS = new Set(['serious', 'critical']);

/**
 * Pages of this product, not of the fakes a test passes through (the Stripe fake's hosted pages,
 * the OpenID provider's login): the app's shell loads /boot.js, a public page is marked.
 */
const OURS = `!!document.querySelector('script[src="/boot.js"], [data-public-page]')`;

/** A page's path with its ids folded, so one screen is scanned once per worker on navigation. */
function screenKey(url: string): string {
  const { pathname } = new URL(url);
  return pathname
    .split('/')
    .map((part) => (/\d/.test(part) && part.length >= 8 ? ':id' : part))
    .join('/');
}

/** Screens already scanned before a navigation away from them, in this worker. */
const scannedOnLeave = new Set<string>();

/**
 * Every screen of this product a test visits is checked with axe-core: the state a test leaves
 * when it navigates away (`page.goto`), once per screen and worker, and every page still open when
 * the test ends, every time. A serious or critical violation, or a page without exactly one
 * `<h1>`, fails the test.
 */
export class A11yWatch {
  readonly findings: string[] = [];
  private readonly pages = new Set<Page>();
  private readonly watched = new WeakSet<BrowserContext>();
  /** Pages judged at the end already (a context closed by the test, then by the fixture). */
  private readonly judged = new WeakSet<Page>();

  watch(context: BrowserContext): void {
    if (this.watched.has(context)) return;
    this.watched.add(context);
    for (const page of context.pages()) this.track(page);
    context.on('page', (page) => this.track(page));
    const close = context.close.bind(context);
    context.close = async (...args: Parameters<BrowserContext['close']>) => {
      await this.scanOpenPages();
      return close(...args);
    };
  }

  private track(page: Page): void {
    if (this.pages.has(page)) return;
    this.pages.add(page);
    const goto = page.goto.bind(page);
    page.goto = async (...args: Parameters<Page['goto']>) => {
      const key = page.url().startsWith('http') ? screenKey(page.url()) : '';
      if (key && !scannedOnLeave.has(key)) {
        scannedOnLeave.add(key);
        await this.scan(page, 'before leaving');
      }
      return goto(...args);
    };
  }

  /** Scans every page of the test that is still open. */
  async scanOpenPages(): Promise<void> {
    for (const page of this.pages) {
      if (page.isClosed() || this.judged.has(page)) continue;
      this.judged.add(page);
      await this.scan(page, 'at the end');
    }
  }

  private async scan(page: Page, moment: string): Promise<void> {
    const ours = await page.evaluate(OURS).catch(() => false);
    if (!ours) return;
    const where = `${moment} ${new URL(page.url()).pathname}`;
    let results;
    try {
      results = await new AxeBuilder({ page }).analyze();
    } catch (error) {
      // A page that navigates or closes while it is scanned has no state left to judge.
      if (page.isClosed() || /navigat|destroyed|closed/i.test(String(error))) return;
      throw error;
    }
    for (const violation of results.violations) {
      if (!violation.impact || !FAILING_IMPACTS.has(violation.impact)) continue;
      const targets = violation.nodes
        .slice(0, 3)
        .map((node) => node.target.join(' '))
        .join(' | ');
      this.findings.push(`${where}: ${violation.id} (${violation.impact}) ${violation.help}: ${targets}`);
    }
    const headings = await page.locator('h1').count();
    if (headings !== 1) this.findings.push(`${where}: ${headings} <h1> elements (one expected)`);
  }
}
