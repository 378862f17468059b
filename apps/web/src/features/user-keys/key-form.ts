import type { EndpointConfig, EndpointsConfig } from '@chat/contract';

/**
 * The shape of a person's own key per endpoint kind (contract keys-schemas.ts): custom { apiKey, baseURL }, Azure's four fields, Google's service account and/or API key,
 * and a plain key for OpenAI and Anthropic.
 */
export type KeyKind = 'custom' | 'azure' | 'google' | 'plain';

export function keyKindOf(endpoint: string, config: EndpointsConfig | undefined): KeyKind {
  const type = config?.[endpoint]?.type ?? endpoint;
  if (type === 'custom') return 'custom';
  if (type === 'azureOpenAI') return 'azure';
  if (type === 'google') return 'google';
  return 'plain';
}

/** The text fields of each kind, in the dialog's order (names as the saved value has them). */
const KEY_TEXT_FIELDS = {
  custom: ['apiKey', 'baseURL'],
  azure: [
    'azureOpenAIApiInstanceName',
    'azureOpenAIApiDeploymentName',
    'azureOpenAIApiVersion',
    'azureOpenAIApiKey',
  ],
  google: ['GOOGLE_API_KEY'],
  plain: ['apiKey'],
} as const satisfies Record<KeyKind, readonly string[]>;
export type KeyField = (typeof KEY_TEXT_FIELDS)[KeyKind][number];

/** The i18n key of each field's label. */
export const KEY_FIELD_LABELS: Record<KeyField, string> = {
  apiKey: 'com_endpoint_config_key_api_key',
  baseURL: 'com_endpoint_config_key_base_url',
  azureOpenAIApiInstanceName: 'com_endpoint_config_azure_instance',
  azureOpenAIApiDeploymentName: 'com_endpoint_config_azure_deployment',
  azureOpenAIApiVersion: 'com_endpoint_config_azure_version',
  azureOpenAIApiKey: 'com_endpoint_config_key_api_key',
  GOOGLE_API_KEY: 'com_endpoint_config_google_api_key',
};

/** Secret fields are masked (with a show toggle). */
export const SECRET_FIELDS: ReadonlySet<KeyField> = new Set([
  'apiKey',
  'azureOpenAIApiKey',
  'GOOGLE_API_KEY',
]);

/** The fields the dialog shows: a custom endpoint asks for the base URL only when the person brings it. */
export function visibleFields(kind: KeyKind, entry: EndpointConfig | undefined): KeyField[] {
  const fields: readonly KeyField[] = KEY_TEXT_FIELDS[kind];
  return kind === 'custom' && !entry?.userProvideURL ? fields.filter((f) => f !== 'baseURL') : [...fields];
}

export type KeyValues = Partial<Record<KeyField, string>>;

/**
 * The required fields left empty, in the dialog's order (a custom endpoint's apiKey,
 * and its baseURL when the person brings it; every Azure field; the plain key). Google needs a
 * service account or an API key: see `googleMissing`.
 */
export function missingFields(
  kind: KeyKind,
  entry: EndpointConfig | undefined,
  values: KeyValues,
): KeyField[] {
  if (kind === 'google') return [];
  return visibleFields(kind, entry).filter((f) => !values[f]?.trim());
}

/** A Google Cloud service account, as its JSON key file has it. */
export interface ServiceKey {
  client_email: string;
  project_id: string;
  private_key: string;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * A service account JSON key file's text, checked as the spec asks (client_email a valid
 * e-mail of at least 3 characters, project_id at least 3, private_key at least 601); else null.
 */
export function parseServiceKey(text: string): ServiceKey | null {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return null;
  }
  if (!data || typeof data !== 'object') return null;
  const { client_email, project_id, private_key } = data as Record<string, unknown>;
  if (typeof client_email !== 'string' || client_email.length < 3 || !EMAIL.test(client_email)) return null;
  if (typeof project_id !== 'string' || project_id.length < 3) return null;
  if (typeof private_key !== 'string' || private_key.length < 601) return null;
  return { client_email, project_id, private_key };
}

/** Google: neither a service account nor an API key given. */
export function googleMissing(values: KeyValues, serviceKey: ServiceKey | null): boolean {
  return !serviceKey && !values.GOOGLE_API_KEY?.trim();
}

/**
 * The value PUT /api/keys saves: the key itself for a plain endpoint, else the JSON of the
 * endpoint's shape (only what was given; values trimmed).
 */
export function keyValue(
  kind: KeyKind,
  entry: EndpointConfig | undefined,
  values: KeyValues,
  serviceKey: ServiceKey | null = null,
): string {
  const get = (f: KeyField) => values[f]?.trim() ?? '';
  if (kind === 'plain') return get('apiKey');
  if (kind === 'google') {
    return JSON.stringify({
      ...(serviceKey ? { GOOGLE_SERVICE_KEY: serviceKey } : {}),
      ...(get('GOOGLE_API_KEY') ? { GOOGLE_API_KEY: get('GOOGLE_API_KEY') } : {}),
    });
  }
  const shape: Record<string, string> = {};
  for (const f of visibleFields(kind, entry)) shape[f] = get(f);
  return JSON.stringify(shape);
}

/** The expiry to save: `ms` from now, as an ISO date. */
export function expiryFrom(now: number, ms: number): string {
  return new Date(now + ms).toISOString();
}
