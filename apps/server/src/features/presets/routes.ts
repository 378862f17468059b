import type { FastifyInstance } from 'fastify';
import { API_ROUTES } from '@chat/contract';
import { addRoute } from '../../platform/typed-route.js';
import type { PresetsService } from './service.js';

/** Saved setups: GET /api/presets, POST /api/presets, POST /api/presets/delete. */
export function presetsRoutes(app: FastifyInstance, presets: PresetsService): void {
  addRoute(app, API_ROUTES.presets, async ({ user }) => presets.list(user.id));
  addRoute(app, API_ROUTES.savePreset, async ({ user, body }) => presets.save(user.id, body));
  addRoute(app, API_ROUTES.deletePresets, async ({ user, body }) => presets.delete(user.id, body.presetId));
}
