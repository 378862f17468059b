import { z } from 'zod';
import { REFILL_INTERVAL_UNITS, type RefillIntervalUnit } from '@chat/contract';
import { yamlBlock } from '../../config/yaml-block.js';

/**
 * librechat.yaml `balance` (LibreChat's newer form of CHECK_BALANCE / START_BALANCE, with
 * auto-refill). A key the file sets wins over the environment's; one it leaves out keeps the
 * environment's value (docs/configuration.md).
 */
const yamlBalanceSchema = z
  .strictObject({
    enabled: z.boolean().optional(),
    startBalance: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
    autoRefillEnabled: z.boolean().optional(),
    refillIntervalValue: z.number().int().min(1).max(1_000_000).optional(),
    refillIntervalUnit: z.enum(REFILL_INTERVAL_UNITS).optional(),
    refillAmount: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
  })
  .superRefine((b, ctx) => {
    if (b.autoRefillEnabled !== true) return;
    for (const key of ['refillIntervalValue', 'refillIntervalUnit', 'refillAmount'] as const)
      if (b[key] === undefined)
        ctx.addIssue({ code: 'custom', path: [key], message: 'is required when autoRefillEnabled is true' });
  });
export type YamlBalance = z.output<typeof yamlBalanceSchema>;

/** Auto-refill: `amount` credits once every `value` `unit`s, at the next spend the balance cannot cover. */
export interface AutoRefill {
  amount: number;
  intervalValue: number;
  intervalUnit: RefillIntervalUnit;
}

/** What the block gives the app config (AppConfig is made of these parts, config/feature-yaml.ts). */
export interface BalanceAppConfig {
  /** CHECK_BALANCE, or `balance.enabled`: sends are counted against each account's credits. */
  checkBalance: boolean;
  /** START_BALANCE, or `balance.startBalance`: the credits a new account starts with (when checkBalance). */
  startBalance: number;
  /** librechat.yaml `balance` auto-refill; none when off. */
  autoRefill?: AutoRefill | undefined;
}

/** The balance settings: the environment's, with what the file sets over them. */
function balanceSettingsFrom(
  env: { checkBalance: boolean; startBalance: number },
  block: YamlBalance | undefined,
): BalanceAppConfig {
  const checkBalance = block?.enabled ?? env.checkBalance;
  const startBalance = block?.startBalance ?? env.startBalance;
  const refill =
    block?.autoRefillEnabled === true &&
    block.refillAmount !== undefined &&
    block.refillAmount > 0 &&
    block.refillIntervalValue !== undefined &&
    block.refillIntervalUnit !== undefined
      ? {
          amount: block.refillAmount,
          intervalValue: block.refillIntervalValue,
          intervalUnit: block.refillIntervalUnit,
        }
      : undefined;
  return { checkBalance, startBalance, ...(refill ? { autoRefill: refill } : {}) };
}

/** The `balance` block: kept as written; laid over CHECK_BALANCE and START_BALANCE (settings.ts). */
export const balanceYaml = yamlBlock({
  key: 'balance',
  schema: () => yamlBalanceSchema,
  fromFile: (block: YamlBalance | undefined) => block,
  toConfig: (block: YamlBalance | undefined, { env }): BalanceAppConfig =>
    balanceSettingsFrom({ checkBalance: env.CHECK_BALANCE, startBalance: env.START_BALANCE }, block),
});

/** The time one interval after `from` (months by the calendar, as LibreChat adds them). */
export function addRefillInterval(from: Date, value: number, unit: RefillIntervalUnit): Date {
  const d = new Date(from.getTime());
  const seconds = { seconds: 1, minutes: 60, hours: 3_600, days: 86_400, weeks: 604_800 } as const;
  if (unit === 'months') d.setUTCMonth(d.getUTCMonth() + value);
  else d.setTime(d.getTime() + value * seconds[unit] * 1000);
  return d;
}
