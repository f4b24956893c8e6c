import type { Endpoint } from '@high5/contract';
import type { z } from 'zod';
import { ApiError, buildUrl, readEnvelope } from './api-client';

/**
 * Sends one file as multipart (in `field`) to an upload endpoint of the contract and returns its
 * ResponseData; failures throw ApiError like every other call.
 */
export async function uploadFile<E extends Endpoint>(endpoint: E, input: { params?: Record<string, string>; query?: Record<string, string> }, field: string, file: Blob, filename: string): Promise<z.output<E['response']>> {
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
