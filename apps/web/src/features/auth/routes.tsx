import type { AreaRoute } from '../../app/area-route';
import { paths } from '../../app/paths';

/** The auth area's screens inside the signed-in shell. */
export const authRoutes: AreaRoute[] = [];

/** Sign-up and forgot password, for signed-out visitors only (app/router.tsx's PublicOnlyRoute). */
export const signedOutRoutes: AreaRoute[] = [
  { path: paths.signUp, load: () => import('./sign-up/sign-up-screen'), namespaces: [] },
  { path: paths.forgotPassword, load: () => import('./forgot-password/forgot-password-screen'), namespaces: [] },
];

/** Pages anyone reaches, signed in or not: the e-mail links' targets and the legal pages. */
export const openRoutes: AreaRoute[] = [
  { path: paths.verifyEmail, load: () => import('./verify-email/verify-email-screen'), namespaces: [] },
  { path: paths.resetLink, load: () => import('./reset-link/reset-link-screen'), namespaces: [] },
  { path: paths.signInLink, load: () => import('./sign-in-link/sign-in-link-screen'), namespaces: [] },
  { path: paths.cardSignIn, load: () => import('./card-sign-in/card-sign-in-screen'), namespaces: [] },
  { path: paths.terms, load: () => import('./legal/terms-screen'), namespaces: [] },
  { path: paths.help, load: () => import('./legal/help-screen'), namespaces: [] },
  { path: paths.privacy, load: () => import('./legal/privacy-screen'), namespaces: [] },
];

/** `/user-information`: a signed-in user without a role yet (app/router.tsx's SetupRoute). */
export const setupRoutes: AreaRoute[] = [{ path: paths.userInformation, load: () => import('./setup/setup-screen'), namespaces: [] }];
