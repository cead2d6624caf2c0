import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSegy, buildVendorZip } from '../../test/gpr-fixtures.js';
import { createMember, getTestApp, type TestApp, type TestMember } from '../../test/support.js';
import { createFolder, postZip } from '../../test/gpr-scan-imports.js';

const MiB = 1024 * 1024;
let t: TestApp;
let m: TestMember;

beforeAll(async () => {
  t = await getTestApp({
    gprImport: { maxBytes: 8 * MiB, maxZipUncompressedBytes: 16 * MiB, maxZipEntries: 40, parseThreads: 1, startAnalyses: true },
  });
  m = await createMember(t.app);
});
afterAll(async () => {
  await t.close();
});

const byInput = async (analysisType: string, analysisInput: Record<string, string>) =>
  (
    await t.app.inject({
      method: 'POST',
      url: '/api/analyses/by-input',
      headers: m.headers,
      payload: { analysisType, analysisInput },
    })
  ).json() as { analysis: { nodeId: string } | null; analysisRun: { status: string } | null };

describe('analyses start at import (issue #14: no 5–8 s wait on the first visit)', () => {
  it("queues each scan's rebars and preview and the area's rebars, as the pages ask for them", async () => {
    const folder = await createFolder(t, m);
    const res = await postZip(t, m, '/api/gpr-scans/create-from-zip', buildVendorZip([buildSegy(), buildSegy()]), {
      parentId: folder,
    });
    expect(res.statusCode).toBe(201);
    const { gprScans, areaScanGroups } = res.json();
    const expected = [
      ...gprScans.flatMap((s: { node: { nodeId: string } }) => [
        ['LINE_SCAN_REBAR_2', { gprScanNodeId: s.node.nodeId }],
        ['GPR_SCAN_PREVIEW', { gprScanNodeId: s.node.nodeId }],
      ]),
      ['AREA_SCAN_REBAR_2', { areaScanNodeId: areaScanGroups[0].node.nodeId }],
    ] as [string, Record<string, string>][];
    // Started in the background: the import answered before, the runs follow within moments.
    for (const [type, input] of expected)
      await expect.poll(async () => (await byInput(type, input)).analysisRun?.status, { timeout: 10_000 }).toBeTruthy();

    // A page opening the scan finds the run rather than starting another.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/analyses',
      headers: m.headers,
      payload: { analysisType: 'LINE_SCAN_REBAR_2', analysisInput: { gprScanNodeId: gprScans[0].node.nodeId } },
    });
    expect(again.json().started).toBe(false);
  });
});
