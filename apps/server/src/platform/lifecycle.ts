import type { FastifyInstance } from 'fastify';
import type { RouteDef } from '@chat/contract';
import { UNAVAILABLE_TEXTS } from '@chat/contract';
import { sendUnavailable } from './errors.js';

/** Work that outlives the request that started it (a reply, a title) and must end before exit. */
export interface Drainable {
  /** Resolves once none of this work is left. */
  settled(): Promise<void>;
  /** Past the drain deadline: stop what is still running (it saves what it has). */
  stop(): void;
}

/**
 * The process's life as the features see it: a graceful shutdown (SIGTERM) refuses new requests,
 * lets the running work of every registered `Drainable` finish for up to a deadline, then stops
 * what is left and waits for it to be saved.
 */
export function createLifecycle() {
  const drainables: Drainable[] = [];
  const allowed = new Set<string>();
  let draining = false;

  const settled = async (): Promise<void> => {
    await Promise.all(drainables.map((d) => d.settled()));
  };

  return {
    /** True once shutdown() began: new requests are refused (503 service_unavailable). */
    get draining(): boolean {
      return draining;
    },

    addDrainable(d: Drainable): void {
      drainables.push(d);
    },

    /**
     * A route that may still be called while draining (stopping a running reply only helps; the
     * probes outside /api say themselves that the instance is draining).
     */
    allowWhileDraining(route: Pick<RouteDef, 'method'> & { path: string }): void {
      allowed.add(`${route.method} ${route.path}`);
    },

    /** Resolves once no drainable has work left (tests, and the end of a shutdown). */
    drain: settled,

    /**
     * Refuses new work, lets the running work finish for up to `timeoutMs`, then stops the rest
     * and waits (at most 5 s more: stopping is one save each) for it. True when everything
     * finished by itself.
     */
    async shutdown(timeoutMs: number): Promise<boolean> {
      draining = true;
      if (await within(settled(), timeoutMs)) return true;
      for (const d of drainables) d.stop();
      // Saving a stopped reply is one update; don't let a stuck database keep the process alive.
      await within(settled(), 5000);
      return false;
    },

    /**
     * While draining, every new request is answered 503 `service_unavailable` with `Retry-After`
     * before anything runs (auth, body parsing, saving), and `Connection: close` so keep-alive
     * clients reconnect to the next instance; only the routes allowed while draining still run
     * (the probes: /ready answers 503 so balancers move traffic, /health 200). Not
     * `server_shutdown`: that is a running reply cut by the shutdown, whose message was saved;
     * a refused request saved nothing.
     */
    register(app: FastifyInstance): void {
      app.addHook('onRequest', async (request, reply) => {
        if (!draining) return;
        if (allowed.has(`${request.method} ${request.routeOptions.url ?? ''}`)) return;
        return sendUnavailable(reply, UNAVAILABLE_TEXTS.draining, true);
      });
    },
  };
}
export type Lifecycle = ReturnType<typeof createLifecycle>;

/** Whether `task` settles within `ms`. */
export async function within(task: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  try {
    return await Promise.race([task.then(() => true as const), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
