import type { ApiRoute } from '@high5/contract';
import type { ResponseOf } from '../../lib/api-client';
import { uploadFile } from '../../lib/upload';

/** Sends one photo (field `photo`) to a photo upload endpoint of the contract. */
export function uploadPhoto<R extends ApiRoute>(
  endpoint: R,
  params: Record<string, string> | undefined,
  photo: Blob,
  filename: string,
): Promise<ResponseOf<R>> {
  return uploadFile(endpoint, params ? { params } : {}, 'photo', photo, filename);
}
