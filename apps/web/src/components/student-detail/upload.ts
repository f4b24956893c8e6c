import type { Endpoint } from '@high5/contract';
import type { z } from 'zod';
import { uploadFile } from '../../lib/upload';

/** Sends one photo (field `photo`) to a photo upload endpoint of the contract. */
export function uploadPhoto<E extends Endpoint>(endpoint: E, params: Record<string, string> | undefined, photo: Blob, filename: string): Promise<z.output<E['response']>> {
  return uploadFile(endpoint, params ? { params } : {}, 'photo', photo, filename);
}
