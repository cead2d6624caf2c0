import { ORGANIZATION_HEADER } from '@gprhub/contract';
import { ApiRequestError } from '../../api/api-error';

/** Options of `postFormWithProgress`. */
export interface PostFormOptions {
  organization?: string | null;
  /** Bytes sent so far and in all, while the form uploads. */
  onProgress?: (loadedBytes: number, totalBytes: number) => void;
  signal?: AbortSignal;
}

/**
 * POST multipart form data with XMLHttpRequest, which (unlike fetch) reports upload progress; answers the
 * JSON body, or throws `ApiRequestError` with the server's error body.
 */
export function postFormWithProgress<T>(
  path: string,
  form: FormData,
  options: PostFormOptions = {},
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    if (options.organization) xhr.setRequestHeader(ORGANIZATION_HEADER, options.organization);
    xhr.upload.onprogress = (event) => options.onProgress?.(event.loaded, event.total);
    xhr.onload = () => {
      let body: unknown;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        body = xhr.responseText;
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as T);
      else reject(ApiRequestError.fromBody(xhr.status, body));
    };
    xhr.onerror = () => reject(new Error('Upload failed: network error'));
    xhr.onabort = () => reject(new DOMException('Upload aborted', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
