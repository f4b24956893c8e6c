import { classroomApi, type ClassItem } from '@high5/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BodyOf } from '../../../lib/api-client';
import { api, classroomKeys } from '../api';

/** The teacher's classes. */
export function useTeacherClasses() {
  return useQuery({ queryKey: classroomKeys.classes(), queryFn: () => api(classroomApi.classList) });
}

/** Creates a class; it joins the cached list at once, so the screen can select it before the reload. */
export function useCreateClass() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof classroomApi.classCreate>) => api(classroomApi.classCreate, { body }),
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
    mutationFn: ({ classId, ...body }: BodyOf<typeof classroomApi.classRename> & { classId: string }) =>
      api(classroomApi.classRename, { params: { classId }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: classroomKeys.classes() }),
  });
}

export function useDeleteClass() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (classId: string) => api(classroomApi.classDelete, { params: { classId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: classroomKeys.classes() }),
  });
}

/** Invites students by e-mail (one, or a CSV's rows) into a class; every class list reloads. */
export function useInviteStudents(classId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (students: BodyOf<typeof classroomApi.classInvite>['students']) => api(classroomApi.classInvite, { params: { classId }, body: { students } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: classroomKeys.all }),
  });
}

/** A change to who is in a class changes its counts, its lists and the other views: every classroom list reloads (awaited, so the view shows the new lists). */
function useRefreshClassroom() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: classroomKeys.all });
}

/** The students of a class ("Students" view). */
export const useClassStudents = (classId: string) =>
  useQuery({ queryKey: classroomKeys.classStudents(classId), queryFn: () => api(classroomApi.classStudents, { params: { classId } }) });

export function useRemoveStudent(classId: string) {
  const refresh = useRefreshClassroom();
  return useMutation({ mutationFn: (studentId: string) => api(classroomApi.classRemoveStudent, { params: { classId, studentId } }), onSuccess: refresh });
}

/** The teachers of a class, owner first ("Teachers" view). */
export const useClassTeachers = (classId: string) =>
  useQuery({ queryKey: classroomKeys.teachers(classId), queryFn: () => api(classroomApi.classTeachers, { params: { classId } }) });

export function useRemoveTeacher(classId: string) {
  const refresh = useRefreshClassroom();
  return useMutation({ mutationFn: (teacherId: string) => api(classroomApi.classRemoveTeacher, { params: { classId, teacherId } }), onSuccess: refresh });
}

/** Students of the school who may join the class, found by `search` (blank: the first ones). */
export const useStudentCandidates = (classId: string, search: string) =>
  useQuery({
    queryKey: classroomKeys.candidates(classId, search),
    queryFn: () => api(classroomApi.classStudentCandidates, { params: { classId }, query: search ? { search } : {} }),
  });

export function useEnrolStudents(classId: string) {
  const refresh = useRefreshClassroom();
  return useMutation({ mutationFn: (studentIds: string[]) => api(classroomApi.classEnrol, { params: { classId }, body: { studentIds } }), onSuccess: refresh });
}

/** Teachers of the school who may be added to the class, found by `search`. */
export const useTeacherCandidates = (classId: string, search: string) =>
  useQuery({
    queryKey: classroomKeys.teacherCandidates(classId, search),
    queryFn: () => api(classroomApi.classTeacherCandidates, { params: { classId }, query: search ? { search } : {} }),
  });

export function useAddTeacher(classId: string) {
  const refresh = useRefreshClassroom();
  return useMutation({
    mutationFn: (teacher: { id: string; name: string }) => api(classroomApi.classAddTeacher, { params: { classId }, body: { teacherId: teacher.id } }),
    onSuccess: refresh,
  });
}

/** Students who asked to join the class ("Approve" view). */
export const useClassRequests = (classId: string) =>
  useQuery({ queryKey: classroomKeys.requests(classId), queryFn: () => api(classroomApi.classRequests, { params: { classId } }) });

/** Accepts (`enroll`) or declines the picked requests. */
export function useDecideRequests(classId: string) {
  const refresh = useRefreshClassroom();
  return useMutation({
    mutationFn: (decision: { studentIds: string[]; enroll: boolean }) => api(classroomApi.classDecideRequests, { params: { classId }, body: decision }),
    onSuccess: refresh,
  });
}
