import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { TOTP } from '@chat/contract';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 Base32 without padding: how authenticator apps take a secret. */
function encodeBase32(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = ((value << 8) | byte) & 0xffff;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

/** The bytes of a Base32 secret (case, spaces and padding ignored); null when it holds another character. */
function decodeBase32(text: string): Buffer | null {
  const clean = text.replace(/[\s=]/g, '').toUpperCase();
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index < 0) return null;
    value = ((value << 5) | index) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** A new secret, Base32. */
export function newTotpSecret(): string {
  return encodeBase32(randomBytes(TOTP.secretBytes));
}

/** The 30-second step a time (ms) falls in. */
function totpStep(timeMs: number): number {
  return Math.floor(timeMs / 1000 / TOTP.periodSeconds);
}

/** RFC 4226 HOTP of the step: HMAC-SHA1, dynamic truncation, six digits. */
function totpAt(key: Uint8Array, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** TOTP.digits).padStart(TOTP.digits, '0');
}

/** The code of a Base32 secret at a time (ms): what the person's app shows then. */
export function totpCode(secret: string, timeMs: number): string {
  const key = decodeBase32(secret);
  if (!key) throw new Error('not a Base32 secret');
  return totpAt(key, totpStep(timeMs));
}

/**
 * The step whose code `code` is, within ±TOTP.windowSteps of `timeMs`, and later than `afterStep`
 * (the newest step accepted before: a code is good once); null when none matches. Every candidate
 * is compared in constant time.
 */
export function matchTotp(
  secret: string,
  code: string,
  timeMs: number,
  afterStep: number | null = null,
): number | null {
  const key = decodeBase32(secret);
  if (!key || !/^\d+$/.test(code) || code.length !== TOTP.digits) return null;
  const now = totpStep(timeMs);
  let found: number | null = null;
  for (let delta = -TOTP.windowSteps; delta <= TOTP.windowSteps; delta++) {
    const step = now + delta;
    const same = timingSafeEqual(Buffer.from(totpAt(key, step)), Buffer.from(code));
    if (same && (afterStep === null || step > afterStep) && found === null) found = step;
  }
  return found;
}
