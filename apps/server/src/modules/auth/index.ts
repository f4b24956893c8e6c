import type { FastifyInstance } from 'fastify';
import { registerClassCardRoutes } from './class-card/routes.js';
import { registerCleverRoutes } from './clever/routes.js';
import { registerGoogleRoutes } from './google/routes.js';
import { registerPasswordResetRoutes } from './password-reset/routes.js';
import { AuthLimits } from './rate-limits.js';
import { registerSessionRoutes } from './session/routes.js';
import { registerSignInLinkRoutes } from './sign-in-link/routes.js';
import { registerSignUpRoutes } from './sign-up/routes.js';

/** Registers every route of the auth area. */
export function registerAuthRoutes(app: FastifyInstance) {
  app.decorate('authLimits', new AuthLimits(app.services.rateLimits));
  registerSessionRoutes(app);
  registerPasswordResetRoutes(app);
  registerSignInLinkRoutes(app);
  registerSignUpRoutes(app);
  registerGoogleRoutes(app);
  registerCleverRoutes(app);
  registerClassCardRoutes(app);
}

/** One-time password links, for the classroom's student reset (docs/decisions/0162). */
export { issuePasswordLink, PASSWORD_LINK_HOURS } from './password-reset/service.js';
