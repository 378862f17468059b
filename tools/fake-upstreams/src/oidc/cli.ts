#!/usr/bin/env -S npx tsx
/**
 * A local OpenID Provider for e2e runs (provider.ts): --port, one client (--client-id,
 * --client-secret, --redirect-uri). `POST /__control/account` chooses who the next login is.
 * SIGINT / SIGTERM close it.
 */
import { parseArgs } from 'node:util';
import { startFakeOidc } from './provider.js';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '0' },
    host: { type: 'string', default: '127.0.0.1' },
    'client-id': { type: 'string', default: 'e2e-client' },
    'client-secret': { type: 'string', default: 'e2e-client-secret' },
    'redirect-uri': { type: 'string', multiple: true, default: [] },
  },
});
const oidc = await startFakeOidc({
  port: Number(values.port),
  host: values.host,
  clients: [
    {
      client_id: values['client-id'],
      client_secret: values['client-secret'],
      redirect_uris: values['redirect-uri'],
    },
  ],
});
console.log(`fake OpenID provider: ${oidc.issuer}`);

const shutdown = (): void => {
  oidc.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);
