import { AppError } from '../../../platform/errors.js';
import type { ProviderRegistry } from '../../../providers/registry.js';
import type { AskInput, Resolved } from './types.js';

/**
 * resolve endpoint and credentials: the endpoint of the body (which the path must name, by name
 * or type: custom endpoints may all post to /ask/custom), one of its offered models, and the
 * adapter built from the server's key or the user's own (AppError no_user_key).
 */
export async function resolve(input: AskInput, providers: ProviderRegistry): Promise<Resolved> {
  const { body, pathEndpoint } = input;
  const endpoint = providers.endpoint(body.endpoint);
  if (pathEndpoint !== endpoint.name && pathEndpoint !== endpoint.type) {
    throw new AppError('unknown_endpoint', `Endpoint ${pathEndpoint} does not match ${body.endpoint}`);
  }
  const model = providers.resolveModel(endpoint, body.model);
  const provider = await providers.provider(endpoint, input.userId);
  return { endpoint, model, provider };
}
