import type { Locator, Page } from 'playwright-core';
import { ConsolePage } from './ConsolePage.ts';

/** /login: the Email and Google tabs, sign-in and sign-up forms, and the follow-up screens. */
export class LoginPage extends ConsolePage {
  constructor(page: Page, baseUrl: string) {
    super(page, baseUrl);
  }

  async open(): Promise<void> {
    await this.goto('/login');
    await this.emailInput().waitFor();
  }

  emailTab(): Locator {
    return this.page.getByRole('tab').nth(0);
  }

  googleTab(): Locator {
    return this.page.getByRole('tab').nth(1);
  }

  nameInput(): Locator {
    return this.page.locator('#login-name');
  }

  emailInput(): Locator {
    return this.page.locator('#login-email');
  }

  passwordInput(): Locator {
    return this.page.locator('#login-password');
  }

  submitButton(): Locator {
    return this.page.locator('form button[type="submit"]');
  }

  switchModeButton(): Locator {
    return this.page.locator('form .login-switch');
  }

  /** The message under a field (Blueprint's helper text), shown once the field was left. */
  fieldMessage(field: 'name' | 'email' | 'password'): Locator {
    return this.page.locator(`#login-${field}-error`);
  }

  /** Leaves the field the user is typing in (as Tab would). */
  async leaveField(field: 'name' | 'email' | 'password'): Promise<void> {
    await this.page.locator(`#login-${field}`).blur();
  }

  /**
   * Two clicks on submit before the page can repaint in between (a fast double click on a busy
   * machine): both reach the form before React has disabled the button.
   */
  async doubleClickSubmitBeforeRepaint(): Promise<void> {
    await this.submitButton().evaluate((button: HTMLButtonElement) => {
      button.click();
      button.click();
    });
  }

  errorMessage(): Locator {
    return this.page.locator('.login-error');
  }

  async switchToSignUp(): Promise<void> {
    await this.switchModeButton().click();
    await this.nameInput().waitFor();
  }

  async fillSignIn(email: string, password: string): Promise<void> {
    await this.emailInput().fill(email);
    await this.passwordInput().fill(password);
  }

  async fillSignUp(name: string, email: string, password: string): Promise<void> {
    await this.nameInput().fill(name);
    await this.fillSignIn(email, password);
  }

  async submit(): Promise<void> {
    await this.submitButton().click();
  }

  /** Submits the sign-in form and waits until Auth has answered it. */
  async submitSignIn(): Promise<void> {
    const answered = this.page.waitForResponse((r) => r.url().includes('/auth/v1/token'));
    await this.submit();
    await answered;
  }

  async openGoogleTab(): Promise<void> {
    await this.googleTab().click();
  }

  googleButton(name: string): Locator {
    return this.page.getByRole('button', { name });
  }

  link(name: string): Locator {
    return this.page.getByRole('link', { name });
  }
}

/** The sign-in form's account recovery: "Forgot password?", resend verification, the signed-out notice. */
export class AccountRecovery {
  constructor(private readonly page: Page) {}

  forgotPasswordButton(label: string): Locator {
    return this.page.getByRole('button', { name: label });
  }

  forgotEmailInput(): Locator {
    return this.page.locator('#forgot-email');
  }

  resendButton(label: string): Locator {
    return this.page.getByTestId('resend-verification').getByRole('button', { name: label });
  }

  resendEmailInput(): Locator {
    return this.page.locator('#resend-email');
  }

  resendResult(): Locator {
    return this.page.getByTestId('resend-verification').locator('[role=status], [role=alert]');
  }

  signedOutNotice(): Locator {
    return this.page.getByTestId('signed-out-notice');
  }

  /** /reset-password, opened from the email's link. */
  newPasswordInput(): Locator {
    return this.page.locator('#reset-password');
  }

  resetEmail(): Locator {
    return this.page.getByTestId('reset-email');
  }
}
