// Generated from the endpoints by api-routes.test.ts (UPDATE_API_ROUTES=1): do not edit by hand.
import type { ApiRoutes } from '../api-route.js';
import type { authEndpoints } from '../auth.js';

export const authApi: ApiRoutes<typeof authEndpoints> = {
  config: { id: 'auth.config', method: 'GET', path: '/auth/config' },
  signIn: { id: 'auth.signIn', method: 'POST', path: '/auth/sign-in' },
  completeNewPassword: { id: 'auth.completeNewPassword', method: 'POST', path: '/auth/new-password' },
  me: { id: 'auth.me', method: 'GET', path: '/auth/me' },
  signOut: { id: 'auth.signOut', method: 'POST', path: '/auth/sign-out' },
  signOutEverywhere: { id: 'auth.signOutEverywhere', method: 'POST', path: '/auth/sign-out-everywhere' },
  changePassword: { id: 'auth.changePassword', method: 'POST', path: '/auth/password' },
  lock: { id: 'auth.lock', method: 'POST', path: '/auth/lock' },
  unlock: { id: 'auth.unlock', method: 'POST', path: '/auth/unlock' },
  forgotPassword: { id: 'auth.forgotPassword', method: 'POST', path: '/auth/forgot-password' },
  resetPassword: { id: 'auth.resetPassword', method: 'POST', path: '/auth/reset-password' },
  resetWithLink: { id: 'auth.resetWithLink', method: 'POST', path: '/auth/reset-link' },
  requestSignInLink: { id: 'auth.requestSignInLink', method: 'POST', path: '/auth/sign-in-link' },
  signInWithLink: { id: 'auth.signInWithLink', method: 'POST', path: '/auth/sign-in-link/use' },
  signUp: { id: 'auth.signUp', method: 'POST', path: '/auth/sign-up' },
  verifyEmail: { id: 'auth.verifyEmail', method: 'POST', path: '/auth/verify-email' },
  districts: { id: 'auth.districts', method: 'GET', path: '/districts' },
  districtSchools: { id: 'auth.districtSchools', method: 'GET', path: '/districts/:districtId/schools' },
  setup: { id: 'auth.setup', method: 'POST', path: '/auth/setup' },
  switchSchool: { id: 'auth.switchSchool', method: 'PUT', path: '/auth/school' },
  setLanguage: { id: 'auth.setLanguage', method: 'PUT', path: '/auth/language' },
  classDevice: { id: 'auth.classDevice', method: 'GET', path: '/auth/class-device' },
  cardSignIn: { id: 'auth.cardSignIn', method: 'POST', path: '/auth/card-sign-in' },
};
