import type { Locator, Page } from 'playwright-core';
import { numbersEn } from '../../../renderer/src/features/phoneNumbers/locales/en.ts';

/** The /twilio-numbers area and the Buy a Number dialog, as an owner sees them (English). */
export class PhoneNumbersPage {
  constructor(
    readonly page: Page,
    readonly baseUrl: string,
  ) {}

  async gotoActive(): Promise<void> {
    await this.page.goto(new URL('/twilio-numbers/active', this.baseUrl).toString());
    await this.page.getByRole('heading', { name: numbersEn.active.title, exact: true }).waitFor();
  }

  emptyText(): Locator {
    return this.page.getByText(numbersEn.active.empty, { exact: true });
  }

  buyButton(): Locator {
    return this.page.getByRole('button', { name: numbersEn.active.buy, exact: true });
  }

  blockedReason(): Locator {
    return this.page.getByTestId('numbers-blocked');
  }

  /** The row of a number in Active Numbers (E.164 as stored). */
  row(phoneNumber: string): Locator {
    return this.page.locator('tr', { has: this.page.locator(`[data-number="${phoneNumber}"]`) });
  }

  agentSelect(phoneNumber: string): Locator {
    return this.page.getByRole('combobox', { name: numbersEn.active.agentFor.replace('{{number}}', phoneNumber) });
  }

  async release(phoneNumber: string): Promise<void> {
    await this.row(phoneNumber).getByRole('button', { name: numbersEn.active.release }).click();
    await this.page.getByRole('alertdialog').getByRole('button', { name: numbersEn.active.release }).click();
  }

  toast(text: string): Locator {
    return this.page.locator('.bp6-toast').getByText(text, { exact: true });
  }
}

/** 'Buy a Number' wherever it opens (numbers area, Deploy, admin). */
export class BuyNumberDialogModel {
  constructor(readonly page: Page) {}

  dialog(): Locator {
    return this.page.getByRole('dialog', { name: numbersEn.buy.title });
  }

  async chooseCountry(code: string): Promise<void> {
    await this.dialog().getByTestId(`country-${code}`).click();
  }

  async searchAreaCode(areaCode: string): Promise<void> {
    await this.dialog().getByRole('textbox', { name: numbersEn.buy.areaCode }).fill(areaCode);
    await this.dialog().getByRole('button', { name: numbersEn.buy.search }).click();
  }

  results(): Locator {
    return this.dialog().getByTestId('available-number');
  }

  result(phoneNumber: string): Locator {
    return this.dialog().locator(`[data-testid="available-number"][data-number="${phoneNumber}"]`);
  }

  async buy(phoneNumber: string): Promise<void> {
    await this.result(phoneNumber).getByRole('button', { name: numbersEn.buy.action }).click();
  }
}
