import { profileApi } from '@high5/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api, buildUrl } from '../../lib/api-client';
import { downloadFrom } from '../../lib/download';

/** Whether the caller may download the student's year, which years, and whether the journal may be added. */
export function useYearExportOptions(studentId: string) {
  return useQuery({
    queryKey: ['recognition', 'yearExport', studentId],
    queryFn: () => api(profileApi.yearExportOptions, { params: { studentId } }),
    enabled: !!studentId,
  });
}

/** Downloads the year's ZIP; a refusal (a limit, a rule) is thrown as ApiError. */
export function useDownloadYear() {
  return useMutation({
    mutationFn: (input: { studentId: string; startYear: number; journal: boolean }) =>
      downloadFrom(
        buildUrl(profileApi.yearExport, { params: { studentId: input.studentId, startYear: input.startYear }, query: { journal: String(input.journal) } }),
        `high5-${input.startYear}.zip`,
      ),
  });
}
