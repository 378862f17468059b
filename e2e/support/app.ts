import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { NO_PARENT } from '@chat/contract';

export interface Account {
  name: string;
  email: string;
  password: string;
}

export function newAccount(): Account {
  const id = randomUUID().slice(0, 8);
  return { name: `Tester ${id}`, email: `e2e-${id}@example.com`, password: 'e2e-password-123' };
}

/** Signs up through the register page and lands on /c/new. */
export async function signUp(page: Page, account: Account = newAccount()): Promise<Account> {
  await page.goto('/register');
  await page.getByTestId('register-name').fill(account.name);
  await page.getByTestId('register-email').fill(account.email);
  await page.getByTestId('register-password').fill(account.password);
  await page.getByTestId('register-confirm-password').fill(account.password);
  await page.getByTestId('register-submit').click();
  await expect(page).toHaveURL(/\/c\/new$/);
  return account;
}

/** Registers a new account through the API (no page involved); its access token for API calls. */
export async function registerByApi(
  request: APIRequestContext,
): Promise<{ account: Account; token: string }> {
  const account = newAccount();
  const reg = await request.post('/api/auth/register', {
    data: { ...account, confirm_password: account.password },
  });
  expect(reg.status()).toBe(200);
  const { token } = (await reg.json()) as { token: string };
  return { account, token };
}

/** Logs in through the login page and lands on /c/new. */
export async function logIn(page: Page, account: Account): Promise<void> {
  await page.goto('/login');
  await page.getByTestId('login-email').fill(account.email);
  await page.getByTestId('login-password').fill(account.password);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/c\/new$/);
}

/** The chat screen, as a person sees it. */
export class ChatPage {
  readonly input: Locator;
  constructor(readonly page: Page) {
    this.input = page.getByTestId('chat-input');
  }

  messages(role?: 'user' | 'assistant'): Locator {
    const all = this.page.getByTestId('message');
    return role ? all.and(this.page.locator(`[data-role="${role}"]`)) : all;
  }

  lastAssistant(): Locator {
    return this.messages('assistant').last();
  }

  /**
   * Picks `model` of `endpoint` in the endpoint menu (an endpoint opens onto its models); `label`
   * is what the picker shows when the model is relabelled.
   */
  async pickModel(endpoint: string, model: string, label = model): Promise<void> {
    const picker = this.page.getByTestId('endpoint-picker');
    await picker.click();
    const group = this.page.getByTestId(`endpoint-group-${endpoint}`);
    const header = this.page.getByTestId(`endpoint-item-${endpoint}`);
    if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click();
    await group.getByTestId(`model-item-${model}`).click();
    await expect(picker).toContainText(label);
  }

  async send(text: string): Promise<void> {
    await this.input.fill(text);
    // Enter sends only once the chat may send (its endpoint and model loaded, a key checked), as
    // the send button shows: right after a navigation an early Enter is ignored, the text kept.
    await expect(this.page.getByTestId('send-button')).toBeEnabled();
    await this.input.press('Enter');
  }

  /**
   * Clicks the bottom button once it offers `kind`. On wide screens it holds the latest
   * reply's Continue or Regenerate (the reply does not repeat it); on small screens it is hidden.
   */
  async clickBottom(kind: 'stop' | 'continue' | 'regenerate'): Promise<void> {
    const button = this.page.getByTestId('bottom-action');
    await expect(button).toHaveAttribute('data-kind', kind);
    await button.click();
  }

  async waitForReplyDone(): Promise<void> {
    await expect(this.page.getByTestId('stop-button')).toHaveCount(0, { timeout: 30_000 });
    await expect(this.page.getByTestId('send-button')).toBeVisible();
  }
}

/**
 * A new conversation through the real ask API (the fake upstream answers at once), on openAI's
 * gpt-4o-mini: the answer ends with its final event, whose conversation id is returned.
 */
export async function askByApi(request: APIRequestContext, token: string, text: string): Promise<string> {
  const res = await request.post('/api/ask/openAI', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      text,
      conversationId: null,
      parentMessageId: NO_PARENT,
      endpoint: 'openAI',
      model: 'gpt-4o-mini',
    },
  });
  expect(res.status()).toBe(200);
  const finalLine = (await res.text()).split('\n').find((l) => l.includes('"final":true'));
  expect(finalLine, 'the answer ends with its final event').toBeDefined();
  const final = JSON.parse(finalLine!.slice('data: '.length)) as { conversation: { conversationId: string } };
  return final.conversation.conversationId;
}
