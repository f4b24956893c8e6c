import type { RosterSource } from './types.js';

/** What a driver gets to reach the district's SIS; credentials are decrypted for this run only. */
export interface SourceConnection {
  districtId: string;
  baseUrl: string | null;
  credentials: Record<string, string>;
}

export type SourceFactory = (connection: SourceConnection) => RosterSource;

const drivers = new Map<string, SourceFactory>();

/** Makes a driver (Aeries, Clever) the source of every district of that kind. */
export function registerRosterDriver(kind: 'aeries' | 'clever', factory: SourceFactory) {
  drivers.set(kind, factory);
}

/** Gives a kind back to its HTTP driver (a test's stand-in ends with its file). */
export function unregisterRosterDriver(kind: 'aeries' | 'clever') {
  drivers.delete(kind);
}

export function rosterDriver(kind: string): SourceFactory | undefined {
  return drivers.get(kind);
}
