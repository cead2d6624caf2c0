import { getErrorMessage } from '../../api/api-error';

/** The payload-copy messages of seed 000 §8, verbatim. */
export const PAYLOAD_COPY_MESSAGES = {
  copied: 'Analysis payload copied to clipboard!',
  noJobId: 'No analysis job ID available. Please try again.',
  noPayload: 'No payload available. Please try again.',
  noClipboard: 'Clipboard API not available',
} as const;

/** How long the success message stays (seed 000 §9: payload success 2 s). */
export const PAYLOAD_COPIED_MS = 2_000;

export interface PayloadCopyResult {
  isSuccess: boolean;
  message: string;
}

export interface PayloadCopyDeps {
  fetchPayload: (jobId: string) => Promise<Record<string, unknown> | null | undefined>;
  writeText: ((text: string) => Promise<void>) | undefined;
}

/**
 * Fetch a job's payload and copy it, pretty-printed, to the clipboard. Never throws: the result carries
 * the message to show ('Error: {message}' for a failed request or a refused clipboard).
 */
export async function copyJobPayload(
  jobId: string | null | undefined,
  deps: PayloadCopyDeps,
): Promise<PayloadCopyResult> {
  if (!jobId) return { isSuccess: false, message: PAYLOAD_COPY_MESSAGES.noJobId };
  if (!deps.writeText) return { isSuccess: false, message: PAYLOAD_COPY_MESSAGES.noClipboard };
  try {
    const payload = await deps.fetchPayload(jobId);
    if (!payload || Object.keys(payload).length === 0)
      return { isSuccess: false, message: PAYLOAD_COPY_MESSAGES.noPayload };
    await deps.writeText(JSON.stringify(payload, null, 2));
    return { isSuccess: true, message: PAYLOAD_COPY_MESSAGES.copied };
  } catch (error) {
    return { isSuccess: false, message: `Error: ${getErrorMessage(error)}` };
  }
}

/** The page's clipboard writer, or undefined where the Clipboard API is missing (non-secure pages). */
export function getClipboardWriter(): ((text: string) => Promise<void>) | undefined {
  if (typeof navigator === 'undefined' || !navigator.clipboard?.writeText) return undefined;
  return (text) => navigator.clipboard.writeText(text);
}
