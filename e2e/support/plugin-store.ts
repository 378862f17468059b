import { expect, type Locator, type Page } from '@playwright/test';

/** The header's plugins select and the plugin store it opens (gptPlugins), as a person uses them. */
export class PluginStore {
  readonly select: Locator;
  readonly dialog: Locator;
  constructor(readonly page: Page) {
    this.select = page.getByTestId('plugins-select');
    this.dialog = page.getByRole('dialog', { name: 'Plugin store' });
  }

  async openSelect(): Promise<void> {
    if ((await this.select.getAttribute('open')) === null) await this.select.locator('summary').click();
  }

  async closeSelect(): Promise<void> {
    if ((await this.select.getAttribute('open')) !== null) await this.select.locator('summary').click();
  }

  async open(): Promise<void> {
    await this.openSelect();
    await this.select.getByRole('button', { name: 'Plugin store' }).click();
    await expect(this.dialog).toBeVisible();
  }

  item(pluginKey: string): Locator {
    return this.dialog.getByTestId(`plugin-store-item-${pluginKey}`);
  }

  /** Installs a plugin that needs no credentials from the person, and closes the store. */
  async install(pluginKey: string): Promise<void> {
    await this.open();
    await this.dialog.getByTestId(`plugin-install-${pluginKey}`).click();
    await expect(this.dialog.getByTestId(`plugin-uninstall-${pluginKey}`)).toBeVisible();
    await this.page.keyboard.press('Escape');
    await expect(this.dialog).toBeHidden();
  }

  /** Checks an installed plugin in the select for the next ask. */
  async choose(pluginKey: string): Promise<void> {
    await this.openSelect();
    await this.select.getByTestId(`plugin-option-${pluginKey}`).check();
    await this.closeSelect();
  }
}
