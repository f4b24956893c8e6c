import { classroomApi, type RosterQuery, type StudentFilter } from '@high5/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { studentFilterParams } from '../../../components/student-filter/student-filter-fields';
import type { TableState } from '../../../components/ui/data-table';
import { api, classroomKeys } from '../api';

/** The student list's page for the table's search, order, page and filters (the server does all four; flags are admins', docs/decisions/0601). */
export function useRoster(table: TableState, filter: StudentFilter) {
  const query = {
    q: table.q,
    sort: table.sort as RosterQuery['sort'],
    dir: table.dir,
    page: table.page,
    pageSize: table.pageSize,
    ...studentFilterParams(filter),
  };
  return useQuery({ queryKey: classroomKeys.roster(query), queryFn: () => api(classroomApi.roster, { query }), placeholderData: keepPreviousData });
}

export function useResetStudentPassword() {
  return useMutation({
    mutationFn: (student: { id: string; name: string }) => api(classroomApi.rosterResetPassword, { params: { studentId: student.id }, body: {} }),
  });
}

/** Invites rostered students who never registered (paid schools); the list then shows who is left. */
export function useInviteStudents() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) => api(classroomApi.rosterInvite, { body: { studentIds: ids } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: classroomKeys.roster() }),
  });
}

/** School admins: sends a class's unregistered teachers and students their first sign-in (decision 0554). */
export function useInviteClass() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (classId: string) => api(classroomApi.rosterClassInvite, { params: { classId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: classroomKeys.roster() }),
  });
}
