// @vitest-environment node
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Every pair of theme colours the app puts text on must read at WCAG AA (4.5:1 for body text),
 * in both themes: text tokens on every surface, link text (ring-primary), white on the primary
 * buttons (at rest and hovered) and the danger colours.
 */

const css = readFileSync(fileURLToPath(new URL('./styles.css', import.meta.url)), 'utf8');

function tokens(selector: ':root' | '.dark'): Record<string, string> {
  const start = css.indexOf(`${selector} {`);
  const block = css.slice(start, css.indexOf('}', start));
  return Object.fromEntries(
    [...block.matchAll(/--([\w-]+):\s*(#[0-9a-f]{6});/gi)].map((m) => [m[1]!, m[2]!]),
  );
}

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const v = parseInt(hex.slice(i, i + 2), 16) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

const SURFACES = [
  'surface-primary',
  'surface-secondary',
  'surface-tertiary',
  'surface-chat',
  'surface-active',
];
const PAIRS: [fg: string, bg: string][] = [
  ...['text-primary', 'text-secondary', 'text-tertiary'].flatMap((t) =>
    SURFACES.map((s): [string, string] => [t, s]),
  ),
  ['ring-primary', 'surface-primary'],
  ['ring-primary', 'surface-secondary'],
  ['#ffffff', 'surface-submit'],
  ['#ffffff', 'surface-submit-hover'],
  ['text-danger', 'surface-primary'],
  ['text-danger', 'surface-danger'],
  ['surface-primary', 'text-danger'],
];

describe.each([':root', '.dark'] as const)('theme %s', (selector) => {
  const t = tokens(selector);
  const colour = (name: string) => (name.startsWith('#') ? name : t[name]);

  it.each(PAIRS)('%s on %s reads at 4.5:1 or more', (fg, bg) => {
    const [a, b] = [colour(fg), colour(bg)];
    expect(a, fg).toBeDefined();
    expect(b, bg).toBeDefined();
    expect(contrast(a!, b!)).toBeGreaterThanOrEqual(4.5);
  });
});
