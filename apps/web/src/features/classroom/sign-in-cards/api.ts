import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BodyOf } from '../../../lib/api-client';
import { api, e } from '../api';

const devicesKey = (classId: string) => ['classroom', 'classes', classId, 'devices'] as const;

/** The devices the class is open on for card sign-in. */
export function useClassDevices(classId: string) {
  return useQuery({ queryKey: devicesKey(classId), queryFn: () => api(e.classDeviceSessions, { params: { classId } }) });
}

export function useOpenClassDevice(classId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof e.classDeviceOpen>) => api(e.classDeviceOpen, { params: { classId }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: devicesKey(classId) }),
  });
}

export function useCloseClassDevice(classId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deviceSessionId: string) => api(e.classDeviceClose, { params: { classId, deviceSessionId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: devicesKey(classId) }),
  });
}

/** Issues new cards (voiding the previous ones) for the class or some of its students. */
export function useIssueCards(classId: string) {
  return useMutation({ mutationFn: (body: BodyOf<typeof e.classSignInCards>) => api(e.classSignInCards, { params: { classId }, body }) });
}
