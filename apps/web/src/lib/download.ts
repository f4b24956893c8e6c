import { ApiError, readEnvelope } from './api-client';

/** Saves `blob` as a file named `name` on this device (CSV exports, chart images): the one download helper. */
export function downloadBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Saves a file written by the contract's `toCsv` (which already starts with the byte-order mark). */
export function downloadCsv(text: string, name: string) {
  downloadBlob(new Blob([text], { type: 'text/csv;charset=utf-8' }), name);
}

/** The file name the server gave (ASCII), else `fallback`. */
const fileNameOf = (response: Response, fallback: string) => /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallback;

/** Saves the file a server export answers (a ZIP, a streamed CSV); a refusal arrives as the API's envelope and is thrown as ApiError. */
export async function downloadFrom(url: string, fallbackName: string) {
  let response: Response;
  try {
    response = await fetch(url, { credentials: 'same-origin' });
  } catch {
    throw new ApiError(0, 'NETWORK');
  }
  if (!response.ok) await readEnvelope(response);
  downloadBlob(await response.blob(), fileNameOf(response, fallbackName));
}
