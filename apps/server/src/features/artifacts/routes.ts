import type { FastifyInstance } from 'fastify';
import { ARTIFACT_SANDBOX_PATH } from '@chat/contract';
import { SANDBOX_PAGE, SANDBOX_POLICY } from './sandbox-page.js';

/** The preview frame's page: public (it holds nothing), with its own policy in place of the app's. */
export function artifactsRoutes(app: FastifyInstance): void {
  app.get(ARTIFACT_SANDBOX_PATH, { config: { public: true } }, async (_req, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('Content-Security-Policy', SANDBOX_POLICY)
      .header('Cache-Control', 'public, max-age=3600')
      .send(SANDBOX_PAGE),
  );
}
