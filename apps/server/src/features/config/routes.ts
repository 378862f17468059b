import type { FastifyInstance } from 'fastify';
import {
  API_ROUTES,
  buildOpenApi,
  DEFAULT_OPENID_LABEL,
  HELP_AND_FAQ_DEFAULT_URL,
  DEFAULT_INTERFACE_CONFIG,
  type ConfigOverride,
  type StartupConfig,
} from '@chat/contract';
import { addRoute } from '../../platform/typed-route.js';
import type { AppConfig } from '../../config/app-config.js';
import { NO_OAUTH, type OAuthConfig } from '../../config/oauth-config.js';
import { presentEndpoints, presentModels } from './presenter.js';
import type { StartupConfigPart } from './startup-parts.js';

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
    appleLoginEnabled: oauth.apple !== undefined,
    samlLoginEnabled: oauth.saml !== undefined,
    samlLabel: oauth.saml?.label ?? '',
    samlImageUrl: oauth.saml?.imageUrl ?? '',
    socialLogins: [...oauth.socialLogins],
    serverDomain: oauth.serverOrigin,
  };
}

export function configRoutes(
  app: FastifyInstance,
  deps: { config: AppConfig; parts: () => readonly StartupConfigPart[] },
) {
  const { config, parts } = deps;

  addRoute(app, API_ROUTES.config, async (): Promise<StartupConfig> => ({
    ...parts().reduce<Partial<StartupConfig>>((all, p) => ({ ...all, ...p.part() }), {}),
    appTitle: config.appTitle,
    customFooter: config.customFooter,
    checkBalance: config.checkBalance,
    balanceHelpText: config.checkBalance ? (config.balanceHelpText ?? null) : null,
    registrationEnabled: config.registrationEnabled,
    emailLoginEnabled: config.emailLoginEnabled,
    socialLoginEnabled: config.socialLoginEnabled,
    ...socialLoginFlags(config.oauth ?? NO_OAUTH),
    ...(config.ldap
      ? { ldap: { enabled: true, ...(config.ldap.usesUsername ? { username: true } : {}) } }
      : {}),
    emailEnabled: config.mail !== undefined,
    passwordResetEnabled: config.mail !== undefined || config.allowPasswordReset === true,
    demoEndpoint: config.endpoints.some((e) => e.isDemo),
    subscriptionsEnabled: config.billing?.subscriptionsEnabled === true,
    freeTierEnabled: config.freeTier !== undefined,
    sharedLinksEnabled: config.sharedLinks?.enabled !== false,
    stripePublishableKey: config.billing?.publishableKey ?? null,
    stripeJsUrl: config.billing?.publishableKey ? config.billing.jsUrl : null,
    affiliateScriptUrl: config.affiliate?.scriptUrl ?? null,
    affiliateReferUrl: config.affiliate?.referUrl ?? null,
    contactEmail: config.site?.contactEmail ?? null,
    socialLinks: config.site?.socialLinks ?? [],
    helpAndFaqURL: config.helpAndFaqUrl ?? HELP_AND_FAQ_DEFAULT_URL,
    interface: config.interface ?? DEFAULT_INTERFACE_CONFIG,
    ...(config.modelSpecs ? { modelSpecs: config.modelSpecs } : {}),
  }));

  addRoute(app, API_ROUTES.endpoints, async () =>
    presentEndpoints(config.endpoints, config.premium, config.agents),
  );
  addRoute(app, API_ROUTES.models, async () => presentModels(config.endpoints));

  // LibreChat's client replaces its endpoints and models caches with a non-false answer.
  addRoute(app, API_ROUTES.endpointsConfigOverride, async (): Promise<ConfigOverride> =>
    config.overridesEndpoints
      ? {
          endpointsConfig: presentEndpoints(config.endpoints, config.premium, config.agents),
          modelsConfig: presentModels(config.endpoints),
        }
      : false,
  );

  // Written once, on the first request: the table does not change while the server runs.
  let docs: Record<string, unknown> | undefined;
  addRoute(app, API_ROUTES.docs, async () => {
    docs ??= buildOpenApi(API_ROUTES, { title: `${config.appTitle} API`, version: '1' });
    return docs;
  });
}
