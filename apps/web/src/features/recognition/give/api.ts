import { recognitionApi, type RecipientRole } from '@high5/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { recognitionKeys } from '../../../components/give/query-keys';
import { api } from '../../../lib/api-client';

/** A page of the people the caller may give to in `role`, found by `q` (the server's order). */
export const useRecipients = (role: RecipientRole, q: string, offset: number, limit: number) =>
  useQuery({
    queryKey: recognitionKeys.recipients(role, q, offset, limit),
    queryFn: () => api(recognitionApi.recipients, { query: { role, ...(q ? { q } : {}), offset, limit } }),
    placeholderData: keepPreviousData,
  });

/** How many High 5s and Vibes the caller may still give today. */
export const useAllowance = () => useQuery({ queryKey: recognitionKeys.allowance(), queryFn: () => api(recognitionApi.allowance) });
