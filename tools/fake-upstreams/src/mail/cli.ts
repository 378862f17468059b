#!/usr/bin/env -S npx tsx
/**
 * A mail catcher for e2e runs: SMTP on --smtp-port, the received mails as JSON on
 * http://HOST:--http-port/__control/mails?to=ADDRESS. SIGINT / SIGTERM close it.
 */
import { parseArgs } from 'node:util';
import { serveMailControl, startMailCatcher } from './catcher.js';

const { values } = parseArgs({
  options: {
    'smtp-port': { type: 'string', default: '0' },
    'http-port': { type: 'string', default: '0' },
    host: { type: 'string', default: '127.0.0.1' },
  },
});
const catcher = await startMailCatcher({ host: values.host, port: Number(values['smtp-port']) });
const http = await serveMailControl(catcher, Number(values['http-port']), values.host);
console.log(`mail catcher: smtp ${values.host}:${catcher.port}, mails on http port ${values['http-port']}`);

const shutdown = (): void => {
  http.close();
  catcher.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);
