import type { EndpointsConfig, ModelSpec } from '@chat/contract';

/** A heading of the specs menu and its specs; `name` null: the specs without a group, shown first. */
export interface SpecGroup {
  name: string | null;
  specs: ModelSpec[];
}

/**
 * The specs the menu shows (not those with `showInMenu: false`) by their `group`, in the server's
 * order: the ungrouped first, then each group where its first spec stands.
 */
export function specGroups(list: readonly ModelSpec[]): SpecGroup[] {
  const loose: ModelSpec[] = [];
  const groups = new Map<string, ModelSpec[]>();
  for (const spec of list) {
    if (spec.showInMenu === false) continue;
    if (!spec.group) loose.push(spec);
    else groups.set(spec.group, [...(groups.get(spec.group) ?? []), spec]);
  }
  const out: SpecGroup[] = loose.length > 0 ? [{ name: null, specs: loose }] : [];
  for (const [name, specs] of groups) out.push({ name, specs });
  return out;
}

/**
 * The endpoints the endpoint menu offers beside the specs: those `modelSpecs.addedEndpoints`
 * names, or all when it names none.
 */
export function menuEndpoints(
  config: EndpointsConfig | undefined,
  added: readonly string[] | undefined,
): EndpointsConfig | undefined {
  if (!config || !added || added.length === 0) return config;
  return Object.fromEntries(Object.entries(config).filter(([name]) => added.includes(name)));
}
