/**
 * The device fingerprint sent with a registration: SHA-256 (Web
 * Crypto) of a canvas drawing, the user agent, the language, the screen size and the timezone
 * offset, as 64 hex digits. Part of the register page's chunk only.
 *
 * The registration payload's `ipAddress` is not sent: the browser cannot know its public address
 * without the external IP-lookup service the product once called, which this app does not call.
 * The server records the address it sees itself.
 */

/** What the hash is made of, in this order, one per line. */
export interface FingerprintParts {
  canvas: string;
  userAgent: string;
  language: string;
  screen: string;
  timezoneOffset: number;
}

/** A fixed drawing: its pixels differ with the GPU, driver, fonts and anti-aliasing of a device. */
function canvasDrawing(): string {
  try {
    const canvas = document.createElement('canvas');
    canvas.width = 240;
    canvas.height = 60;
    const ctx = canvas.getContext('2d');
    if (!ctx) return '';
    ctx.textBaseline = 'top';
    ctx.font = "16px 'Arial'";
    ctx.fillStyle = '#f60';
    ctx.fillRect(100, 1, 62, 20);
    ctx.fillStyle = '#069';
    ctx.fillText('OmniChat fingerprint, \u{1F600}', 2, 15);
    ctx.fillStyle = 'rgba(102, 204, 0, 0.7)';
    ctx.fillText('OmniChat fingerprint, \u{1F600}', 4, 17);
    return canvas.toDataURL();
  } catch {
    // a canvas refused (privacy settings): the other parts still count
    return '';
  }
}

export function fingerprintParts(): FingerprintParts {
  return {
    canvas: canvasDrawing(),
    userAgent: navigator.userAgent,
    language: navigator.language,
    screen: `${screen.width}x${screen.height}`,
    timezoneOffset: new Date().getTimezoneOffset(),
  };
}

export async function hashParts(parts: FingerprintParts): Promise<string> {
  const text = [parts.canvas, parts.userAgent, parts.language, parts.screen, parts.timezoneOffset].join('\n');
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The fingerprint, or undefined where Web Crypto is unavailable (a page served over plain http
 * from another host than localhost is not a secure context): registration goes on without it.
 */
export async function deviceFingerprint(): Promise<string | undefined> {
  if (typeof crypto === 'undefined' || !crypto.subtle) return undefined;
  try {
    return await hashParts(fingerprintParts());
  } catch {
    return undefined;
  }
}
