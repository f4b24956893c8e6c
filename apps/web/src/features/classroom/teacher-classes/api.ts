import type { ClassItem } from '@high5/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BodyOf } from '../../../lib/api-client';
import { api, classroomKeys, e } from '../api';

/** The teacher's classes. */
export function useTeacherClasses() {
  return useQuery({ queryKey: classroomKeys.classes(), queryFn: () => api(e.classList) });
}

/** Creates a class; it joins the cached list at once, so the screen can select it before the reload. */
export function useCreateClass() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof e.classCreate>) => api(e.classCreate, { body }),
    onSuccess: (cls) => {
      // Otherwise the screen, selecting the new class, finds no such class and selects the first one
      // (teachers then added students to the wrong class).
      queryClient.setQueryData<ClassItem[]>(classroomKeys.classes(), (old) => [...(old ?? []).filter((c) => c.id !== cls.id), cls]);
      void queryClient.invalidateQueries({ queryKey: classroomKeys.classes() });
    },
  });
}

export function useRenameClass() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ classId, ...body }: BodyOf<typeof e.classRename> & { classId: string }) => api(e.classRename, { params: { classId }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: classroomKeys.classes() }),
  });
}

export function useDeleteClass() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (classId: string) => api(e.classDelete, { params: { classId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: classroomKeys.classes() }),
  });
}

/** Invites students by e-mail (one, or a CSV's rows) into a class; every class list reloads. */
export function useInviteStudents(classId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (students: BodyOf<typeof e.classInvite>['students']) => api(e.classInvite, { params: { classId }, body: { students } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: classroomKeys.all }),
  });
}
