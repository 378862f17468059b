/**
 * The web tests import '@testing-library/react'; it resolves here (preact-aliases.ts), because the
 * app runs on Preact. @testing-library/preact renders and wraps events in act, but its fireEvent
 * turns every `change` into `input`, which preact/compat does only for text inputs and textareas;
 * a browser also follows `focus` and `blur` with `focusin` and `focusout`, which compat listens to.
 * This fireEvent fires what a browser would, so a select's change still reaches its onChange.
 */
import { createEvent, fireEvent as domFireEvent } from '@testing-library/dom';
import { act as preactAct } from '@testing-library/preact';

export * from '@testing-library/preact';

/** Promise hops an async act lets run before it renders (a mutation's onSuccess is a few away). */
const SETTLE_HOPS = 50;

/**
 * React's async act renders once the work its callback queued has settled; Preact's renders as soon
 * as the callback's promise resolves. This one lets the queued promise callbacks run first (no
 * timers, so fake timers stay in control), and stays synchronous for a synchronous callback.
 */
export function act(callback: () => unknown): Promise<void> {
  return preactAct(() => {
    const result = callback();
    if (!result || typeof (result as PromiseLike<unknown>).then !== 'function') return undefined;
    return (async () => {
      await result;
      for (let i = 0; i < SETTLE_HOPS; i++) await Promise.resolve();
    })();
  }) as Promise<void>;
}

type Init = Parameters<typeof domFireEvent.change>[1];
type Fire = typeof domFireEvent;

const PLAIN_CHANGE = /^(checkbox|radio|file)$/i;

function firesInput(element: Element | Node | Document | Window): boolean {
  if (element instanceof HTMLTextAreaElement) return true;
  return element instanceof HTMLInputElement && !PLAIN_CHANGE.test(element.type);
}

const fire = ((element: Element | Node | Document | Window, event: Event) =>
  domFireEvent(element, event)) as Fire;

for (const key of Object.keys(domFireEvent) as (keyof Fire)[]) {
  const original = domFireEvent[key] as (element: Element | Node | Document | Window, init?: Init) => boolean;
  (fire as unknown as Record<string, unknown>)[key] = (
    element: Element | Node | Document | Window,
    init?: Init,
  ): boolean => {
    if (key === 'change' && firesInput(element)) return domFireEvent.input(element, init);
    const result = original(element, init);
    if (key === 'focus') domFireEvent(element, createEvent.focusIn(element, init));
    if (key === 'blur') domFireEvent(element, createEvent.focusOut(element, init));
    return result;
  };
}

export const fireEvent = fire;
