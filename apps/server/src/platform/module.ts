import type { FastifyInstance } from 'fastify';
import type { SiteTranslator } from '@chat/contract';
import type { AppConfig } from '../config/app-config.js';
import type { Db } from '../db/client.js';
import type { AppEvents } from './events.js';
import type { Lifecycle } from './lifecycle.js';
import type { RedisLink } from './redis/link.js';

/**
 * What one feature offers the others, by name (a repository, a service). Each feature adds its
 * entries by declaration merging in its `index.ts`:
 * `declare module '../../platform/module.js' { interface Services { convos: ConvosRepo } }`.
 * @public (extended by declaration merging, which no import shows)
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface Services {}

/**
 * Extension points: lists that any feature adds items to and the feature owning the point reads
 * (the ask pipeline's gates, attachments and configurers). Declared like Services.
 * @public (extended by declaration merging, which no import shows)
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface ExtensionPoints {}

export interface ModuleContext {
  app: FastifyInstance;
  db: Db;
  config: AppConfig;
  lifecycle: Lifecycle;
  events: AppEvents;
  /** The app's clock (ms since the epoch): Date.now, or a test's own to move time on. */
  clock: () => number;
  /**
   * REDIS_URL's connection: what several instances share (limits, bans, session ends, abort,
   * resumable streams). Absent in one process without Redis: each feature keeps it in memory.
   */
  redis?: RedisLink | undefined;
  /**
   * The web build's dictionaries (those of the public pages it renders), for a page a feature
   * writes whole. Absent without a built web client: such a page is then in English.
   */
  siteTexts?: SiteTranslator | undefined;
  /** Offers a service to the modules registered after this one (and to request-time lookups). */
  provide<K extends keyof Services>(key: K, service: Services[K]): void;
  /** A service another module provided; throws at start-up when no module did. */
  use<K extends keyof Services>(key: K): Services[K];
  /** Adds an item to an extension point. Only while modules register. */
  extend<K extends keyof ExtensionPoints>(point: K, item: ExtensionPoints[K]): void;
  /**
   * The items of an extension point, in module order. The list is complete once every module
   * has registered: read it when a request runs, not while registering.
   */
  extensions<K extends keyof ExtensionPoints>(point: K): readonly ExtensionPoints[K][];
}

/** A feature: its routes, the services it offers, the extension points it fills. */
export interface FeatureModule {
  name: string;
  register(ctx: ModuleContext): void | Promise<void>;
}

/** Registers the modules in order: a module may use what the modules before it provided. */
export async function registerModules(
  base: Pick<ModuleContext, 'app' | 'db' | 'config' | 'lifecycle' | 'events' | 'redis' | 'siteTexts'> & {
    clock?: () => number;
  },
  modules: readonly FeatureModule[],
): Promise<Pick<ModuleContext, 'extensions'>> {
  const services = new Map<PropertyKey, unknown>();
  const points = new Map<PropertyKey, unknown[]>();
  let sealed = false;
  let current = '';

  const ctx: ModuleContext = {
    ...base,
    clock: base.clock ?? Date.now,
    provide(key, service) {
      if (services.has(key)) throw new Error(`module ${current}: service ${String(key)} is provided twice`);
      services.set(key, service);
    },
    use(key) {
      if (!services.has(key)) {
        throw new Error(
          `module ${current}: no module provides ${String(key)} (list its module first in app.ts)`,
        );
      }
      return services.get(key) as Services[typeof key];
    },
    extend(point, item) {
      if (sealed) throw new Error(`extension ${String(point)} added after start-up`);
      const list = points.get(point) ?? [];
      list.push(item);
      points.set(point, list);
    },
    extensions(point) {
      let list = points.get(point);
      if (!list) points.set(point, (list = []));
      return list as ExtensionPoints[typeof point][];
    },
  };

  const names = new Set<string>();
  for (const m of modules) {
    if (names.has(m.name)) throw new Error(`module ${m.name} is listed twice`);
    names.add(m.name);
    current = m.name;
    await m.register(ctx);
  }
  sealed = true;
  return { extensions: ctx.extensions };
}
