import type { ApiRoute } from '@high5/contract';
import { ApiError, buildUrl, readEnvelope, type ResponseOf } from './api-client';

/**
 * Sends one file as multipart (in `field`) to an upload endpoint of the contract and returns its
 * ResponseData; failures throw ApiError like every other call.
 */
export async function uploadFile<R extends ApiRoute>(
  endpoint: R,
  input: { params?: Record<string, string>; query?: Record<string, string> },
  field: string,
  file: Blob,
  filename: string,
): Promise<ResponseOf<R>> {
  const form = new FormData();
  form.append(field, file, filename);
  let response: Response;
  try {
    response = await fetch(buildUrl(endpoint, input), { method: endpoint.method, body: form, credentials: 'same-origin' });
  } catch {
    throw new ApiError(0, 'NETWORK');
  }
  return readEnvelope(response);
}
