import { languageFrom } from '@high5/i18n';
import * as oidc from 'openid-client';
import type { Config } from '../../../config.js';
import type { Db } from '../../../db/database.js';
import type { Services } from '../../../services/index.js';
import { findUserByEmail, findUserByGoogleSub, linkGoogle } from '../account/queries.js';
import { createAccount } from '../../../lib/accounts.js';
import { isLocalHttpUrl, signState, type ProviderState } from '../provider/state.js';

type Google = NonNullable<Config['google']>;

/** The state of one Google sign-in between the two redirects (see provider/state.ts). */
export interface GoogleState extends ProviderState {
  nonce: string;
  verifier: string;
  intent: 'signin' | 'signup';
}

export const STATE_COOKIE = 'high5_google';
export const STATE_PURPOSE = 'google';

const configurations = new WeakMap<Google, Promise<oidc.Configuration>>();

/** The provider's configuration from discovery, fetched once (and again after a failure). */
export function providerConfiguration(google: Google): Promise<oidc.Configuration> {
  let found = configurations.get(google);
  if (!found) {
    found = oidc.discovery(
      new URL(google.issuer),
      google.clientId,
      google.clientSecret,
      undefined,
      isLocalHttpUrl(google.issuer) ? { execute: [oidc.allowInsecureRequests] } : undefined,
    );
    found.catch(() => configurations.delete(google));
    configurations.set(google, found);
  }
  return found;
}

export const redirectUri = (config: Config) => `${config.publicUrl.replace(/\/$/, '')}/v1/auth/google/callback`;

/** Where the provider should send the browser, and the state to remember. */
export async function startGoogleSignIn(services: Services, google: Google, intent: GoogleState['intent'], returnTo: string) {
  const configuration = await providerConfiguration(google);
  const verifier = oidc.randomPKCECodeVerifier();
  const state: GoogleState = { state: oidc.randomState(), nonce: oidc.randomNonce(), verifier, intent, returnTo, at: services.clock.now().getTime() };
  const url = oidc.buildAuthorizationUrl(configuration, {
    redirect_uri: redirectUri(services.config),
    scope: 'openid email profile',
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state: state.state,
    nonce: state.nonce,
  });
  return { url, cookie: signState(services.secret, STATE_PURPOSE, state) };
}

export interface GoogleClaims {
  sub: string;
  email: string | null;
  emailVerified: boolean;
  firstName: string;
  lastName: string;
  language: 'en' | 'es';
}

/** Validates the provider's answer (state, PKCE, nonce, ID token) and returns who signed in. */
export async function finishGoogleSignIn(services: Services, google: Google, query: string, state: GoogleState): Promise<GoogleClaims> {
  const configuration = await providerConfiguration(google);
  const currentUrl = new URL(`${redirectUri(services.config)}${query}`);
  const tokens = await oidc.authorizationCodeGrant(configuration, currentUrl, {
    pkceCodeVerifier: state.verifier,
    expectedState: state.state,
    expectedNonce: state.nonce,
    idTokenExpected: true,
  });
  const claims = tokens.claims();
  if (!claims?.sub) throw new Error('no subject in the ID token');
  const text = (v: unknown, max: number) => (typeof v === 'string' ? v.trim().slice(0, max) : '');
  const email = text(claims.email, 254).toLowerCase();
  return {
    sub: claims.sub,
    email: email.includes('@') && email.length >= 3 ? email : null,
    emailVerified: claims.email_verified === true || claims.email_verified === 'true',
    firstName: text(claims.given_name, 60),
    lastName: text(claims.family_name, 60),
    language: languageFrom(typeof claims.locale === 'string' ? claims.locale : null),
  };
}

/**
 * The account a Google identity signs into: the one linked to it; else the account with the
 * same verified e-mail (which gets linked); else a new account with no school yet.
 * Returns null when the e-mail's account is already linked to another Google identity.
 */
export async function accountForGoogle(db: Db, claims: GoogleClaims, now: Date): Promise<string | null> {
  const linked = await findUserByGoogleSub(db, claims.sub);
  if (linked) return linked.id;
  if (claims.email && claims.emailVerified) {
    const owner = await findUserByEmail(db, claims.email);
    if (owner) {
      if (owner.googleSub) return null;
      // A password set by someone who never proved the address, or a temporary one, ends here:
      // Google just proved who owns this mailbox.
      await linkGoogle(db, owner.id, claims.sub, {
        verifiedAt: owner.emailVerifiedAt ?? now,
        dropPassword: !owner.emailVerifiedAt || owner.mustChangePassword,
      });
      return owner.id;
    }
  }
  const id = await createAccount(
    db,
    {
      email: claims.emailVerified ? claims.email : null,
      username: null,
      password: null,
      googleSub: claims.sub,
      firstName: claims.firstName,
      lastName: claims.lastName,
      language: claims.language,
      emailVerifiedAt: claims.emailVerified && claims.email ? now : null,
    },
    now,
  );
  return id ?? null;
}
