import { profileApi, type ColourInfo } from '@high5/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const avatarKeys = {
  all: ['avatar'] as const,
  mine: ['avatar', 'mine'] as const,
  user: (userId: string) => ['avatar', 'user', userId] as const,
};

// Links are signed for 15 minutes: ask again well before they stop working.
const LINK_STALE_MS = 10 * 60_000;

/** The signed-in user's own saved avatar (when `enabled`). */
export const useMyAvatar = (enabled = true) =>
  useQuery({ queryKey: avatarKeys.mine, queryFn: () => api(profileApi.myAvatar), staleTime: LINK_STALE_MS, enabled });

/**
 * Gathers the avatar requests made in the same moment (a report's list of senders) into
 * one `GET /v1/avatars?userIds=` call of at most 100 ids.
 */
const batcher = (() => {
  let pending = new Map<string, { resolve(url: string | null): void; reject(error: unknown): void }[]>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = async () => {
    timer = undefined;
    const batch = pending;
    pending = new Map();
    const ids = [...batch.keys()];
    for (let i = 0; i < ids.length; i += 100) {
      const chunk = ids.slice(i, i + 100);
      try {
        const rows = await api(profileApi.avatars, { query: { userIds: chunk.join(',') } });
        const byId = new Map(rows.map((r) => [r.userId, r.imageUrl]));
        chunk.forEach((id) => batch.get(id)!.forEach((w) => w.resolve(byId.get(id) ?? null)));
      } catch (error) {
        chunk.forEach((id) => batch.get(id)!.forEach((w) => w.reject(error)));
      }
    }
  };
  return (userId: string) =>
    new Promise<string | null>((resolve, reject) => {
      pending.set(userId, [...(pending.get(userId) ?? []), { resolve, reject }]);
      timer ??= setTimeout(() => void flush(), 10);
    });
})();

/** The avatar image link of a user of the same school, or null (then the placeholder shows); none asked for without `userId`. */
export const useUserAvatar = (userId: string | undefined) =>
  useQuery({ queryKey: avatarKeys.user(userId ?? ''), queryFn: () => batcher(userId!), staleTime: LINK_STALE_MS, enabled: !!userId });

export function useSaveAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { image: string; colourInfo: ColourInfo }) => api(profileApi.saveAvatar, { body: input }),
    onSuccess: (saved) => {
      queryClient.setQueryData(avatarKeys.mine, saved);
      void queryClient.invalidateQueries({ queryKey: ['avatar', 'user'] });
    },
  });
}
