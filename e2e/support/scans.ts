/**
 * Scans for browser tests, imported through the app's own API with the signed-in page's session: a
 * synthetic line scan (a StructureScan-like DZT with bars at known places) and a vendor-like area-scan zip.
 */
import type { AnalysisType, CreateAnalysisResponse, CreateGprScansResponse } from '@gprhub/contract';
import { createSyntheticBScan } from '@gprhub/gpr';
import { zipSync } from 'fflate';
import type { Page } from 'playwright-core';
import { encodeDzt } from '../../packages/gpr/bench/dzt-writer.js';
import { buildVendorZip } from '../../packages/gpr/test/vendor-fixture.js';

/**
 * A 3.2 m line with bars every 0.3 m at 4 and 6 cm cover, as a DZT file: long enough that its analysis takes
 * a few seconds, so a browser can see it run.
 */
export function syntheticLineDzt(seed = 11): Uint8Array {
  const radargram = createSyntheticBScan({
    traces: 1600,
    traceSpacingM: 0.002,
    bars: Array.from({ length: 10 }, (_, i) => ({
      x0M: 0.2 + 0.3 * i,
      coverM: i % 2 ? 0.06 : 0.04,
      radiusM: 0.006,
    })),
    seed,
  });
  return encodeDzt(radargram);
}

/**
 * Two single-channel DZT encodings of equal size as one two-channel DZT (each trace holds channel 1's
 * samples, then channel 2's), as a GSSI unit with two antennas records.
 */
export function twoChannelDzt(first: Uint8Array, second: Uint8Array): Uint8Array {
  const view = new DataView(first.buffer, first.byteOffset, first.byteLength);
  const traceBytes = view.getUint16(4, true) * 4;
  const traces = (first.length - 1024) / traceBytes;
  const out = new Uint8Array(2048 + 2 * traces * traceBytes);
  out.set(first.subarray(0, 1024), 0);
  out.set(second.subarray(0, 1024), 1024);
  new DataView(out.buffer).setUint16(52, 2, true);
  new DataView(out.buffer).setUint16(1024 + 52, 2, true);
  for (let t = 0; t < traces; t++) {
    const from = 1024 + t * traceBytes;
    out.set(first.subarray(from, from + traceBytes), 2048 + 2 * t * traceBytes);
    out.set(second.subarray(from, from + traceBytes), 2048 + (2 * t + 1) * traceBytes);
  }
  return out;
}

/** A zip of loose files (the import takes zips of scan files as well as the vendor's exports). */
export function zipFiles(files: Record<string, Uint8Array>): Uint8Array {
  return zipSync(files);
}

/** A vendor-like area-scan export: three SEG-Y lines and the scan-area CSV. */
export function vendorAreaZip(): Uint8Array {
  return buildVendorZip(undefined, 3);
}

/**
 * `POST /api/gpr-scans/create-from-zip` as the signed-in user: at the top level of the organization, or in the
 * folder `parentId`.
 */
export async function importZip(
  page: Page,
  baseUrl: string,
  organization: string,
  name: string,
  zip: Uint8Array,
  parentId?: string,
): Promise<CreateGprScansResponse> {
  const res = await page.request.post(`${baseUrl}/api/gpr-scans/create-from-zip`, {
    headers: { 'x-organization': organization },
    multipart: {
      ...(parentId !== undefined && { parentId }),
      file: { name, mimeType: 'application/zip', buffer: Buffer.from(zip) },
    },
  });
  if (res.status() !== 201) throw new Error(`import of ${name} failed: ${res.status()} ${await res.text()}`);
  return (await res.json()) as CreateGprScansResponse;
}

/** `POST /api/analyses` from the page itself (its cookies, the `x-organization` header), as the app calls it. */
export async function triggerAnalysis(
  page: Page,
  organization: string,
  analysisType: AnalysisType,
  analysisInput: Record<string, string>,
): Promise<CreateAnalysisResponse> {
  const { status, body } = await page.evaluate(
    async ({ organization, analysisType, analysisInput }) => {
      const res = await fetch('/api/analyses', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-organization': organization },
        body: JSON.stringify({ analysisType, analysisInput }),
      });
      return { status: res.status, body: (await res.json()) as unknown };
    },
    { organization, analysisType, analysisInput },
  );
  if (status !== 200) throw new Error(`${analysisType} trigger failed: ${status} ${JSON.stringify(body)}`);
  return body as CreateAnalysisResponse;
}
