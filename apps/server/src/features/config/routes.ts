import type { FastifyInstance } from 'fastify';
import {
  API_ROUTES,
  API_ROUTE_LIST,
  buildOpenApi,
  ENDPOINT_DISPLAY_ORDER,
  type EndpointsConfig,
  type ModelsConfig,
  type StartupConfig,
} from '@chat/contract';
import { addRoute } from '../../platform/typed-route.js';
import type { AppConfig } from '../../config/app-config.js';

export function configRoutes(app: FastifyInstance, deps: { config: AppConfig }) {
  const { config } = deps;

  addRoute(app, API_ROUTES.config, async (): Promise<StartupConfig> => ({
    appTitle: config.appTitle,
    customFooter: config.customFooter,
    checkBalance: config.checkBalance,
    registrationEnabled: config.registrationEnabled,
    emailLoginEnabled: config.emailLoginEnabled,
    socialLoginEnabled: config.socialLoginEnabled,
    demoEndpoint: config.endpoints.some((e) => e.isDemo),
  }));

  addRoute(app, API_ROUTES.endpoints, async (): Promise<EndpointsConfig> => {
    const result: EndpointsConfig = {};
    config.endpoints.forEach((e, i) => {
      const builtIn = ENDPOINT_DISPLAY_ORDER.indexOf(e.name as (typeof ENDPOINT_DISPLAY_ORDER)[number]);
      result[e.name] = {
        order: builtIn >= 0 ? builtIn : ENDPOINT_DISPLAY_ORDER.length + i,
        type: e.type,
        userProvide: e.userProvide,
        ...(e.label ? { modelDisplayLabel: e.label } : {}),
        ...(e.isDemo ? { isDemo: true } : {}),
      };
    });
    return result;
  });

  addRoute(app, API_ROUTES.models, async (): Promise<ModelsConfig> => {
    const result: ModelsConfig = {};
    for (const e of config.endpoints) result[e.name] = e.models;
    return result;
  });

  // Written once, on the first request: the table does not change while the server runs.
  let docs: Record<string, unknown> | undefined;
  addRoute(app, API_ROUTES.docs, async () => {
    docs ??= buildOpenApi(API_ROUTE_LIST, { title: `${config.appTitle} API`, version: '1' });
    return docs;
  });
}
