import {
  createContext,
  createElement,
  Fragment,
  Suspense,
  useContext,
  type ComponentType,
  type ReactElement,
  type ReactNode,
} from 'react';

/**
 * The web app's named extension points and the props each one's fills get. The feature that
 * renders a slot declares it from its own folder by declaration merging
 * (`declare module '../../platform/slots' { interface Slots { 'chat.header.items': … } }`), as the
 * server's features declare their ExtensionPoints; a feature fills a slot with `fill(name, …)` in
 * its own `slots.tsx`, and app/features.ts lists those files.
 * @public (extended by declaration merging, which no import shows)
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface Slots {}

/** One contribution to a slot. */
export interface SlotFill<P> {
  /** Its name in the slot: what `after` refers to, and React's key. */
  id: string;
  /** Lower comes first (0 when unset); equal orders go by id. */
  order?: number;
  /** Fills of the same slot that must come before this one, by id, whatever their order. */
  after?: readonly string[];
  /**
   * What it renders with the slot's props. May be `React.lazy`: its chunk loads when the slot is
   * first shown and nothing stands in its place until then (not in a scope slot, which wraps the
   * screen and would hold all of it back).
   */
  component: ComponentType<P>;
}

/** A fill together with the slot it goes into, as a feature's registration lists it. */
export type SlotEntry<M> = { [N in keyof M]: SlotFill<M[N]> & { slot: N } }[keyof M];

export interface SlotRegistry<M> {
  /** The slot's fills in the order they render. */
  fills<N extends keyof M>(slot: N): readonly SlotFill<M[N]>[];
}

/**
 * Orders each slot's fills: by `order` then id, each placed once every fill it names in `after`
 * is. A name `after` does not find, or fills waiting on each other, is a mistake in the
 * registrations, thrown at once rather than drawn in some order.
 */
function ordered<P>(slot: string, fills: readonly SlotFill<P>[]): SlotFill<P>[] {
  const ids = new Set(fills.map((f) => f.id));
  if (ids.size !== fills.length) throw new Error(`Slot ${slot}: two fills share an id`);
  for (const f of fills) {
    const missing = f.after?.find((id) => !ids.has(id));
    if (missing !== undefined)
      throw new Error(`Slot ${slot}: ${f.id} comes after ${missing}, which is not there`);
  }
  const waiting = [...fills].sort((a, b) => (a.order ?? 0) - (b.order ?? 0) || (a.id < b.id ? -1 : 1));
  const placed = new Set<string>();
  const out: SlotFill<P>[] = [];
  while (waiting.length > 0) {
    const next = waiting.findIndex((f) => (f.after ?? []).every((id) => placed.has(id)));
    if (next < 0) throw new Error(`Slot ${slot}: ${waiting.map((f) => f.id).join(', ')} wait on each other`);
    const [f] = waiting.splice(next, 1);
    if (!f) break;
    placed.add(f.id);
    out.push(f);
  }
  return out;
}

export function createSlotRegistry<M>(entries: readonly SlotEntry<M>[]): SlotRegistry<M> {
  const bySlot = new Map<keyof M, SlotFill<never>[]>();
  for (const entry of entries) {
    const list = bySlot.get(entry.slot) ?? [];
    list.push(entry as SlotFill<never>);
    bySlot.set(entry.slot, list);
  }
  const sorted = new Map<keyof M, readonly SlotFill<never>[]>();
  for (const [slot, list] of bySlot) sorted.set(slot, ordered(String(slot), list));
  return {
    // Each list was filed under its entry's own slot name, so its fills take that slot's props.
    fills: <N extends keyof M>(slot: N) => (sorted.get(slot) ?? []) as readonly SlotFill<M[N]>[],
  };
}

/**
 * The registry, the rendering components and `fill` for one map of slots: the app's is `Slots`
 * below; a test makes its own over slots of its own.
 */
export function slotKit<M extends { [N in keyof M]: object }>() {
  const Registry = createContext<SlotRegistry<M>>(createSlotRegistry<M>([]));

  /** The fills' props: the element's own, without the slot's name. */
  const propsOf = <N extends keyof M>({ name: _name, ...props }: { name: N } & M[N]) =>
    // What remains once `name` is taken is the slot's declared props.
    props as unknown as M[N];

  /** Renders a slot's fills side by side, in their order; nothing when none fills it. */
  function Slot<N extends keyof M>(props: { name: N } & M[N]): ReactElement {
    const fills = useContext(Registry).fills(props.name);
    const own = propsOf(props);
    return createElement(
      Fragment,
      null,
      fills.map((f) =>
        createElement(
          Suspense,
          { key: f.id, fallback: null },
          createElement(f.component as ComponentType, own),
        ),
      ),
    );
  }

  /**
   * A slot whose fills wrap `children` (each one's context reaches the screen drawn inside it and
   * the other slots there): the first fill outermost.
   */
  function SlotScope<N extends keyof M>(props: { name: N; children: ReactNode } & M[N]): ReactNode {
    const fills = useContext(Registry).fills(props.name);
    const own = propsOf(props);
    return fills.reduceRight<ReactNode>(
      (inner, f) =>
        createElement(f.component as ComponentType<{ children: ReactNode }>, { ...own, children: inner }),
      props.children,
    );
  }

  /** One fill of a slot, typed by the slot's props (for a feature's `slots.tsx`). */
  const fill = <N extends keyof M>(slot: N, spec: SlotFill<M[N]>): SlotEntry<M> =>
    // The entry is the union member of the slot `slot` names.
    ({ ...spec, slot }) as unknown as SlotEntry<M>;

  return { SlotRegistryProvider: Registry.Provider, Slot, SlotScope, fill };
}

export const { SlotRegistryProvider, Slot, SlotScope, fill } = slotKit<Slots>();
