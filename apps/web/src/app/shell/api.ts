import { authApi, LIMITS, systemApi, type Me } from '@high5/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { footerCountKey } from '../../components/give/query-keys';
import { api, type BodyOf } from '../../lib/api-client';
import { setLanguage } from '../../lib/i18n';
import { meKey } from '../session';

/**
 * The idle lock as this page holds it (decision 0160): `me.locked`, and forgetting every answer but
 * `me` when it locks (journals, moods, names must not stay behind the lock); `refreshMe` asks the server.
 */
export function useLockCache() {
  const queryClient = useQueryClient();
  return useMemo(() => {
    const others = (q: { queryKey: readonly unknown[] }) => q.queryKey[0] !== meKey[0];
    return {
      setLocked: (locked: boolean) => queryClient.setQueryData<Me | null>(meKey, (current) => (current ? { ...current, locked } : current)),
      forgetAnswers: () => {
        void queryClient.cancelQueries({ predicate: others });
        queryClient.removeQueries({ predicate: others });
      },
      refreshMe: () => void queryClient.invalidateQueries({ queryKey: meKey }),
    };
  }, [queryClient]);
}

/** Locks the session on the server: until the password lifts it, every other call answers 423, in every tab. */
export const useLockSession = () => useMutation({ mutationFn: () => api(authApi.lock, { body: {} }) });

/** Lifts the lock with the account's password. */
export const useUnlockSession = () => useMutation({ mutationFn: (body: BodyOf<typeof authApi.unlock>) => api(authApi.unlock, { body }) });

/** Saves the interface language for the account; the page switches at once (the user's cached `me` too). */
export function useSaveLanguage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (language: Me['language']) => api(authApi.setLanguage, { body: { language } }),
    onMutate: (language) => {
      void setLanguage(language);
      queryClient.setQueryData<Me | null>(meKey, (old) => (old ? { ...old, language } : old));
    },
  });
}

/** Switches the session to another of the user's schools; everything cached belonged to the other school and reloads. */
export function useSwitchSchool() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (schoolId: string) => api(authApi.switchSchool, { body: { schoolId } }),
    onSuccess: async (next) => {
      queryClient.setQueryData(meKey, next);
      await queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== meKey[0] });
    },
  });
}

/** The footer's total of High 5s given, refreshed every LIMITS.footerRefreshMs (a background call: it never keeps a session alive). */
export const useHigh5Count = () =>
  useQuery({ queryKey: footerCountKey, queryFn: () => api(systemApi.high5Count, { background: true }), refetchInterval: LIMITS.footerRefreshMs });
