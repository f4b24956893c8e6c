import { authApi, CLEVER_SIGN_IN_PATH, GOOGLE_SIGN_IN_PATH, type Me } from '@high5/contract';
import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ApiError, api } from '../lib/api-client';
import { followSession } from '../lib/dates';
import { setLanguage } from '../lib/i18n';
import { clearIdleLock } from './shell/idle-lock-state';
import { landingPath, type AppPath } from './paths';

export const meKey = ['me'] as const;
const authConfigKey = ['authConfig'] as const;
/** What a sign-in or sign-out keeps in the cache: the user, and the public sign-in configuration (the same for everyone). */
const kept = (key: readonly unknown[]) => key[0] === meKey[0] || key[0] === authConfigKey[0];

/** The signed-in user, or null when signed out (a 401 from `auth.me`). */
const meQuery = queryOptions({
  queryKey: meKey,
  queryFn: async (): Promise<Me | null> => {
    try {
      return await api(authApi.me);
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return null;
      throw error;
    }
  },
  staleTime: 5 * 60_000,
});

/** "Today" on every screen follows the session's school, whatever sets `me` (sign-in, a school switch, a reload, sign-out). */
export function followSchoolCalendar(queryClient: QueryClient) {
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.query.queryKey[0] === meKey[0]) followSession(event.query.state.data as Me | null | undefined);
  });
}

/** Asks `auth.me` at once, while the first screen's catalogs load, not after them (docs/decisions/0552). */
export const prefetchMe = (queryClient: QueryClient) => queryClient.prefetchQuery(meQuery);

/** The `auth.me` query itself (the root layout waits for it and offers a retry). */
export const useMeQuery = () => useQuery(meQuery);

/** The user as the last `auth.me` (or sign-in) said; null when signed out. */
export function useMe(): Me | null {
  return useMeQuery().data ?? null;
}

/** For screens inside the shell, where a user is always signed in. */
export function useSignedInMe(): Me {
  const me = useMe();
  if (!me) throw new Error('useSignedInMe outside the signed-in shell');
  return me;
}

const CREATE_CLASS_FLAG = 'showCreateClassPopup';

/**
 * Stores the user who just signed in (or finished sign-up, setup or the new-password
 * challenge) and returns where they land (docs/rules/shell.md#routes-and-landing). A teacher sent to
 * their classes gets the one-time create-class prompt flag.
 */
export function startSignedIn(queryClient: QueryClient, me: Me): AppPath {
  // Anything cached belongs to whoever used this tab before.
  queryClient.removeQueries({ predicate: (q) => !kept(q.queryKey) });
  queryClient.setQueryData(meKey, me);
  void setLanguage(me.language);
  return landingAfterSignIn(me);
}

/** The landing screen right after a sign-in; a teacher sent to their classes gets the create-class prompt once. */
export function landingAfterSignIn(me: Me): AppPath {
  const target = landingPath(me);
  if (target === '/teacher-classes') sessionStorage.setItem(CREATE_CLASS_FLAG, 'true');
  return target;
}

const PROVIDER_MARK = 'high5.providerSignIn';

/**
 * The Google and Clever round trips are full page loads that come back to `/` (`returnTo=/`):
 * this mark, set just before leaving, tells `/` that the signed-in user has just signed in.
 */
export function googleSignInHref(intent: 'signin' | 'signup', returnTo = '/') {
  const query = new URLSearchParams({ ...(intent === 'signup' ? { intent } : {}), returnTo });
  return `${GOOGLE_SIGN_IN_PATH}?${query.toString()}`;
}
export const cleverSignInHref = (returnTo = '/') => `${CLEVER_SIGN_IN_PATH}?${new URLSearchParams({ returnTo }).toString()}`;
export const markProviderSignIn = () => sessionStorage.setItem(PROVIDER_MARK, '1');
export function consumeProviderSignIn(): boolean {
  const marked = sessionStorage.getItem(PROVIDER_MARK) === '1';
  sessionStorage.removeItem(PROVIDER_MARK);
  return marked;
}

/** Forgets the user in this tab: the cache (except a null `me` and the public configuration), the idle lock and the one-time flags. */
export function forgetSignedIn(queryClient: QueryClient) {
  queryClient.setQueryData(meKey, null);
  void queryClient.cancelQueries({ predicate: (q) => !kept(q.queryKey) });
  queryClient.removeQueries({ predicate: (q) => !kept(q.queryKey) });
  sessionStorage.removeItem(CREATE_CLASS_FLAG);
  clearIdleLock();
}

/** Ends the session on the server, then forgets it here. The caller navigates to `/`. */
export async function signOut(queryClient: QueryClient) {
  try {
    await api(authApi.signOut, { body: {} });
  } catch {
    // Already signed out (401) or offline: the tab forgets the user either way.
  }
  forgetSignedIn(queryClient);
}

/** Whether Google sign-in is on, and the help links (public). */
const authConfigQuery = queryOptions({
  queryKey: authConfigKey,
  queryFn: () => api(authApi.config),
  staleTime: Infinity,
});
export const useAuthConfig = () => useQuery(authConfigQuery);

/** The session's changes for a screen's handlers, on this page's cache: sign out, forget the user here, or start a signed-in user (see above). */
export function useSession() {
  const queryClient = useQueryClient();
  return {
    signOut: () => signOut(queryClient),
    forget: () => forgetSignedIn(queryClient),
    startSignedIn: (me: Me) => startSignedIn(queryClient, me),
  };
}
