import { AeriesSource, type AeriesOptions } from './aeries.js';
import { CleverSource, type CleverOptions } from './clever.js';
import { RosterSourceError, type RosterSource } from './types.js';

export * from './types.js';
export type { AeriesOptions, CleverOptions };

/**
 * The driver for a district's SIS, from what admin/districts stores: the kind, the base URL and
 * the decrypted credentials (aeries `{certificate}`, clever `{clientKey, clientSecret}`).
 * `requestTimeoutMs` bounds each request (default 30 s).
 */
export function rosterSourceFor(
  kind: 'aeries' | 'clever',
  baseUrl: string,
  credentials: Record<string, string>,
  options: AeriesOptions & CleverOptions = {},
): RosterSource {
  if (kind === 'aeries') {
    if (!credentials.certificate) throw new RosterSourceError('roster_auth_failed', 'no Aeries certificate stored');
    return new AeriesSource(baseUrl, { certificate: credentials.certificate }, options);
  }
  if (!credentials.clientKey || !credentials.clientSecret) throw new RosterSourceError('roster_auth_failed', 'no Clever client key and secret stored');
  return new CleverSource(baseUrl, { clientKey: credentials.clientKey, clientSecret: credentials.clientSecret }, options);
}
