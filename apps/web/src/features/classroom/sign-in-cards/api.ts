import { classroomApi } from '@high5/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BodyOf } from '../../../lib/api-client';
import { api } from '../api';

const devicesKey = (classId: string) => ['classroom', 'classes', classId, 'devices'] as const;

/** The devices the class is open on for card sign-in. */
export function useClassDevices(classId: string) {
  return useQuery({ queryKey: devicesKey(classId), queryFn: () => api(classroomApi.classDeviceSessions, { params: { classId } }) });
}

export function useOpenClassDevice(classId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof classroomApi.classDeviceOpen>) => api(classroomApi.classDeviceOpen, { params: { classId }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: devicesKey(classId) }),
  });
}

export function useCloseClassDevice(classId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deviceSessionId: string) => api(classroomApi.classDeviceClose, { params: { classId, deviceSessionId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: devicesKey(classId) }),
  });
}

/** Issues new cards (voiding the previous ones) for the class or some of its students. */
export function useIssueCards(classId: string) {
  return useMutation({ mutationFn: (body: BodyOf<typeof classroomApi.classSignInCards>) => api(classroomApi.classSignInCards, { params: { classId }, body }) });
}
