import { recognitionApi, type RecognitionKind } from '@high5/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api, type BodyOf } from '../../lib/api-client';
import { footerCountKey, recognitionKeys } from './query-keys';

/** What the give dialog offers for one recipient: categories, whether a comment is allowed, today's count. */
export function useGiveOptions(kind: RecognitionKind, recipientId: string, language: 'en' | 'es', enabled: boolean) {
  return useQuery({
    queryKey: recognitionKeys.giveOptions(kind, recipientId, language),
    queryFn: () => api(recognitionApi.giveOptions, { query: { kind, recipientId, language } }),
    enabled,
    staleTime: 0,
  });
}

/** Gives a High 5 or a Vibe; every recognition list (and the footer's High 5 total) reloads. */
export function useGive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof recognitionApi.give>) => api(recognitionApi.give, { body }),
    onSuccess: (_result, body) => {
      void queryClient.invalidateQueries({ queryKey: recognitionKeys.all });
      if (body.kind === 'high5') void queryClient.invalidateQueries({ queryKey: footerCountKey });
    },
    // A refused give may be the daily limit: the allowance shown elsewhere reloads.
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'DAILY_LIMIT_REACHED') void queryClient.invalidateQueries({ queryKey: recognitionKeys.allowance() });
    },
  });
}
