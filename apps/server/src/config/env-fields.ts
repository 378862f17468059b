import { z } from 'zod';
import { evaluateArithmetic } from './duration.js';

/** The kinds of value the environment's settings take, shared by the config and the features' settings. */

/** A yes/no setting, any letter case (LibreChat's .env.example writes `TRUE`). */
export const bool = (def: boolean) =>
  z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.enum(['true', 'false', '1', '0', 'yes', 'no', '']))
    .optional()
    .transform((v) => (v === undefined || v === '' ? def : ['true', '1', 'yes'].includes(v)));

/** One of `values`, or unset (empty is unset); anything else names the values allowed. */
export const optionalEnum = <const T extends readonly [string, ...string[]]>(values: T) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v === '' ? undefined : v))
    .pipe(z.enum(values).optional());

/** An optional URL that `accepts` (else `message`); empty is unset. */
export const optionalUrl = (accepts: (url: string) => boolean, message: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .pipe(z.string().url().refine(accepts, message).optional());

/** An optional https URL; empty is unset (a third-party address is never plain http). */
export const httpsUrl = () => optionalUrl((v) => v.startsWith('https://'), 'must be an https URL');

/** A comma-separated list; unset or empty is undefined (the default applies). */
export const list = () =>
  z
    .string()
    .optional()
    .transform((v) => {
      const items = (v ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      return items.length ? items : undefined;
    });

/**
 * Milliseconds as LibreChat's .env writes them: a number or arithmetic of numbers
 * (`1000 * 60 * 15`, `(1000 * 60 * 60 * 24) * 7`), whole, within [min, max]. Empty is unset.
 */
export const durationMs = (min = 1, max = Number.MAX_SAFE_INTEGER) =>
  z
    .string()
    .trim()
    .optional()
    .transform((raw, ctx): number | undefined => {
      if (!raw) return undefined;
      const value = evaluateArithmetic(raw);
      if (value === null || !Number.isInteger(value)) {
        ctx.addIssue({
          code: 'custom',
          message: 'must be milliseconds, e.g. 900000 or 1000 * 60 * 15',
        });
        return z.NEVER;
      }
      if (value < min || value > max) {
        ctx.addIssue({ code: 'custom', message: `must be between ${min} and ${max} milliseconds` });
        return z.NEVER;
      }
      return value;
    });
