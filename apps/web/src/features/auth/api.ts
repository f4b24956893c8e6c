import { authApi } from '@high5/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/** All districts, for the sign-up and setup pickers (public). */
export const usePublicDistricts = () => useQuery({ queryKey: ['auth', 'districts'], queryFn: () => api(authApi.districts), staleTime: 5 * 60_000 });

export function useDistrictSchools(districtId: string | null) {
  return useQuery({
    queryKey: ['auth', 'districtSchools', districtId],
    queryFn: () => api(authApi.districtSchools, { params: { districtId: districtId! } }),
    enabled: !!districtId,
    staleTime: 5 * 60_000,
  });
}

/** Seconds to wait, from a SIGNIN_THROTTLED or RATE_LIMITED answer. */
export function retryAfterSeconds(data: unknown): number | null {
  if (data && typeof data === 'object' && 'retryAfterSeconds' in data && typeof data.retryAfterSeconds === 'number') return data.retryAfterSeconds;
  return null;
}
