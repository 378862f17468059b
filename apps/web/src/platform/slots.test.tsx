import { afterEach, describe, expect, it } from 'vitest';
import { createContext, lazy, useContext, type ReactNode } from 'react';
import { cleanup, render, screen } from '@testing-library/react';
import { createSlotRegistry, slotKit, type SlotEntry } from './slots';

/** Slots of these tests' own (the app's are declared by its features). */
interface TestSlots {
  'toolbar.items': { label: string };
  'toolbar.empty': { label: string };
  'screen.scope': { children: ReactNode; who: string };
}

const { SlotRegistryProvider, Slot, SlotScope, fill } = slotKit<TestSlots>();

afterEach(cleanup);

function Item({ id, label }: { id: string; label: string }) {
  return <span data-testid="item">{`${id}:${label}`}</span>;
}

function renderWith(entries: readonly SlotEntry<TestSlots>[], ui: ReactNode) {
  return render(<SlotRegistryProvider value={createSlotRegistry(entries)}>{ui}</SlotRegistryProvider>);
}

const items = () => screen.queryAllByTestId('item').map((el) => el.textContent);

describe('slots', () => {
  it("renders a slot's fills by order, then after the fills they name, whatever the list's order", () => {
    renderWith(
      [
        fill('toolbar.items', { id: 'c', order: 20, component: (p) => <Item id="c" {...p} /> }),
        fill('toolbar.items', { id: 'd', after: ['c'], component: (p) => <Item id="d" {...p} /> }),
        fill('toolbar.items', { id: 'a', order: -5, component: (p) => <Item id="a" {...p} /> }),
        fill('toolbar.items', { id: 'b', component: (p) => <Item id="b" {...p} /> }),
      ],
      <Slot name="toolbar.items" label="x" />,
    );
    expect(items()).toEqual(['a:x', 'b:x', 'c:x', 'd:x']);
  });

  it("gives every fill the slot's props (not its name)", () => {
    let seen: unknown = null;
    renderWith(
      [
        fill('toolbar.items', {
          id: 'spy',
          component: (props) => {
            seen = props;
            return null;
          },
        }),
      ],
      <Slot name="toolbar.items" label="Save" />,
    );
    expect(seen).toEqual({ label: 'Save' });
  });

  it('renders nothing for a slot nobody fills, and nothing outside a registry', () => {
    renderWith(
      [fill('toolbar.items', { id: 'a', component: (p) => <Item id="a" {...p} /> })],
      <div data-testid="box">
        <Slot name="toolbar.empty" label="x" />
      </div>,
    );
    expect(screen.getByTestId('box').childNodes).toHaveLength(0);
    cleanup();
    render(
      <div data-testid="box">
        <Slot name="toolbar.items" label="x" />
      </div>,
    );
    expect(screen.getByTestId('box').childNodes).toHaveLength(0);
  });

  it('renders a lazy fill once its chunk has loaded, the others at once', async () => {
    let loaded: (m: { default: (p: { label: string }) => ReactNode }) => void = () => undefined;
    const Late = lazy(
      () => new Promise<{ default: (p: { label: string }) => ReactNode }>((r) => (loaded = r)),
    );
    renderWith(
      [
        fill('toolbar.items', { id: 'late', order: 1, component: Late }),
        fill('toolbar.items', { id: 'now', component: (p) => <Item id="now" {...p} /> }),
      ],
      <Slot name="toolbar.items" label="x" />,
    );
    expect(items()).toEqual(['now:x']);
    loaded({ default: (p) => <Item id="late" {...p} /> });
    expect(await screen.findByText('late:x')).toBeTruthy();
    expect(items()).toEqual(['now:x', 'late:x']);
  });

  it("wraps the children in a scope slot's fills, the first outermost, with the slot's props", () => {
    const Who = createContext<string[]>([]);
    const wrap = (tag: string) =>
      function Wrap({ children, who }: { children: ReactNode; who: string }) {
        const outer = useContext(Who);
        return <Who.Provider value={[...outer, `${tag}(${who})`]}>{children}</Who.Provider>;
      };
    function Inside() {
      return <p data-testid="inside">{useContext(Who).join(' > ')}</p>;
    }
    renderWith(
      [
        fill('screen.scope', { id: 'inner', order: 2, component: wrap('inner') }),
        fill('screen.scope', { id: 'outer', order: 1, component: wrap('outer') }),
      ],
      <SlotScope name="screen.scope" who="me">
        <Inside />
      </SlotScope>,
    );
    expect(screen.getByTestId('inside').textContent).toBe('outer(me) > inner(me)');
  });

  it('refuses fills that name a missing fill, wait on each other, or share an id', () => {
    const c = () => null;
    expect(() =>
      createSlotRegistry<TestSlots>([fill('toolbar.items', { id: 'a', after: ['z'], component: c })]),
    ).toThrow('a comes after z');
    expect(() =>
      createSlotRegistry<TestSlots>([
        fill('toolbar.items', { id: 'a', after: ['b'], component: c }),
        fill('toolbar.items', { id: 'b', after: ['a'], component: c }),
      ]),
    ).toThrow('wait on each other');
    expect(() =>
      createSlotRegistry<TestSlots>([
        fill('toolbar.items', { id: 'a', component: c }),
        fill('toolbar.items', { id: 'a', component: c }),
      ]),
    ).toThrow('share an id');
  });
});
