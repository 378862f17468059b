import { describe, expect, it } from 'vitest';

/**
 * ar-EG mirrors the layout through logical utilities (ms-/me-, ps-/pe-, start-/end-, text-start,
 * border-s, rounded-e…): a physical left/right utility would stay put in right-to-left. This fails
 * on any that a change brings back, naming the file and the logical one to use.
 */
const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}'], {
  eager: true,
  query: '?raw',
  import: 'default',
});

const LOGICAL: Record<string, string> = {
  ml: 'ms',
  mr: 'me',
  pl: 'ps',
  pr: 'pe',
  left: 'start',
  right: 'end',
  'border-l': 'border-s',
  'border-r': 'border-e',
  'rounded-l': 'rounded-s',
  'rounded-r': 'rounded-e',
  'rounded-tl': 'rounded-ss',
  'rounded-tr': 'rounded-se',
  'rounded-bl': 'rounded-es',
  'rounded-br': 'rounded-ee',
  'text-left': 'text-start',
  'text-right': 'text-end',
  'scroll-ml': 'scroll-ms',
  'scroll-mr': 'scroll-me',
  'scroll-pl': 'scroll-ps',
  'scroll-pr': 'scroll-pe',
};
const names = Object.keys(LOGICAL)
  .sort((a, b) => b.length - a.length)
  .join('|');
// A class with optional variants (md:, hover:) and minus; ml/pl/left… only with a value.
const PHYSICAL = new RegExp(
  `(?<=["'\`\\s])(?:[\\w\\[\\]&@>*=-]+:)*-?(${names})(-(?:\\d[\\w./]*|\\[[^\\]\\s]+\\]|px|auto|full))?(?=["'\`\\s])`,
  'g',
);
const NEEDS_VALUE = /^(ml|mr|pl|pr|left|right|scroll-[mp][lr])$/;

function physicalClasses(source: string): string[] {
  const found: string[] = [];
  for (const line of source.split('\n')) {
    const code = line.trim();
    if (code.startsWith('//') || code.startsWith('*') || code.startsWith('/*')) continue;
    for (const m of line.matchAll(PHYSICAL)) {
      if (NEEDS_VALUE.test(m[1] ?? '') && !m[2]) continue;
      found.push(`${m[0]} (use ${LOGICAL[m[1] ?? '']})`);
    }
  }
  return found;
}

describe('right-to-left layout', () => {
  it('finds a physical utility', () => {
    expect(physicalClasses(`className="flex ml-2 md:pr-4 text-left -right-1 left-[3px]"`)).toEqual([
      'ml-2 (use ms)',
      'md:pr-4 (use pe)',
      'text-left (use text-start)',
      '-right-1 (use end)',
      'left-[3px] (use start)',
    ]);
    expect(physicalClasses(`'pl-PL', "left", "text-start ms-2 end-0" // right-0`)).toEqual([]);
  });

  it('the web app uses logical left/right utilities only', () => {
    const offenders = Object.entries(sources).flatMap(([file, source]) =>
      physicalClasses(source).map((hit) => `${file}: ${hit}`),
    );
    expect(Object.keys(sources).length).toBeGreaterThan(50);
    expect(offenders).toEqual([]);
  });
});
