import {
  azureKeyValueSchema,
  customKeyValueSchema,
  googleKeyValueSchema,
  type ApiIssue,
} from '@chat/contract';
import type { z } from 'zod';
import type { EndpointDefinition } from '../../config/app-config.js';
import { AppError } from '../../platform/errors.js';
import { checkUrl, SsrfError, type SsrfPolicy } from '../../platform/net/ssrf.js';
import type { UserKey } from '../../providers/credentials.js';

function refuse(message: string, issues?: ApiIssue[]): never {
  throw new AppError('validation_error', message, issues);
}

function json(value: string): unknown {
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return undefined;
  }
}

function shaped<S extends z.ZodType>(schema: S, value: string, what: string): z.output<S> {
  const parsed = schema.safeParse(json(value));
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => ({
      path: `value.${i.path.join('.')}`,
      message: i.message,
    }));
    refuse(
      `The key for ${what} is not valid: ${issues.map((i) => `${i.path} ${i.message}`).join('; ')}`,
      issues,
    );
  }
  return parsed.data;
}

/**
 * A URL the user gave, checked by the SSRF guard (scheme, credentials, address literals, local
 * names); refused as a 400 naming its field. Its name's addresses are checked again on connect.
 */
function guardedURL(text: string, path: string, policy: SsrfPolicy): URL {
  try {
    return checkUrl(text, policy).url;
  } catch (err) {
    if (!(err instanceof SsrfError)) throw err;
    refuse(`${path}: ${err.message}`, [{ path, message: err.message }]);
  }
}

/**
 * A saved key's value as the endpoint kind has it: OpenAI and
 * Anthropic a plain key; custom `{ apiKey, baseURL }` (baseURL only when the endpoint leaves it to
 * the user, checked against the SSRF policy); Azure its four fields, each to its own grammar (they
 * make the request's URL); Google a service key and/or
 * an API key. Refuses (400 validation_error) anything else.
 */
export function parseKeyValue(endpoint: EndpointDefinition, value: string, policy: SsrfPolicy = {}): UserKey {
  switch (endpoint.type) {
    case 'custom': {
      const v =
        value.trimStart().startsWith('{') || endpoint.userProvideURL
          ? shaped(customKeyValueSchema, value, endpoint.name)
          : { apiKey: value, baseURL: undefined };
      if (!endpoint.userProvideURL) return { apiKey: v.apiKey };
      if (!v.baseURL) refuse('baseURL is required', [{ path: 'value.baseURL', message: 'Required' }]);
      // Loopback, private, link-local and metadata addresses are refused here, and again for the
      // address the name resolves to when the adapter connects (providers/credentials.ts).
      const url = guardedURL(v.baseURL, 'value.baseURL', policy);
      return { apiKey: v.apiKey, baseURL: url.toString().replace(/\/$/, '') };
    }
    case 'azureOpenAI': {
      const v = shaped(azureKeyValueSchema, value, endpoint.name);
      return {
        apiKey: v.azureOpenAIApiKey,
        azure: {
          instanceName: v.azureOpenAIApiInstanceName,
          deploymentName: v.azureOpenAIApiDeploymentName,
          apiVersion: v.azureOpenAIApiVersion,
        },
      };
    }
    case 'google': {
      if (!value.trimStart().startsWith('{')) return { apiKey: value };
      const v = shaped(googleKeyValueSchema, value, endpoint.name);
      // The service key's token endpoint is a URL the user chose: guarded like a base URL.
      const tokenURI = v.GOOGLE_SERVICE_KEY?.token_uri;
      if (tokenURI !== undefined) guardedURL(tokenURI, 'value.GOOGLE_SERVICE_KEY.token_uri', policy);
      return { apiKey: v.GOOGLE_API_KEY ?? '', googleServiceAccount: v.GOOGLE_SERVICE_KEY };
    }
    default:
      return { apiKey: value };
  }
}
