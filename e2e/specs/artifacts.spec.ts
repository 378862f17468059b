import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '../support/test';
import { ChatPage, signUp } from '../support/app';

// Each test draws a preview frame (a page of its own) besides the chat: more than the default time
// on a busy machine.
test.slow();

/** A directive's quoted value: \\ and \n are its escapes (tools/fake-upstreams directive.ts). */
const quote = (text: string) => text.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"');

const artifact = (identifier: string, type: string, title: string, lang: string, code: string) =>
  [
    `:::artifact{identifier="${identifier}" type="${type}" title="${title}"}`,
    '```' + lang,
    code,
    '```',
    ':::',
  ].join('\n');

const PAGE = artifact(
  'greeting-page',
  'text/html',
  'Greeting page',
  'html',
  '<!doctype html><html><head><style>h1{color:rgb(200, 30, 30)}</style></head><body><h1 id="hi">Hello from the artifact</h1><script>document.getElementById("hi").dataset.ran = "yes";</script></body></html>',
);
const LOGO = artifact(
  'blue-logo',
  'image/svg+xml',
  'Blue logo',
  'svg',
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><circle id="dot" cx="50" cy="50" r="40" fill="#1d4ed8"/></svg>',
);

test('an HTML and an SVG artifact show as cards; the panel previews each inside its sandboxed frame', async ({
  page,
}) => {
  await signUp(page);
  const chat = new ChatPage(page);
  await chat.pickModel('openAI', 'gpt-4o-mini');
  const toggle = page.getByTestId('artifacts-toggle');
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  const reply = `Here you go.\n\n${PAGE}\n\nAnd a logo:\n\n${LOGO}\n\nDone.`;
  await chat.send(`Make a page and a logo [[fake reply="${quote(reply)}"]]`);
  await chat.waitForReplyDone();

  const last = chat.lastAssistant();
  const cards = last.getByTestId('artifact-card');
  await expect(cards).toHaveCount(2);
  await expect(cards.nth(0)).toContainText('Greeting page');
  await expect(cards.nth(0)).toContainText('HTML');
  await expect(cards.nth(1)).toContainText('Blue logo');
  await expect(cards.nth(1)).toContainText('SVG');
  // The directive and its code are not shown as text.
  await expect(last).not.toContainText(':::artifact');
  await expect(last).not.toContainText('<h1');
  await expect(last).toContainText('Done.');

  await cards.nth(0).click();
  const panel = page.getByTestId('artifact-panel');
  await expect(panel.getByTestId('artifact-panel-title')).toHaveText('Greeting page');
  const frameEl = panel.getByTestId('artifact-preview-frame');
  await expect(frameEl).toHaveAttribute('sandbox', 'allow-scripts');
  const frame = page.frameLocator('[data-testid="artifact-preview-frame"]');
  const heading = frame.locator('#hi');
  await expect(heading).toHaveText('Hello from the artifact');
  await expect(heading).toHaveAttribute('data-ran', 'yes');
  await expect(heading).toHaveCSS('color', 'rgb(200, 30, 30)');

  await panel.getByTestId('artifact-tab-code').click();
  await expect(panel.getByTestId('artifact-code')).toContainText('<h1 id="hi">Hello from the artifact</h1>');

  await cards.nth(1).click();
  await expect(panel.getByTestId('artifact-panel-title')).toHaveText('Blue logo');
  await panel.getByTestId('artifact-tab-preview').click();
  await expect(frame.locator('circle#dot')).toHaveAttribute('fill', '#1d4ed8');
  const box = await frame.locator('svg').boundingBox();
  expect(box?.width ?? 0).toBeGreaterThan(50);

  await page.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);
});

const DIAGRAM = artifact(
  'order-flow',
  'application/vnd.mermaid',
  'Order flow',
  'mermaid',
  'graph TD\n  Cart[Cart] --> Paid[Paid]\n  Paid --> Shipped[Shipped]',
);
const COUNTER = artifact(
  'click-counter',
  'application/vnd.react',
  'Click counter',
  'jsx',
  [
    'import { useState } from "react";',
    'export default function Counter() {',
    '  const [n, setN] = useState(0);',
    '  return <button id="count" onClick={() => setN(n + 1)}>Clicked {n} times</button>;',
    '}',
  ].join('\n'),
);

test('a Mermaid diagram is drawn as SVG and a React component runs in the preview, state and all', async ({
  page,
}) => {
  await signUp(page);
  const chat = new ChatPage(page);
  await chat.pickModel('openAI', 'gpt-4o-mini');
  await page.getByTestId('artifacts-toggle').click();
  const reply = `A diagram:\n\n${DIAGRAM}\n\nAnd a counter:\n\n${COUNTER}`;
  await chat.send(`Draw and count [[fake reply="${quote(reply)}"]]`);
  await chat.waitForReplyDone();
  const cards = chat.lastAssistant().getByTestId('artifact-card');
  await expect(cards).toHaveCount(2);

  const panel = page.getByTestId('artifact-panel');
  const frame = page.frameLocator('[data-testid="artifact-preview-frame"]');
  await cards.nth(0).click();
  await expect(panel.getByTestId('artifact-panel-title')).toHaveText('Order flow');
  // Mermaid drew the three nodes, labels and all, into an SVG inside the sandboxed frame.
  const diagram = frame.locator('svg');
  await expect(diagram).toHaveCount(1);
  for (const label of ['Cart', 'Paid', 'Shipped']) await expect(diagram).toContainText(label);

  await cards.nth(1).click();
  await expect(panel.getByTestId('artifact-panel-title')).toHaveText('Click counter');
  const button = frame.locator('#count');
  await expect(button).toHaveText('Clicked 0 times');
  await button.click();
  await button.click();
  await expect(button).toHaveText('Clicked 2 times');
});

test('an artifact gets nothing: no request leaves, no access to the app, its cookies, storage or top page', async ({
  page,
  consoleErrors,
}) => {
  const blocked = (what: string) => `the probe artifact tries ${what} on purpose: the sandbox refuses it`;
  consoleErrors.expect(
    /Loading the stylesheet 'http:\/\/127\.0\.0\.1:\d+\/css' violates/,
    blocked('a stylesheet'),
  );
  consoleErrors.expect(/Loading the image 'http:\/\/127\.0\.0\.1:\d+\/img' violates/, blocked('an image'));
  consoleErrors.expect(/Connecting to 'http:\/\/127\.0\.0\.1:\d+\/fetch' violates/, blocked('fetch'));
  consoleErrors.expect(/Fetch API cannot load http:\/\/127\.0\.0\.1:\d+\/fetch/, blocked('fetch'));
  consoleErrors.expect(/Connecting to 'http:\/\/127\.0\.0\.1:\d+\/beacon' violates/, blocked('a beacon'));
  consoleErrors.expect(/Unsafe attempt to initiate navigation/, blocked('navigating the top page'));
  consoleErrors.expect(/Blocked opening 'http:\/\/127\.0\.0\.1:\d+\/popup'/, blocked('a popup'));
  consoleErrors.expect(
    /Framing 'http:\/\/127\.0\.0\.1:\d+\/' violates/,
    blocked('navigating its frame away'),
  );
  consoleErrors.expect(/frame-src blocked http:\/\/127\.0\.0\.1:\d+/, blocked('navigating its frame away'));
  const hits: string[] = [];
  const server: Server = createServer((req, res) => {
    hits.push(req.url ?? '');
    res.end('ok');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const target = `http://127.0.0.1:${port}`;
  try {
    const probe = [
      '<!doctype html><html><head></head><body><pre id="out">running</pre>',
      `<img src="${target}/img"><link rel="stylesheet" href="${target}/css">`,
      '<button id="go" onclick="location.href=\'' + target + '/nav\'">go</button>',
      '<script>',
      'var out = {};',
      'function tryIt(name, f) { try { out[name] = String(f()); } catch (e) { out[name] = "blocked: " + e.name; } }',
      'tryIt("parent", function () { return parent.document.title; });',
      'tryIt("cookie", function () { return document.cookie; });',
      'tryIt("storage", function () { return localStorage.getItem("x"); });',
      'tryIt("top", function () { top.location.href = "' + target + '/top"; return "tried"; });',
      'tryIt("popup", function () { return window.open("' + target + '/popup"); });',
      'tryIt("beacon", function () { return navigator.sendBeacon("' + target + '/beacon", "x"); });',
      'fetch("' +
        target +
        '/fetch").then(function () { out.fetch = "sent"; }, function (e) { out.fetch = "blocked: " + e.name; })',
      '  .then(function () { document.getElementById("out").textContent = JSON.stringify(out); });',
      '</script></body></html>',
    ].join('\n');
    await signUp(page);
    const chat = new ChatPage(page);
    await chat.pickModel('openAI', 'gpt-4o-mini');
    await page.evaluate(() => localStorage.setItem('artifact-probe', 'app-only'));
    const reply = artifact('probe', 'text/html', 'Probe', 'html', probe);
    await chat.send(`Probe [[fake reply="${quote(reply)}"]]`);
    await chat.waitForReplyDone();
    await expect(page).toHaveURL(/\/c\/[0-9a-f-]{36}$/);
    const appUrl = page.url();
    await chat.lastAssistant().getByTestId('artifact-card').click();

    const frame = page.frameLocator('[data-testid="artifact-preview-frame"]');
    const out = frame.locator('#out');
    await expect(out).not.toHaveText('running');
    const result = JSON.parse((await out.textContent()) ?? '{}') as Record<string, string>;
    expect(result.parent).toMatch(/^blocked: SecurityError/);
    expect(result.cookie).toMatch(/^blocked: SecurityError/);
    expect(result.storage).toMatch(/^blocked: SecurityError/);
    expect(result.fetch).toMatch(/^blocked: TypeError/);
    expect(result.popup).toBe('null');
    // The frame may not navigate itself away to another origin either (the app's frame-src).
    const refused = page.waitForEvent('console', (m) => m.text().includes(`Framing '${target}/'`));
    await frame.locator('#go').click();
    await refused;

    // Nothing reached the local server, and the app page is what it was.
    expect(hits).toEqual([]);
    expect(page.url()).toBe(appUrl);
    expect(await page.evaluate(() => localStorage.getItem('artifact-probe'))).toBe('app-only');
    await expect(page.getByTestId('artifact-panel')).toBeVisible();
    await expect(chat.lastAssistant()).toBeVisible();
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});
