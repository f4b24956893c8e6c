import { useMutation, useQueryClient } from '@tanstack/react-query';
import { alertKeys } from '../../../components/alerts/api';
import { api, classroomKeys, e } from '../api';

/** The teacher has checked in with a student whose mood glows; the class's moods and the shell's alerts reload. */
export function useAcknowledgeMood(classId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (studentId: string) => api(e.moodAcknowledge, { params: { studentId }, body: {} }),
    onSuccess: async () => {
      // It answered the student's open alert too (decision 0460): the shell's alert list shows it.
      void queryClient.invalidateQueries({ queryKey: alertKeys.mine() });
      if (classId) await queryClient.invalidateQueries({ queryKey: classroomKeys.seatingMoods(classId) });
    },
  });
}
