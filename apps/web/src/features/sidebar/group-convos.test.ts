import { describe, expect, it } from 'vitest';
import { groupConvos } from './group-convos';

const now = new Date(2026, 10, 20, 15, 0, 0); // 20 November 2026, 15:00 local
const at = (y: number, m: number, d: number, h = 12) => ({
  id: `${y}-${m}-${d}-${h}`,
  updatedAt: new Date(y, m, d, h).toISOString(),
});

describe('groupConvos', () => {
  it('returns nothing for no conversations', () => {
    expect(groupConvos([], now, 'en-US')).toEqual([]);
  });

  it('puts today, last 7 days, last 30 days and months in order, newest first', () => {
    const items = [
      at(2026, 5, 3), // June 2026
      at(2026, 10, 20, 1), // today, early
      at(2026, 10, 19), // yesterday
      at(2026, 9, 25), // 26 days ago
      at(2026, 10, 20, 14), // today, later
      at(2025, 10, 2), // November 2025
      at(2026, 5, 28), // June 2026, later
    ];
    const groups = groupConvos(items, now, 'en-US');
    expect(groups.map((g) => g.id)).toEqual(['today', 'last7', 'last30', '2026-06', '2025-11']);
    expect(groups[0]!.i18nKey).toBe('com_ui_today');
    expect(groups[0]!.items.map((c) => c.id)).toEqual(['2026-10-20-14', '2026-10-20-1']);
    expect(groups[1]!.i18nKey).toBe('com_ui_last_7_days');
    expect(groups[2]!.i18nKey).toBe('com_ui_last_30_days');
    expect(groups[3]!.label).toBe('June 2026');
    expect(groups[3]!.items.map((c) => c.id)).toEqual(['2026-5-28-12', '2026-5-3-12']);
    expect(groups[4]!.label).toBe('November 2025');
  });

  it('excludes today from the last 7 days and uses day boundaries', () => {
    const groups = groupConvos(
      [at(2026, 10, 20, 0), at(2026, 10, 19, 23), at(2026, 10, 13, 1), at(2026, 10, 12, 23)],
      now,
      'en-US',
    );
    expect(groups.map((g) => [g.id, g.items.length])).toEqual([
      ['today', 1],
      ['last7', 2],
      ['last30', 1],
    ]);
  });

  it('formats month groups in the given language', () => {
    const groups = groupConvos([at(2026, 0, 5)], now, 'de-DE');
    expect(groups[0]!.label).toBe('Januar 2026');
  });

  it('counts future or invalid dates as today', () => {
    const groups = groupConvos(
      [{ updatedAt: 'nope' }, { updatedAt: new Date(2027, 0, 1).toISOString() }],
      now,
      'en-US',
    );
    expect(groups).toHaveLength(1);
    expect(groups[0]!.id).toBe('today');
  });
});
