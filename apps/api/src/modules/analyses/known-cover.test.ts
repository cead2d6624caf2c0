import type { AnalysisByInputResponse, CreateAnalysisResponse } from '@gprhub/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFolder, importSyntheticScan } from '../../test/scans.js';
import { createMember, getTestApp, type TestApp, type TestMember } from '../../test/support.js';

// Issue #13 item 7: a surveyor measures one bar's cover and the scan's permittivity is recalibrated on it.
let t: TestApp;
let member: TestMember;
let scanId: string;

beforeAll(async () => {
  t = await getTestApp({ jobs: { inProcessWorker: true, threads: 1, timeoutS: 120, heartbeatS: 10 } });
  await t.app.analysisJobs.startWorker();
  member = await createMember(t.app);
  scanId = await importSyntheticScan(t.app, member, await createFolder(t.app, member));
}, 120_000);
afterAll(async () => {
  await t?.close();
});

async function post<T>(url: string, payload: object): Promise<{ status: number; body: T }> {
  const res = await t.app.inject({ method: 'POST', url, headers: member.headers, payload });
  return { status: res.statusCode, body: res.json() as T };
}

async function runToEnd(analysisInput: object): Promise<AnalysisByInputResponse> {
  const started = await post<CreateAnalysisResponse>('/api/analyses', {
    analysisType: 'LINE_SCAN_REBAR_2',
    analysisInput,
  });
  expect(started.status).toBeLessThan(300);
  for (const deadline = Date.now() + 60_000; Date.now() < deadline;) {
    const { body } = await post<AnalysisByInputResponse>('/api/analyses/by-input', {
      analysisType: 'LINE_SCAN_REBAR_2',
      analysisInput: { gprScanNodeId: scanId },
    });
    if (body.isDone && body.analysisRun?.id === started.body.analysisRun.id) return body;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('analysis not done in time');
}

interface Results {
  permittivity: { value: number; sd: number; source: string };
  calibration?: { xM: number; coverM: number };
  rebars: { xM: number; coverM: number }[];
}

describe('known-cover calibration of a line scan', () => {
  it('recalibrates εr on the measured bar, recomputes every cover, and can be removed', async () => {
    const estimated = (await runToEnd({ gprScanNodeId: scanId })).results as unknown as Results;
    expect(estimated.permittivity.source).toBe('estimated');
    expect(estimated.calibration).toBeUndefined();
    const [first, second] = estimated.rebars;
    // The surveyor's cover meter reads the first bar 10 % shallower than the engine: εr must rise, every cover
    // must shrink, and the measured bar must read the measured cover.
    const measured = first!.coverM * 0.9;
    const calibrated = (
      await runToEnd({
        gprScanNodeId: scanId,
        knownCover: { xM: first!.xM, coverM: measured },
      })
    ).results as unknown as Results;
    expect(calibrated.permittivity.source).toBe('calibrated');
    expect(calibrated.calibration).toEqual({ xM: first!.xM, coverM: measured });
    expect(calibrated.permittivity.value).toBeGreaterThan(estimated.permittivity.value * 1.1);
    expect(Math.abs(calibrated.rebars[0]!.coverM - measured)).toBeLessThan(0.001);
    expect(calibrated.rebars[1]!.coverM).toBeLessThan(second!.coverM);

    const removed = (await runToEnd({ gprScanNodeId: scanId })).results as unknown as Results;
    expect(removed.permittivity.source).toBe('estimated');
    expect(removed.calibration).toBeUndefined();
    expect(removed.permittivity.value).toBeCloseTo(estimated.permittivity.value, 6);
  }, 180_000);
});
