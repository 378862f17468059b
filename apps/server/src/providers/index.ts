import type { FeatureModule } from '../platform/module.js';
import { createCredentialsResolver } from './credentials.js';
import { createProviderRegistry, type ProviderRegistry } from './registry.js';

declare module '../platform/module.js' {
  interface Services {
    /** Endpoints, their models, and an adapter per request from resolved credentials. */
    providers: ProviderRegistry;
  }
}

/** The configured endpoints and their adapters (no routes: the ask pipeline and titles use them). */
export const providersModule: FeatureModule = {
  name: 'providers',
  register({ config, provide, use }) {
    provide(
      'providers',
      createProviderRegistry(
        () => config.endpoints,
        { idleTimeoutMs: config.upstreamIdleTimeoutMs },
        { credentials: createCredentialsResolver(use('userKeys'), config.userURLPolicy) },
      ),
    );
  },
};
