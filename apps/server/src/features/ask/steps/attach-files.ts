import type { ProviderContentPart } from '../../../providers/types.js';
import type { AskAttachment, History, StepContext } from './types.js';

/** attach files: the content parts each attachment of the features adds, in module order. */
export async function attachFiles(
  attachments: readonly AskAttachment[],
  ctx: StepContext & { history: History },
): Promise<ProviderContentPart[]> {
  const parts: ProviderContentPart[] = [];
  for (const a of attachments) parts.push(...(await a.attach(ctx)));
  return parts;
}
