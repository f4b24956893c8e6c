import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BodyOf } from '../../../lib/api-client';
import { api, classroomKeys, e } from '../api';

/** The student's own trusted adults ("I want to talk to …"). */
export function useTrustedAdults(enabled: boolean) {
  return useQuery({ queryKey: classroomKeys.trustedAdults(), queryFn: () => api(e.trustedAdults), enabled });
}

/** The school's mood-meter settings (whether a low mood prompts, and its messages). */
export function useMoodSettings() {
  return useQuery({ queryKey: classroomKeys.moodSettings(), queryFn: () => api(e.moodSettings) });
}

/** Yesterday's and today's check-ins. */
export function useMyMoods() {
  return useQuery({ queryKey: classroomKeys.myMoods(), queryFn: () => api(e.moodMine) });
}

/** A check-in: the user's moods reload; a refusal reloads the settings (the school may have changed its prompt). */
export function useCheckIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof e.moodCheckIn>) => api(e.moodCheckIn, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: classroomKeys.myMoods() }),
    onError: () => queryClient.invalidateQueries({ queryKey: classroomKeys.moodSettings() }),
  });
}
