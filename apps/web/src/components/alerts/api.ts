import { ALERT_LIMITS, alertApi as e, type AlertFormAction } from '@high5/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/** Query keys of alerts: under 'classroom' so a sign-out or a school switch drops them with the area's. */
export const alertKeys = {
  mine: () => ['classroom', 'alerts', 'mine'] as const,
  detail: (id: string) => ['classroom', 'alerts', id] as const,
  student: (studentId: string) => ['classroom', 'alerts', 'student', studentId] as const,
};

/** The alerts that reached the caller; the badge asks again every 30 s. */
export function useMyAlerts(enabled: boolean) {
  return useQuery({ queryKey: alertKeys.mine(), queryFn: () => api(e.alertsMine), enabled, refetchInterval: ALERT_LIMITS.badgeRefreshMs });
}

export function useAlert(id: string | null) {
  return useQuery({ queryKey: alertKeys.detail(id ?? ''), queryFn: () => api(e.alertDetail, { params: { alertId: id! } }), enabled: !!id });
}

export function useStudentAlerts(studentId: string, enabled: boolean) {
  return useQuery({ queryKey: alertKeys.student(studentId), queryFn: () => api(e.alertsOfStudent, { params: { studentId } }), enabled, retry: false });
}

export function useAlertAction(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { action: AlertFormAction; note: string; close: boolean }) => api(e.alertAct, { params: { alertId: id }, body }),
    onSuccess: (detail) => {
      queryClient.setQueryData(alertKeys.detail(id), detail);
      void queryClient.invalidateQueries({ queryKey: ['classroom', 'alerts'] });
    },
  });
}

/** Corrects one of the caller's trail entries (decision 0521). */
export function useAlertCorrection(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { actionId: string; body: { action: AlertFormAction; note: string } }) =>
      api(e.alertCorrect, { params: { alertId: id, actionId: input.actionId }, body: input.body }),
    onSuccess: (detail) => {
      queryClient.setQueryData(alertKeys.detail(id), detail);
      void queryClient.invalidateQueries({ queryKey: ['classroom', 'alerts'] });
    },
  });
}

/** Reopens a closed alert (decision 0521). */
export function useAlertReopen(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { note: string }) => api(e.alertReopen, { params: { alertId: id }, body }),
    onSuccess: (detail) => {
      queryClient.setQueryData(alertKeys.detail(id), detail);
      void queryClient.invalidateQueries({ queryKey: ['classroom', 'alerts'] });
    },
  });
}

const consentKey = ['classroom', 'alerts', 'consents'] as const;

/** A parent's mood meter permission for each child (decision 0422). */
export const useMoodConsents = () => useQuery({ queryKey: consentKey, queryFn: () => api(e.moodConsents) });

/** Gives or refuses it for one child; the list reloads (awaited). */
export function useSetMoodConsent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { studentId: string; status: 'given' | 'refused' }) =>
      api(e.moodConsentSet, { params: { studentId: input.studentId }, body: { status: input.status } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: consentKey }),
  });
}
