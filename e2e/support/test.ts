import { test as base, expect, type Browser, type BrowserContext } from '@playwright/test';
import { A11yWatch } from './a11y';

export { expect };

/** Something a page reported that a person would find in the browser's console. */
interface Report {
  kind: 'console error' | 'uncaught error' | 'CSP violation';
  text: string;
}

/** An error a test provokes on purpose, and why. */
interface Expected {
  pattern: RegExp;
  why: string;
  seen: number;
  /** May not come: a report seen in some runs only, whose cause is still being looked for. */
  optional?: boolean;
}

const CSP_PREFIX = 'CSP violation: ';

/**
 * Reports every CSP violation of the page as a console error the watcher collects. Init scripts
 * are not subject to the page's CSP; the listener runs before any of the page's own scripts.
 */
const CSP_LISTENER = `document.addEventListener('securitypolicyviolation', (e) => {
  console.error('${CSP_PREFIX}' + e.effectiveDirective + ' blocked ' + (e.blockedURI || '(inline)') +
    ' at ' + (e.sourceFile || e.documentURI) + ':' + e.lineNumber + (e.sample ? ' sample ' + e.sample : ''));
}, true);`;

/**
 * Every page of every test is watched: console errors (Chromium's "Failed to load resource" for
 * an error answer among them), uncaught exceptions and CSP violations fail the test unless the
 * test declared them with `consoleErrors.expect(pattern, why)`. Declaring is for errors a test
 * provokes on purpose and the app cannot avoid; a declared error that never shows fails too.
 */
export class ConsoleWatch {
  readonly reports: Report[] = [];
  private readonly expected: Expected[] = [];
  private readonly watched = new WeakSet<BrowserContext>();

  /** Declares an error this test provokes on purpose (matched against the message and its URL). */
  expect(pattern: RegExp, why: string): void {
    this.expected.push({ pattern, why, seen: 0 });
  }

  /**
   * Lets a report through that some runs show and others do not, and whose cause is not known
   * yet: not for errors a test provokes (those are `expect`ed), and each use says what is known.
   */
  tolerate(pattern: RegExp, why: string): void {
    this.expected.push({ pattern, why, seen: 0, optional: true });
  }

  /**
   * Declares a request this test has the server refuse on purpose: Chromium reports every error
   * answer to a page's fetch ("Failed to load resource: ... status of 401 ... (url)").
   */
  expectRefused(status: number, path: string, why: string): void {
    const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    this.expect(new RegExp(`status of ${status} \\(.*\\(https?://[^/]+${escaped}(\\?[^)]*)?\\)$`), why);
  }

  /**
   * Declares a refusal this test provokes whose report depends on timing: Chromium reports an
   * error answer only to a page still there when it arrives, so a request answered while its page
   * is being replaced (a reload) goes unreported. The test asserts the outcome itself.
   */
  mayBeRefused(status: number, path: string, why: string): void {
    this.expectRefused(status, path, why);
    this.expected[this.expected.length - 1]!.optional = true;
  }

  async watch(context: BrowserContext): Promise<void> {
    if (this.watched.has(context)) return;
    this.watched.add(context);
    context.on('console', (message) => {
      if (message.type() !== 'error') return;
      const url = message.location().url;
      const text = message.text();
      if (text.startsWith(CSP_PREFIX)) {
        this.reports.push({ kind: 'CSP violation', text: text.slice(CSP_PREFIX.length) });
        return;
      }
      this.reports.push({
        kind: 'console error',
        text: url && !text.includes(url) ? `${text} (${url})` : text,
      });
    });
    context.on('weberror', (error) => {
      const err = error.error();
      this.reports.push({ kind: 'uncaught error', text: err.stack ?? err.message });
    });
    await context.addInitScript({ content: CSP_LISTENER });
  }

  /** What was reported and not declared, and what was declared and never seen. */
  verdict(): { unexpected: string[]; missing: string[] } {
    const unexpected: string[] = [];
    for (const report of this.reports) {
      const declared = this.expected.find((e) => e.pattern.test(report.text));
      if (declared) declared.seen += 1;
      else unexpected.push(`${report.kind}: ${report.text}`);
    }
    const missing = this.expected
      .filter((e) => e.seen === 0 && !e.optional)
      .map((e) => `${e.pattern} (${e.why})`);
    return { unexpected, missing };
  }
}

/** Watches the contexts a test opens itself (`browser.newContext()`, `browser.newPage()`). */
function watchNewContexts(browser: Browser, watch: ConsoleWatch, a11y: A11yWatch): () => void {
  const original = browser.newContext.bind(browser);
  browser.newContext = async (...args: Parameters<Browser['newContext']>) => {
    const context = await original(...args);
    await watch.watch(context);
    a11y.watch(context);
    return context;
  };
  return () => {
    browser.newContext = original;
  };
}

export const test = base.extend<{ consoleErrors: ConsoleWatch; a11y: A11yWatch }>({
  a11y: [
    // Playwright reads a fixture's dependencies from its first parameter's pattern: none here.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const watch = new A11yWatch();
      await use(watch);
      expect(watch.findings, 'serious or critical accessibility findings (axe-core)').toEqual([]);
    },
    { auto: true },
  ],
  consoleErrors: [
    async ({ browser, a11y }, use) => {
      const watch = new ConsoleWatch();
      const restore = watchNewContexts(browser, watch, a11y);
      try {
        await use(watch);
      } finally {
        restore();
      }
      const { unexpected, missing } = watch.verdict();
      expect(unexpected, 'errors in the browser console').toEqual([]);
      expect(missing, 'declared console errors that never appeared').toEqual([]);
    },
    { auto: true },
  ],
  context: async ({ context, consoleErrors, a11y }, use) => {
    await consoleErrors.watch(context);
    a11y.watch(context);
    await use(context);
    // The pages still open are judged before the context closes them.
    await a11y.scanOpenPages();
  },
});
