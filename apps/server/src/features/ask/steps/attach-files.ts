import type { Attached, AskAttachment, History, StepContext } from './types.js';

/**
 * attach files: the content parts each attachment of the features adds, in module order: to this
 * turn's user message, and to earlier ones (images sent again).
 */
export async function attachFiles(
  attachments: readonly AskAttachment[],
  ctx: StepContext & { history: History },
): Promise<Attached> {
  const out: Attached = { parts: [], earlier: new Map() };
  for (const a of attachments) {
    out.parts.push(...(await a.attach(ctx)));
    for (const [id, parts] of (await a.earlier?.(ctx)) ?? []) {
      out.earlier.set(id, [...(out.earlier.get(id) ?? []), ...parts]);
    }
  }
  return out;
}
