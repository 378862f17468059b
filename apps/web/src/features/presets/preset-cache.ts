import type { Preset } from '@chat/contract';

/** Server order: the default first, then by order (unset last), then the newest. */
function byListOrder(a: Preset, b: Preset): number {
  if (a.defaultPreset !== b.defaultPreset) return a.defaultPreset ? -1 : 1;
  const ao = a.order ?? Number.POSITIVE_INFINITY;
  const bo = b.order ?? Number.POSITIVE_INFINITY;
  if (ao !== bo) return ao - bo;
  return b.updatedAt.localeCompare(a.updatedAt);
}

/**
 * A saved preset into the cached list: replaced in place or added; a default one makes every
 * other not default (setting a default replaces the old one).
 */
export function upsertPreset(list: readonly Preset[] | undefined, saved: Preset): Preset[] {
  const others = (list ?? [])
    .filter((p) => p.presetId !== saved.presetId)
    .map((p) => (saved.defaultPreset && p.defaultPreset ? { ...p, defaultPreset: false } : p));
  return [saved, ...others].sort(byListOrder);
}

export function removePreset(list: readonly Preset[] | undefined, presetId: string | null): Preset[] {
  return presetId === null ? [] : (list ?? []).filter((p) => p.presetId !== presetId);
}
