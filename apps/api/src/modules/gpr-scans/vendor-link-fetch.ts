/**
 * Download the zip behind a vendor share link: https only, only on the configured vendor host (every redirect
 * hop is followed by hand and checked again), a size cap while streaming and one time limit for the whole
 * download. See docs/decisions/0007-vendor-link-import.md.
 */
import { request as httpsRequest } from 'node:https';
import type { IncomingMessage } from 'node:http';
import { rootCertificates } from 'node:tls';
import { ErrorCode } from '@gprhub/contract';
import { HttpError } from '../../lib/errors.js';
import type { UploadedFile } from './read-uploads.js';

/** How the download is allowed to happen. */
export interface VendorFetchOptions {
  /** The only host (`name` or `name:port`, lower case) any hop may use. */
  host: string;
  /** Extra trusted certificate authorities (PEM), added to the system's; absent: the system's only. */
  extraCaPem?: string;
  /** Time limit of the whole download, redirects included (ms). */
  timeoutMs: number;
  /** Largest body accepted (bytes). */
  maxBytes: number;
  /** Most redirects followed. */
  maxRedirects?: number;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const DEFAULT_MAX_REDIRECTS = 5;

const failed = (message: string) => new HttpError(502, ErrorCode.VendorLinkFailed, message);

/** Where a URL points, for messages: host and path, never the query (it may carry a key). */
const describeUrl = (url: URL) => `${url.host}${url.pathname}`;

/** The URL if it may be fetched: https on the vendor host; throws the refusal otherwise. */
export function checkVendorAddress(address: string | URL, host: string, what: string): URL {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw failed(`${what} is not a valid URL`);
  }
  if (url.protocol !== 'https:')
    throw failed(`${what} must use https, not ${url.protocol.replace(':', '')} (${describeUrl(url)})`);
  if (url.host.toLowerCase() !== host)
    throw failed(`${what} points to ${url.host}, not to the vendor host ${host} (GPR_VENDOR_HOST)`);
  return url;
}

/** The file name the server gives (Content-Disposition), else the last path segment. */
function fileNameFrom(response: IncomingMessage, url: URL): string {
  const disposition = response.headers['content-disposition'] ?? '';
  const star = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(disposition);
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(disposition);
  let name: string;
  try {
    name = star ? decodeURIComponent(star[1]!.trim()) : (plain?.[1]?.trim() ?? '');
  } catch {
    name = plain?.[1]?.trim() ?? '';
  }
  if (!name) name = decodeURIComponent(url.pathname.split('/').pop() ?? '');
  name = name.split(/[\\/]/).pop()!.trim();
  if (!name) return 'vendor-export.zip';
  return /\.zip$/i.test(name) ? name : `${name}.zip`;
}

function get(url: URL, options: VendorFetchOptions, signal: AbortSignal): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const req = httpsRequest(url, {
      method: 'GET',
      headers: { accept: 'application/zip, application/octet-stream;q=0.9, */*;q=0.1' },
      signal,
      // Extra authorities are added to the system's for this request only; TLS checks stay on.
      ...(options.extraCaPem ? { ca: [...rootCertificates, options.extraCaPem] } : {}),
    });
    req.on('response', resolve);
    req.on('error', reject);
    req.end();
  });
}

/** Read the body, refusing it as soon as it passes `maxBytes`. */
async function readBody(response: IncomingMessage, url: URL, maxBytes: number): Promise<Uint8Array> {
  const tooLarge = () =>
    new HttpError(
      413,
      ErrorCode.PayloadTooLarge,
      `The download at ${describeUrl(url)} is larger than the import limit of ${maxBytes} bytes (GPR_IMPORT_MAX_BYTES)`,
    );
  const declared = Number(response.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    response.destroy();
    throw tooLarge();
  }
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of response as AsyncIterable<Buffer>) {
    total += chunk.length;
    if (total > maxBytes) {
      response.destroy();
      throw tooLarge();
    }
    chunks.push(chunk);
  }
  const all = Buffer.concat(chunks, total);
  return new Uint8Array(all.buffer, all.byteOffset, all.byteLength);
}

/** Turn a network failure into a message a user can act on. */
function networkFailure(error: unknown, url: URL, timeoutMs: number, signal: AbortSignal): HttpError {
  if (error instanceof HttpError) return error;
  if (signal.aborted)
    return new HttpError(
      504,
      ErrorCode.VendorLinkFailed,
      `The vendor server did not send ${describeUrl(url)} within ${Math.round(timeoutMs / 1000)} s (GPR_VENDOR_TIMEOUT_S)`,
    );
  const code = (error as { code?: string }).code ?? '';
  const reason = (error as Error).message || code || 'network error';
  if (/CERT|SELF_SIGNED|UNABLE_TO_VERIFY|ERR_TLS/i.test(code))
    return failed(`The vendor server's certificate for ${url.host} is not trusted: ${reason}`);
  return failed(`Could not reach the vendor server ${url.host}: ${reason}`);
}

/**
 * Download the vendor export at `address`.
 *
 * @param address - the link's `d` parameter (an https URL on the vendor host).
 * @returns the zip's bytes and a file name for it.
 * @throws HttpError 502 (refused address or redirect, HTTP error, TLS or network failure), 504 (time limit),
 *   413 (larger than `maxBytes`).
 */
export async function fetchVendorZip(address: string, options: VendorFetchOptions): Promise<UploadedFile> {
  const maxRedirects = options.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs);
  let url = checkVendorAddress(address, options.host, 'The download address (d)');
  try {
    for (let hop = 0; ; hop++) {
      const response = await get(url, options, controller.signal);
      const status = response.statusCode ?? 0;
      if (REDIRECTS.has(status)) {
        response.resume();
        const location = response.headers.location;
        if (!location) throw failed(`The vendor server redirected ${describeUrl(url)} without a Location`);
        if (hop >= maxRedirects) throw failed(`The vendor server redirected more than ${maxRedirects} times`);
        url = checkVendorAddress(new URL(location, url), options.host, 'A redirect of the download');
        continue;
      }
      if (status < 200 || status >= 300) {
        response.resume();
        throw failed(
          `The vendor server answered ${status}${response.statusMessage ? ` ${response.statusMessage}` : ''} for ${describeUrl(url)}`,
        );
      }
      const bytes = await readBody(response, url, options.maxBytes);
      if (bytes.length === 0) throw failed(`The vendor server sent an empty file for ${describeUrl(url)}`);
      return { name: fileNameFrom(response, url), bytes };
    }
  } catch (error) {
    throw networkFailure(error, url, options.timeoutMs, controller.signal);
  } finally {
    clearTimeout(timer);
  }
}
