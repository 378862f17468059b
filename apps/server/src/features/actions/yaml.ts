import { z } from 'zod';
import { ACTION_LIMITS } from '@chat/contract';
import { yamlBlock } from '../../config/yaml-block.js';
import { parseDomainSpec } from './domains.js';

/**
 * librechat.yaml `actions` (LibreChat's): `allowedDomains` lists the hosts agents' actions may call,
 * each a host name (`swapi.dev`), a wildcard (`*.example.com`: the domain and its subdomains), or
 * with a scheme and/or port that a call must then use (`https://api.example.com:8443`). Absent or
 * empty, any public host may be called and private ones never.
 */
const yamlActionsSchema = z.strictObject({
  allowedDomains: z
    .array(
      z
        .string()
        .trim()
        .min(1)
        .max(ACTION_LIMITS.domainMaxChars)
        .refine((d) => parseDomainSpec(d) !== null, 'must be a host name, optionally with a scheme and port'),
    )
    .optional(),
});
export type YamlActions = z.output<typeof yamlActionsSchema>;

/** What the operator configured for actions. */
export interface ActionsConfig {
  /** The hosts actions may call; absent or empty: any public host. */
  allowedDomains?: string[] | undefined;
}

/** The block as config/feature-yaml.ts lists it: kept as written. */
export const actionsYaml = yamlBlock({
  key: 'actions',
  schema: () => yamlActionsSchema,
  fromFile: (block: YamlActions | undefined) => block,
  toConfig: (block: YamlActions | undefined): ActionsAppConfig => ({
    actions: block?.allowedDomains?.length ? { allowedDomains: [...block.allowedDomains] } : {},
  }),
});

/** What the block gives the app config (AppConfig is made of these parts, config/feature-yaml.ts). */
export interface ActionsAppConfig {
  /** librechat.yaml `actions`: which hosts agents' actions may call. */
  actions?: ActionsConfig | undefined;
}
