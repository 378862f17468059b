/**
 * Stripe's request bodies as its SDKs send them: application/x-www-form-urlencoded with bracketed
 * keys (`line_items[0][price]=…`, `metadata[userId]=…`, `expand[0]=…`), read back into objects
 * and lists.
 */
export type FormValue = string | FormObject | FormValue[];
export interface FormObject {
  [key: string]: FormValue;
}

const isIndex = (k: string): boolean => /^\d+$/.test(k);

/** `a[b][0][c]` → ['a', 'b', '0', 'c']. */
function keyPath(key: string): string[] {
  const head = /^[^[]*/.exec(key)?.[0] ?? '';
  const rest = [...key.slice(head.length).matchAll(/\[([^\]]*)\]/g)].map((m) => m[1] ?? '');
  return [head, ...rest];
}

export function parseStripeForm(body: string): FormObject {
  const root: FormObject = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = keyPath(key);
    let node: FormObject | FormValue[] = root;
    for (let i = 0; i < path.length; i++) {
      const part = path[i]!;
      const last = i === path.length - 1;
      const slot = Array.isArray(node) ? (part === '' ? node.length : Number(part)) : part;
      const container = node as Record<string | number, FormValue>;
      if (last) {
        container[slot] = value;
        break;
      }
      const nextIsList = isIndex(path[i + 1]!) || path[i + 1] === '';
      const existing = container[slot];
      if (existing === undefined || typeof existing === 'string') {
        container[slot] = nextIsList ? [] : {};
      }
      node = container[slot] as FormObject | FormValue[];
    }
  }
  return root;
}

/** A string field of a parsed form (undefined when absent or not a string). */
export const str = (v: FormValue | undefined): string | undefined => (typeof v === 'string' ? v : undefined);

/** A list field, whether sent as `a[0]=…` (a list) or `a[]=…`. */
export const list = (v: FormValue | undefined): FormValue[] =>
  Array.isArray(v) ? v : v && typeof v === 'object' ? Object.values(v) : [];
