import type { FeatureModule } from '../platform/module.js';
import { proxiedFetch } from '../platform/net/upstream-proxy.js';
import { createCredentialsResolver } from './credentials.js';
import { createProviderRegistry, type ProviderRegistry } from './registry.js';
import { userFieldsFrom } from './user-fields.js';

declare module '../platform/module.js' {
  interface Services {
    /** Endpoints, their models, and an adapter per request from resolved credentials. */
    providers: ProviderRegistry;
  }
}

/** The configured endpoints and their adapters (no routes: the ask pipeline and titles use them). */
export const providersModule: FeatureModule = {
  name: 'providers',
  register({ config, db, provide, use }) {
    provide(
      'providers',
      createProviderRegistry(
        () => config.endpoints,
        { idleTimeoutMs: config.upstreamIdleTimeoutMs },
        {
          credentials: createCredentialsResolver(
            use('userKeys'),
            config.userURLPolicy,
            config.proxy ? proxiedFetch(config.proxy) : undefined,
          ),
          userFields: userFieldsFrom(db),
        },
      ),
    );
  },
};
