import type { FastifyReply } from 'fastify';
import { ErrorCode } from '@gprhub/contract';
import { HttpError } from './errors.js';

/**
 * A `Range: bytes=start-end` header (one range; `start-` to the end, `-n` the last n bytes) against a file of
 * `size` bytes: the inclusive range, 'unsatisfiable' when it starts past the end, null when there is none or
 * it is not one plain byte range (then the whole file is sent, as RFC 9110 allows).
 */
export function parseByteRange(header: string | undefined, size: number): { start: number; end: number } | 'unsatisfiable' | null {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match || (match[1] === '' && match[2] === '')) return null;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size) return 'unsatisfiable';
  if (end < start) return null;
  return { start, end };
}

/** The 416 answer to a range past the end (its `content-range` names the size), in the app's error shape. */
export function rangeNotSatisfiable(reply: FastifyReply, size: number): HttpError {
  reply.header('content-range', `bytes */${size}`);
  return new HttpError(416, ErrorCode.BadRequest, `The range is outside the file's ${size} bytes`);
}
