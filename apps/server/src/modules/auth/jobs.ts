import type { Services } from '../../services/index.js';
import { RESET_JOB, sendResetCode } from './password-reset/service.js';
import { sendSignInLink, SIGN_IN_LINK_JOB } from './sign-in-link/service.js';
import { processSignUp, SIGN_UP_JOB } from './sign-up/service.js';

/** The auth area's background work: each sends or does what a request queued, after its answer (docs/decisions/0611). */
export function registerAuthJobs(services: Services) {
  services.jobs.register(SIGN_UP_JOB, (payload) => processSignUp(services, String(payload.id)));
  services.jobs.register(RESET_JOB, (payload) => sendResetCode(services, String(payload.email)));
  services.jobs.register(SIGN_IN_LINK_JOB, (payload) => sendSignInLink(services, String(payload.login)));
}
