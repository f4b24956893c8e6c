import { recognitionApi } from '@high5/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { recognitionKeys } from '../give/query-keys';

/** The teacher's "not yet" list and spread, for all their classes or one; a give reloads it (recognitionKeys.all). */
export const useNotYet = (classId?: string, enabled = true) =>
  useQuery({
    queryKey: [...recognitionKeys.all, 'notYet', classId ?? 'all'] as const,
    queryFn: () => api(recognitionApi.notYet, { query: classId ? { classId } : {} }),
    enabled,
  });
