import { adminApi, superEditApi, type AddDistrict, type AddSchool, type DeleteSchool, type UpdateDistrict, type UpdateSchool } from '@high5/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminKeys } from '../api';

/** Districts and schools are listed together (a school's district, a district's school count): a change refreshes both. */
function useRefreshSchools() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: adminKeys.districts });
    void queryClient.invalidateQueries({ queryKey: adminKeys.superSchools });
  };
}

export function useAddDistrict() {
  const refresh = useRefreshSchools();
  return useMutation({ mutationFn: (body: AddDistrict) => api(adminApi.addDistrict, { body }), onSuccess: refresh });
}

export function useAddSchool() {
  const refresh = useRefreshSchools();
  return useMutation({ mutationFn: (body: AddSchool) => api(adminApi.addSchool, { body }), onSuccess: refresh });
}

export function useUpdateDistrict(districtId: string) {
  const refresh = useRefreshSchools();
  return useMutation({ mutationFn: (body: UpdateDistrict) => api(superEditApi.updateDistrict, { params: { districtId }, body }), onSuccess: refresh });
}

export function useDeleteDistrict(districtId: string) {
  const refresh = useRefreshSchools();
  return useMutation({ mutationFn: () => api(superEditApi.deleteDistrict, { params: { districtId }, body: {} }), onSuccess: refresh });
}

export function useUpdateSchool(schoolId: string) {
  const refresh = useRefreshSchools();
  return useMutation({ mutationFn: (body: UpdateSchool) => api(superEditApi.updateSchool, { params: { schoolId }, body }), onSuccess: refresh });
}

/** Deletes a school (a backup first when asked): the lists and the backups change. */
export function useDeleteSchool() {
  const refresh = useRefreshSchools();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ schoolId, body }: { schoolId: string; body: DeleteSchool }) => api(adminApi.deleteSchool, { params: { schoolId }, body }),
    onSuccess: () => {
      refresh();
      void queryClient.invalidateQueries({ queryKey: ['admin', 'backups'] });
    },
  });
}
