import { profileApi } from '@high5/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api, ApiError, buildUrl, readEnvelope } from '../../lib/api-client';
import { downloadBlob } from '../../lib/download';

/** Whether the caller may download the student's year, which years, and whether the journal may be added. */
export function useYearExportOptions(studentId: string) {
  return useQuery({ queryKey: ['recognition', 'yearExport', studentId], queryFn: () => api(profileApi.yearExportOptions, { params: { studentId } }), enabled: !!studentId });
}

/** The file name the server gave the ZIP (ASCII), or a plain one. */
const fileNameOf = (response: Response, fallback: string) => /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallback;

/** Downloads the year's ZIP; a refusal (a limit, a rule) arrives as the API's envelope and is thrown as ApiError. */
export function useDownloadYear() {
  return useMutation({
    mutationFn: async (input: { studentId: string; startYear: number; journal: boolean }) => {
      const url = buildUrl(profileApi.yearExport, { params: { studentId: input.studentId, startYear: input.startYear }, query: { journal: String(input.journal) } });
      let response: Response;
      try {
        response = await fetch(url, { credentials: 'same-origin' });
      } catch {
        throw new ApiError(0, 'NETWORK');
      }
      if (!response.ok) await readEnvelope(response);
      downloadBlob(await response.blob(), fileNameOf(response, `high5-${input.startYear}.zip`));
    },
  });
}
