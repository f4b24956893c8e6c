import { CLASSROOM_LIMITS, type PresetFlag, type SeatingChart, classroomApi } from '@high5/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { alertKeys } from '../../../components/alerts/api';
import type { BodyOf, ResponseOf } from '../../../lib/api-client';
import { api, classroomKeys } from '../api';
import type { Layout } from './seating-state';

type SeatingData = ResponseOf<typeof classroomApi.seating>;

/** The teacher has checked in with a student whose mood glows; the class's moods and the shell's alerts reload. */
export function useAcknowledgeMood(classId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (studentId: string) => api(classroomApi.moodAcknowledge, { params: { studentId }, body: {} }),
    onSuccess: async () => {
      // It answered the student's open alert too (decision 0460): the shell's alert list shows it.
      void queryClient.invalidateQueries({ queryKey: alertKeys.mine() });
      if (classId) await queryClient.invalidateQueries({ queryKey: classroomKeys.seatingMoods(classId) });
    },
  });
}

/** The classes of the school (the seating chart offers those the teacher teaches). */
export const useClasses = () => useQuery({ queryKey: classroomKeys.classes(), queryFn: () => api(classroomApi.classList) });

/** One class's students, charts and today's moods (as of the load). */
export const useSeating = (classId: string | null) =>
  useQuery({ queryKey: classroomKeys.seating(classId ?? ''), queryFn: () => api(classroomApi.seating, { params: { classId: classId! } }), enabled: !!classId });

/** Today's moods of a class, refreshed every 30 s while the page is visible (a background call: it keeps no session alive). */
export const useSeatingMoods = (classId: string | null, enabled: boolean) =>
  useQuery({
    queryKey: classroomKeys.seatingMoods(classId ?? ''),
    queryFn: () => api(classroomApi.seatingMoods, { params: { classId: classId! }, background: true }),
    enabled: !!classId && enabled,
    refetchInterval: CLASSROOM_LIMITS.moodRefreshMs,
    refetchIntervalInBackground: false,
    staleTime: CLASSROOM_LIMITS.moodRefreshMs,
  });

/**
 * Saves a chart: a new one (`chartId` null: a draft, or "Save as new") or over `chartId`. The class's
 * list holds the saved chart before `saved` runs (the screen selects it there: the loader falls back
 * to a new draft for an id it cannot find); then the list reloads, the save still pending.
 */
export function useSaveChart(classId: string | null, saved: (chart: SeatingChart) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ chartId, name, layout }: { chartId: string | null; name: string; layout: Layout }) => {
      const body = { name, rows: layout.rows, cols: layout.cols, deskDirection: layout.deskDirection, seats: layout.seats };
      return chartId
        ? api(classroomApi.seatingUpdate, { params: { classId: classId!, chartId }, body })
        : api(classroomApi.seatingCreate, { params: { classId: classId! }, body });
    },
    onSuccess: async (chart) => {
      queryClient.setQueryData(classroomKeys.seating(classId!), (old: SeatingData | undefined) => {
        if (!old) return old;
        const others = old.charts.filter((c) => c.id !== chart.id);
        return { ...old, charts: [...others, chart].sort((x, y) => x.name.toLowerCase().localeCompare(y.name.toLowerCase())) };
      });
      saved(chart);
      await queryClient.invalidateQueries({ queryKey: classroomKeys.seating(classId!) });
    },
  });
}

/** Deletes a chart; `deleted` runs first (the screen forgets it), then the list reloads, the delete still pending. */
export function useDeleteChart(classId: string | null, deleted: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (chartId: string) => api(classroomApi.seatingDelete, { params: { classId: classId!, chartId } }),
    onSuccess: async () => {
      deleted();
      await queryClient.invalidateQueries({ queryKey: classroomKeys.seating(classId!) });
    },
  });
}

/** A preset seating of the class (paid schools), in the chart's grid when everyone fits. */
export const useSeatingPreset = (classId: string | null) =>
  useMutation({
    mutationFn: ({ flag, spread, grid }: { flag: PresetFlag; spread: boolean; grid: { rows: number; cols: number } | null }) =>
      api(classroomApi.seatingPreset, { params: { classId: classId! }, query: { flag, spread: spread ? 'true' : 'false', ...(grid ?? {}) } }),
  });

/** Today's attendance of a class, if it was taken. */
export const useAttendanceToday = (classId: string) =>
  useQuery({ queryKey: classroomKeys.attendanceToday(classId), queryFn: () => api(classroomApi.attendanceToday, { params: { classId } }) });

/** Saves today's attendance (the four lists); today's attendance reloads (awaited). */
export function useSaveAttendance(classId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof classroomApi.attendanceSave>) => api(classroomApi.attendanceSave, { params: { classId }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: classroomKeys.attendanceToday(classId) }),
  });
}

/** attendance.csv of a date range (`yyyy-MM-dd_yyyy-MM-dd`). */
export const useAttendanceExport = (classId: string) =>
  useMutation({ mutationFn: (dateRange: string) => api(classroomApi.attendanceExport, { params: { classId }, query: { dateRange } }) });
