import { profileApi, type StudentFlags } from '@high5/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { uploadPhoto } from './upload';

const e = profileApi;

export const studentDetailKeys = {
  all: ['studentDetails'] as const,
  details: (studentId: string) => ['studentDetails', studentId] as const,
  attendance: (studentId: string, range: string) => ['studentDetails', studentId, 'attendance', range] as const,
  moods: (studentId: string, range: string) => ['studentDetails', studentId, 'moods', range] as const,
  notes: (studentId: string) => ['studentDetails', studentId, 'notes'] as const,
};

/** A student's details (always fresh), once the dialog is open. */
export const useStudentDetails = (studentId: string, enabled: boolean) =>
  useQuery({ queryKey: studentDetailKeys.details(studentId), queryFn: () => api(e.studentDetails, { params: { studentId } }), staleTime: 0, enabled });

/** Reloads a student's details (a give changed their totals). */
export function useRefreshStudentDetails(studentId: string) {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: studentDetailKeys.details(studentId), exact: true });
}

export function useStudentAttendance(studentId: string, range: string) {
  return useQuery({
    queryKey: studentDetailKeys.attendance(studentId, range),
    queryFn: () => api(e.studentAttendance, { params: { studentId }, query: { range } }),
    placeholderData: keepPreviousData,
  });
}

export function useStudentMoods(studentId: string, range: string) {
  return useQuery({
    queryKey: studentDetailKeys.moods(studentId, range),
    queryFn: () => api(e.studentMoods, { params: { studentId }, query: { range } }),
    placeholderData: keepPreviousData,
  });
}

export function useStudentNotes(studentId: string, enabled: boolean) {
  return useQuery({ queryKey: studentDetailKeys.notes(studentId), queryFn: () => api(e.studentNotes, { params: { studentId } }), enabled });
}

/** Saves one switch at once, then reloads the details (docs/rules/recognition.md#student-detail). */
export function useSaveStudentFlags(studentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (flags: Partial<StudentFlags>) => api(e.updateStudentFlags, { params: { studentId }, body: flags }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: studentDetailKeys.details(studentId), exact: true }),
  });
}

export function useAddStudentNote(studentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => api(e.addStudentNote, { params: { studentId }, body: { body } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: studentDetailKeys.notes(studentId) }),
  });
}

export function useUploadStudentPhoto(studentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ photo, filename }: { photo: Blob; filename: string }) => uploadPhoto(e.uploadStudentPhoto, { studentId }, photo, filename),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: studentDetailKeys.details(studentId), exact: true }),
  });
}
