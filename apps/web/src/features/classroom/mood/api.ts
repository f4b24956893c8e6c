import { classroomApi } from '@high5/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BodyOf } from '../../../lib/api-client';
import { api, classroomKeys } from '../api';

/** The student's own trusted adults ("I want to talk to …"). */
export function useTrustedAdults(enabled: boolean) {
  return useQuery({ queryKey: classroomKeys.trustedAdults(), queryFn: () => api(classroomApi.trustedAdults), enabled });
}

/** The school's mood-meter settings (whether a low mood prompts, and its messages). */
export function useMoodSettings() {
  return useQuery({ queryKey: classroomKeys.moodSettings(), queryFn: () => api(classroomApi.moodSettings) });
}

/** Yesterday's and today's check-ins. */
export function useMyMoods() {
  return useQuery({ queryKey: classroomKeys.myMoods(), queryFn: () => api(classroomApi.moodMine) });
}

/** A check-in: the user's moods reload; a refusal reloads the settings (the school may have changed its prompt). */
export function useCheckIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof classroomApi.moodCheckIn>) => api(classroomApi.moodCheckIn, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: classroomKeys.myMoods() }),
    onError: () => queryClient.invalidateQueries({ queryKey: classroomKeys.moodSettings() }),
  });
}
