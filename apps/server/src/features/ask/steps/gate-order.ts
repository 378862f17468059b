import type { AskGate } from './types.js';

/**
 * The gates in the order they declare (`after`, `before`), whatever the order their modules are
 * listed in: moving a line of MODULES must not change which refusal a user meets first. A name
 * no gate has is ignored (its feature is off). Among gates free to go next, the one registered
 * first goes first, so gates that declare nothing keep module order. Throws, naming the gates,
 * when the declarations go round in a circle: start-up fails rather than pick an order.
 */
export function orderGates(gates: readonly AskGate[]): AskGate[] {
  const byName = new Map<string, number[]>();
  gates.forEach((g, i) => byName.set(g.name, [...(byName.get(g.name) ?? []), i]));
  // earlier[i]: the gates that must run before gate i.
  const earlier = gates.map(() => new Set<number>());
  gates.forEach((g, i) => {
    for (const name of g.after ?? []) for (const j of byName.get(name) ?? []) earlier[i]!.add(j);
    for (const name of g.before ?? []) for (const j of byName.get(name) ?? []) earlier[j]!.add(i);
  });

  const done = new Set<number>();
  const ordered: AskGate[] = [];
  while (ordered.length < gates.length) {
    const next = gates.findIndex((_, i) => !done.has(i) && [...earlier[i]!].every((j) => done.has(j)));
    if (next === -1)
      throw new Error(`ask gates: their declared order is a circle: ${circleOf(gates, earlier, done)}`);
    done.add(next);
    ordered.push(gates[next]!);
  }
  return ordered;
}

/** One circle among the gates left (each waits for another left one), as "a → b → a". */
function circleOf(
  gates: readonly AskGate[],
  earlier: readonly Set<number>[],
  done: ReadonlySet<number>,
): string {
  const waitsFor = (i: number) => [...earlier[i]!].find((j) => !done.has(j))!;
  // Walking back from any gate left comes round to a gate already seen: the circle starts there.
  const path: number[] = [];
  let at = gates.findIndex((_, i) => !done.has(i));
  while (!path.includes(at)) {
    path.push(at);
    at = waitsFor(at);
  }
  const circle = path.slice(path.indexOf(at)).reverse();
  // Told from the gate registered first, so the message is the same for the same declarations.
  const first = circle.indexOf(Math.min(...circle));
  circle.push(...circle.splice(0, first));
  return [...circle, circle[0]!].map((i) => gates[i]!.name).join(' → ');
}
