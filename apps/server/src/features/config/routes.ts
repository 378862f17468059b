import type { FastifyInstance } from 'fastify';
import {
  API_ROUTES,
  API_ROUTE_LIST,
  buildOpenApi,
  DEFAULT_OPENID_LABEL,
  EModelEndpoint,
  ENDPOINT_DISPLAY_ORDER,
  isPremiumModel,
  type ConfigOverride,
  type EndpointsConfig,
  type ModelsConfig,
  type StartupConfig,
} from '@chat/contract';
import { addRoute } from '../../platform/typed-route.js';
import type { AppConfig, EndpointDefinition, PremiumConfig } from '../../config/app-config.js';
import { assistantModels } from '../../config/assistant-endpoints.js';
import { NO_OAUTH, type OAuthConfig } from '../../config/oauth-config.js';

/**
 * GET /api/endpoints: the built-ins by the spec's display order, then the custom endpoints in
 * the order librechat.yaml lists them (the demo last).
 */
export function presentEndpoints(
  endpoints: readonly EndpointDefinition[],
  premium?: PremiumConfig,
): EndpointsConfig {
  const result: EndpointsConfig = {};
  endpoints.forEach((e, i) => {
    const builtIn = ENDPOINT_DISPLAY_ORDER.indexOf(e.name as (typeof ENDPOINT_DISPLAY_ORDER)[number]);
    // The premium gate counts only sends on the server's key: the same rule marks the models.
    const counted = premium && !e.userProvide && !e.userProvideURL;
    const premiumModels = counted ? e.models.filter((m) => isPremiumModel(m, premium.models)) : [];
    result[e.name] = {
      order: builtIn >= 0 ? builtIn : ENDPOINT_DISPLAY_ORDER.length + i,
      type: e.type,
      userProvide: e.userProvide,
      ...(e.userProvideURL ? { userProvideURL: true } : {}),
      ...(e.label ? { modelDisplayLabel: e.label } : {}),
      ...(e.iconURL ? { iconURL: e.iconURL } : {}),
      ...(e.modelLabels && Object.keys(e.modelLabels).length > 0 ? { modelLabels: e.modelLabels } : {}),
      ...(e.relabelModels ? { relabelModels: true } : {}),
      ...(e.isDemo ? { isDemo: true } : {}),
      ...(e.azure ? { azure: true } : {}),
      ...(premiumModels.length > 0 ? { premiumModels } : {}),
    };
  });
  // Assistants run on one of the endpoints above: listed last (the spec's order has no place for
  // them), only when some endpoint can run one (docs/decisions.md).
  if (assistantModels(endpoints).length > 0) {
    result[EModelEndpoint.assistant] = {
      order: ENDPOINT_DISPLAY_ORDER.length + endpoints.length,
      type: EModelEndpoint.assistant,
      userProvide: false,
    };
  }
  return result;
}

/** GET /api/models: LibreChat's shape, the real names per endpoint (labels are in /api/endpoints). */
export function presentModels(endpoints: readonly EndpointDefinition[]): ModelsConfig {
  const result: ModelsConfig = {};
  for (const e of endpoints) result[e.name] = e.models;
  const assistant = assistantModels(endpoints);
  if (assistant.length > 0) result[EModelEndpoint.assistant] = assistant;
  return result;
}

/** LibreChat's per-provider flags: configured (the buttons show only with socialLoginEnabled too). */
function socialLoginFlags(oauth: OAuthConfig) {
  return {
    discordLoginEnabled: oauth.discord !== undefined,
    facebookLoginEnabled: oauth.facebook !== undefined,
    githubLoginEnabled: oauth.github !== undefined,
    googleLoginEnabled: oauth.google !== undefined,
    openidLoginEnabled: oauth.openid !== undefined,
    openidLabel: oauth.openid?.label ?? DEFAULT_OPENID_LABEL,
    openidImageUrl: oauth.openid?.imageUrl ?? '',
    socialLogins: [...oauth.socialLogins],
    serverDomain: oauth.serverOrigin,
  };
}

export function configRoutes(app: FastifyInstance, deps: { config: AppConfig }) {
  const { config } = deps;

  addRoute(app, API_ROUTES.config, async (): Promise<StartupConfig> => ({
    appTitle: config.appTitle,
    customFooter: config.customFooter,
    checkBalance: config.checkBalance,
    balanceHelpText: config.checkBalance ? (config.balanceHelpText ?? null) : null,
    registrationEnabled: config.registrationEnabled,
    emailLoginEnabled: config.emailLoginEnabled,
    socialLoginEnabled: config.socialLoginEnabled,
    ...socialLoginFlags(config.oauth ?? NO_OAUTH),
    emailEnabled: config.mail !== undefined,
    passwordResetEnabled: config.mail !== undefined || config.allowPasswordReset === true,
    demoEndpoint: config.endpoints.some((e) => e.isDemo),
    subscriptionsEnabled: config.billing?.subscriptionsEnabled === true,
    freeTierEnabled: config.freeTier !== undefined,
    stripePublishableKey: config.billing?.publishableKey ?? null,
    stripeJsUrl: config.billing?.publishableKey ? config.billing.jsUrl : null,
    affiliateScriptUrl: config.affiliate?.scriptUrl ?? null,
    affiliateReferUrl: config.affiliate?.referUrl ?? null,
    contactEmail: config.site?.contactEmail ?? null,
    socialLinks: config.site?.socialLinks ?? [],
  }));

  addRoute(app, API_ROUTES.endpoints, async () => presentEndpoints(config.endpoints, config.premium));
  addRoute(app, API_ROUTES.models, async () => presentModels(config.endpoints));

  // LibreChat's client replaces its endpoints and models caches with a non-false answer.
  addRoute(app, API_ROUTES.endpointsConfigOverride, async (): Promise<ConfigOverride> =>
    config.overridesEndpoints
      ? {
          endpointsConfig: presentEndpoints(config.endpoints, config.premium),
          modelsConfig: presentModels(config.endpoints),
        }
      : false,
  );

  // Written once, on the first request: the table does not change while the server runs.
  let docs: Record<string, unknown> | undefined;
  addRoute(app, API_ROUTES.docs, async () => {
    docs ??= buildOpenApi(API_ROUTE_LIST, { title: `${config.appTitle} API`, version: '1' });
    return docs;
  });
}
