import { expect } from '@playwright/test';
import { MAIL_CONTROL_PORT } from './ports';

interface CaughtMail {
  to: string[];
  subject: string;
  text: string;
  links: string[];
}

/** The mails the catcher received for this address, oldest first. */
async function mailsTo(address: string): Promise<CaughtMail[]> {
  const res = await fetch(
    `http://127.0.0.1:${MAIL_CONTROL_PORT}/__control/mails?to=${encodeURIComponent(address)}`,
  );
  return (await res.json()) as CaughtMail[];
}

/** Waits for the `n`th (1-based) mail to `address` and answers its one link. */
export async function mailedLink(address: string, n: number): Promise<string> {
  await expect
    .poll(async () => (await mailsTo(address)).length, { timeout: 15_000 })
    .toBeGreaterThanOrEqual(n);
  const mail = (await mailsTo(address))[n - 1]!;
  expect(mail.links).toHaveLength(1);
  return mail.links[0]!;
}
