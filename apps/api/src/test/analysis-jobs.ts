import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AnalysisByInputResponse, AnalysisType, CreateAnalysisResponse } from '@gprhub/contract';
import { generateSyntheticRecording, type SyntheticOptions } from '@gprhub/scan3d/rtabmap';
import { afterAll, beforeAll, expect } from 'vitest';
import { writeRtabmapFile } from '../jobs/rtabmap-sqlite.js';
import { createMember, getTestApp, type TestApp, type TestMember } from './support.js';

/** What the job tests share: the app with its in-process worker, a member and a member of another organization. */
export interface JobTestContext {
  t: TestApp;
  member: TestMember;
  stranger: TestMember;
}

/**
 * Register the hooks of an analysis-job test file: before all, the real app with an in-process worker (one
 * compute thread, a 120 s time limit), a member and a stranger (another organization), then `setup` (e.g. the
 * file's input data); after all, close the app. Answers the context, filled once `beforeAll` has run.
 *
 * @example const ctx = useJobTestApp(async ({ t, member }) => { folderId = await createFolder(t.app, member); });
 */
export function useJobTestApp(setup?: (ctx: JobTestContext) => Promise<void>): JobTestContext {
  const ctx = {} as JobTestContext;
  beforeAll(async () => {
    ctx.t = await getTestApp({ jobs: { inProcessWorker: true, threads: 1, timeoutS: 120, heartbeatS: 10 } });
    await ctx.t.app.analysisJobs.startWorker();
    ctx.member = await createMember(ctx.t.app);
    ctx.stranger = await createMember(ctx.t.app);
    await setup?.(ctx);
  }, 120_000);
  afterAll(async () => {
    await ctx.t?.close();
  });
  return ctx;
}

/** `POST /api/analyses` for one analysis type and input (as the member unless other headers are given). */
export function startAnalysis(
  ctx: JobTestContext,
  analysisType: AnalysisType,
  analysisInput: Record<string, unknown>,
  options: { headers?: Record<string, string>; rerunIfExists?: boolean } = {},
) {
  return ctx.t.app.inject({
    method: 'POST',
    url: '/api/analyses',
    headers: options.headers ?? ctx.member.headers,
    payload: { analysisType, analysisInput, ...(options.rerunIfExists ? { rerunIfExists: true } : {}) },
  });
}

/**
 * Poll `POST /api/analyses/by-input` until the analysis of this input is done (FINISHED or FAILED); with `runId`,
 * until that very run is the input's latest and done.
 */
export async function waitForAnalysis(
  ctx: JobTestContext,
  analysisType: AnalysisType,
  analysisInput: Record<string, unknown>,
  timeoutMs = 90_000,
  runId?: string,
): Promise<AnalysisByInputResponse> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/analyses/by-input',
      headers: ctx.member.headers,
      payload: { analysisType, analysisInput },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json() as AnalysisByInputResponse;
    if (body.isDone && (runId === undefined || body.analysisRun?.id === runId)) return body;
    if (Date.now() > deadline) throw new Error(`not done in time: ${JSON.stringify(body.analysisRun)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * Start an analysis and wait for that run to end, answering its results. The input's options (a known cover) start
 * a new run of the same input, so the run is found by the input without them and by its id.
 */
export async function runAnalysisToEnd<T>(
  ctx: JobTestContext,
  analysisType: AnalysisType,
  analysisInput: Record<string, unknown>,
  timeoutMs = 240_000,
): Promise<T> {
  const started = await startAnalysis(ctx, analysisType, analysisInput);
  expect(started.statusCode).toBeLessThan(300);
  const { knownCover: _options, ...byInput } = analysisInput;
  const runId = (started.json() as CreateAnalysisResponse).analysisRun.id;
  return (await waitForAnalysis(ctx, analysisType, byInput, timeoutMs, runId)).results as T;
}

/** GET a file of the API (e.g. a 3D model file's `url`) as the member; expects 200 and answers its bytes. */
export async function downloadBytes(ctx: JobTestContext, url: string): Promise<Uint8Array> {
  const res = await ctx.t.app.inject({ method: 'GET', url, headers: ctx.member.headers });
  expect(res.statusCode).toBe(200);
  return new Uint8Array(res.rawPayload);
}

/** The bytes of a synthetic RTAB-Map database (written through the WASM SQLite to a temporary file). */
export function syntheticRecordingBytes(options: SyntheticOptions): Uint8Array {
  const tmp = mkdtempSync(path.join(tmpdir(), 'gprhub-recording-'));
  try {
    const file = path.join(tmp, 'room.db');
    writeRtabmapFile(file, generateSyntheticRecording(options));
    return readFileSync(file);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}
