import { recognitionApi } from '@high5/contract';
import { useQuery } from '@tanstack/react-query';
import { recognitionKeys } from '../../../components/give/query-keys';
import { api } from '../../../lib/api-client';

/** Everything the dashboard shows, in one request (spec 001). */
export const useDashboard = () => useQuery({ queryKey: recognitionKeys.dashboard(), queryFn: () => api(recognitionApi.dashboard) });
