import { dateFormat } from '../../config/locale';

/** Sidebar groups by last update: Today, Last 7 days, Last 30 days, then months. */
export interface ConvoGroup<T> {
  /** 'today' | 'last7' | 'last30' | 'YYYY-MM' */
  id: string;
  /** i18n key of the title for the relative groups. */
  i18nKey?: string;
  /** Ready-made title for month groups, e.g. "November 2026". */
  label?: string;
  items: T[];
}

const DAY_MS = 24 * 60 * 60 * 1000;

function startOfDay(d: Date): number {
  return new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
}

export function groupConvos<T extends { updatedAt: string }>(
  convos: readonly T[],
  now: Date,
  locale: string,
): ConvoGroup<T>[] {
  const today = startOfDay(now);
  const last7 = today - 7 * DAY_MS;
  const last30 = today - 30 * DAY_MS;
  const monthFormat = dateFormat(locale, { month: 'long', year: 'numeric' });

  const sorted = [...convos]
    .map((c) => ({ c, time: Date.parse(c.updatedAt) }))
    .sort(
      (a, b) => (Number.isNaN(b.time) ? -Infinity : b.time) - (Number.isNaN(a.time) ? -Infinity : a.time),
    );

  const groups: ConvoGroup<T>[] = [];
  const byId = new Map<string, ConvoGroup<T>>();
  const add = (id: string, make: () => Omit<ConvoGroup<T>, 'items'>, item: T) => {
    let group = byId.get(id);
    if (!group) {
      group = { ...make(), items: [] };
      byId.set(id, group);
      groups.push(group);
    }
    group.items.push(item);
  };

  for (const { c, time } of sorted) {
    // Unparseable or future dates (clock skew) count as today.
    if (Number.isNaN(time) || time >= today)
      add('today', () => ({ id: 'today', i18nKey: 'com_ui_today' }), c);
    else if (time >= last7) add('last7', () => ({ id: 'last7', i18nKey: 'com_ui_last_7_days' }), c);
    else if (time >= last30) add('last30', () => ({ id: 'last30', i18nKey: 'com_ui_last_30_days' }), c);
    else {
      const d = new Date(time);
      const id = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
      add(id, () => ({ id, label: monthFormat.format(d) }), c);
    }
  }
  return groups;
}
