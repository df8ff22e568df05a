/** The Deploy page and the Google sign-in callback it starts, loaded together on demand (app/routes.tsx). */
export { GoogleCallbackPage } from '../GoogleCallbackPage.tsx';
export { DeployPage } from './DeployPage.tsx';
