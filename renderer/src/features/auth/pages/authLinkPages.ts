/**
 * The pages email links open (verification, password reset), loaded together on demand; the login
 * page ships with the console's first load (see app/routes.tsx).
 */
export { EmailVerificationPage } from './EmailVerificationPage.tsx';
export { ResetPasswordPage } from './ResetPasswordPage.tsx';
