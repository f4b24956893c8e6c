import { useMemo } from 'react';
import { useClasses, useSeating, useSeatingMoods } from './api';

/** The classes of the school, and those the teacher teaches (the only ones with charts). */
export function useTaughtClasses() {
  const classes = useClasses();
  const mine = useMemo(() => (classes.data ?? []).filter((c) => c.policies.canTeach), [classes.data]);
  return { loaded: !!classes.data, mine, fetching: classes.isFetching };
}

/**
 * One class's students, charts and today's moods (the moods refreshed every 30 s while the page
 * is visible); `data` is undefined until the class asked for has loaded.
 */
export function useSeatingData(classId: string | null) {
  const seating = useSeating(classId);
  const moodsQuery = useSeatingMoods(classId, !!seating.data);
  const data = seating.data && seating.data.classId === classId ? seating.data : undefined;
  const students = useMemo(() => data?.students ?? [], [data]);
  const charts = useMemo(() => data?.charts ?? [], [data]);
  const moods = useMemo(() => moodsQuery.data ?? data?.moods ?? [], [moodsQuery.data, data]);
  const moodById = useMemo(() => new Map(moods.map((m) => [m.studentId, m])), [moods]);
  const byId = useMemo(() => new Map(students.map((s) => [s.id, s])), [students]);
  return { data, students, charts, moods, moodById, byId, fetching: seating.isFetching, error: seating.isError ? seating.error : null };
}
