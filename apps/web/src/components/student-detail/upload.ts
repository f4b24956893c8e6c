import type { Endpoint } from '@high5/contract';
import type { z } from 'zod';
import { ApiError, buildUrl, readEnvelope } from '../../lib/api-client';

/**
 * Sends one photo as multipart (field `photo`) to an upload endpoint of the contract and
 * returns its ResponseData; failures throw ApiError like every other call.
 */
export async function uploadPhoto<E extends Endpoint>(endpoint: E, params: Record<string, string> | undefined, photo: Blob, filename: string): Promise<z.output<E['response']>> {
  const form = new FormData();
  form.append('photo', photo, filename);
  let response: Response;
  try {
    response = await fetch(buildUrl(endpoint, { params }), { method: endpoint.method, body: form, credentials: 'same-origin' });
  } catch {
    throw new ApiError(0, 'NETWORK');
  }
  return readEnvelope(response);
}
