import type { ProviderRequest } from '../../../providers/types.js';
import type { AskPromptShaper, ShapeContext } from './types.js';

/** shape prompt: each shaper of the features in module order, each given the previous result. */
export async function shapePrompt(
  shapers: readonly AskPromptShaper[],
  ctx: ShapeContext,
  request: ProviderRequest,
): Promise<ProviderRequest> {
  let out = request;
  for (const s of shapers) out = await s.shape(ctx, out);
  return out;
}
