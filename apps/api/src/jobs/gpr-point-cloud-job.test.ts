import { readPlyHeader, readPlyPoints } from '@gprhub/scan3d';
import { describe, expect, it } from 'vitest';
import { AREA_TRUTH, syntheticAreaZip } from '../../../../e2e/support/synthetic-area-scan.js';
import { startAnalysis, useJobTestApp, waitForAnalysis } from '../test/analysis-jobs.js';
import { createFolder, importScanFiles } from '../test/scans.js';
import { createModelWithVersion } from '../test/three-d-models.js';

// GENERATE_POINT_CLOUD from a GPR scan (decisions/0045), end to end through the queue and a worker thread.
let folderId: string;
let areaId: string;
let lineId: string;
const ctx = useJobTestApp(async ({ t, member }) => {
  folderId = await createFolder(t.app, member);
  const imported = await importScanFiles(t.app, member, folderId, [{ name: 'area.zip', bytes: syntheticAreaZip('Slab 7', 400) }]);
  areaId = imported.areaScanGroups[0]!.node.nodeId;
  lineId = imported.gprScans[0]!.node.nodeId;
});

function start(analysisInput: Record<string, unknown>, headers?: Record<string, string>) {
  return startAnalysis(ctx, 'GENERATE_POINT_CLOUD', analysisInput, { headers });
}

function waitDone(gprScanNodeId: string) {
  return waitForAnalysis(ctx, 'GENERATE_POINT_CLOUD', { gprScanNodeId });
}

async function download(fileId: string, headers = ctx.member.headers) {
  const res = await ctx.t.app.inject({ method: 'GET', url: `/api/files/${fileId}/download`, headers });
  if (res.statusCode !== 302) return { status: res.statusCode, bytes: null };
  const file = await ctx.t.app.inject({ method: 'GET', url: res.headers.location as string, headers });
  return { status: file.statusCode, bytes: new Uint8Array(file.rawPayload) };
}

describe('GENERATE_POINT_CLOUD from a GPR scan through the queue', () => {
  it('turns an area scan into a PLY of its bars on its grid, joined to the analysis', async () => {
    const created = await start({ gprScanNodeId: areaId });
    expect(created.statusCode).toBe(200);
    expect(created.json().analysis).toMatchObject({ analysisType: 'GENERATE_POINT_CLOUD', parentId: areaId });
    const done = await waitDone(areaId);
    expect(done.analysisRun!.status).toBe('FINISHED');
    const results = done.results as { kind: string; lines: number; points: number; permittivity: number; permittivitySource: string; pointCloudFileId: string };
    expect(results).toMatchObject({ kind: 'area', lines: 9, permittivity: 7, permittivitySource: 'default' });
    expect(results.points).toBeGreaterThan(100);

    const { status, bytes } = await download(results.pointCloudFileId);
    expect(status).toBe(200);
    const cloud = readPlyPoints(bytes!, readPlyHeader(bytes!));
    expect(cloud.total).toBe(results.points);
    // Every vertical bar shows as points at its x and its cover (metres, the scan's grid).
    for (const bar of AREA_TRUTH.vertical) {
      let near = 0;
      for (let p = 0; p < cloud.count; p++) {
        const [x, , z] = [cloud.positions[3 * p]!, cloud.positions[3 * p + 1]!, cloud.positions[3 * p + 2]!];
        if (Math.abs(x - bar.xM) <= 0.02 && Math.abs(z - bar.coverM) <= 0.015) near++;
      }
      expect(near, `bar at x ${bar.xM}`).toBeGreaterThan(10);
    }
    // Another organization cannot download it.
    expect((await download(results.pointCloudFileId, ctx.stranger.headers)).status).toBe(404);
  });

  it('turns a line scan into a slice (y = 0), at the permittivity asked for', async () => {
    expect((await start({ gprScanNodeId: lineId, permittivity: 8 })).statusCode).toBe(200);
    const done = await waitDone(lineId);
    expect(done.analysisRun!.status).toBe('FINISHED');
    const results = done.results as { kind: string; points: number; permittivity: number; permittivitySource: string; pointCloudFileId: string };
    expect(results).toMatchObject({ kind: 'line', permittivity: 8, permittivitySource: 'user' });
    const { bytes } = await download(results.pointCloudFileId);
    const cloud = readPlyPoints(bytes!, readPlyHeader(bytes!));
    expect(cloud.count).toBeGreaterThan(10);
    for (let p = 0; p < cloud.count; p++) expect(cloud.positions[3 * p + 1]).toBe(0);
  });

  it('refuses bad input clearly and hides other organizations’ scans', async () => {
    const { versionId } = await createModelWithVersion(ctx.t.app, ctx.member);
    const both = await start({ gprScanNodeId: areaId, threeDModelVersionId: versionId });
    expect(both.statusCode).toBe(400);
    expect(both.json().message).toContain('exactly one of threeDModelVersionId or gprScanNodeId');
    expect((await start({})).statusCode).toBe(400);
    const folder = await start({ gprScanNodeId: folderId });
    expect(folder.statusCode).toBe(400);
    expect(folder.json().message).toContain('is not a GPR scan or an area scan');
    const withPermittivity = await start({ threeDModelVersionId: versionId, permittivity: 7 });
    expect(withPermittivity.statusCode).toBe(400);
    expect((await start({ gprScanNodeId: areaId }, ctx.stranger.headers)).statusCode).toBe(404);
    const byInput = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/analyses/by-input',
      headers: ctx.stranger.headers,
      payload: { analysisType: 'GENERATE_POINT_CLOUD', analysisInput: { gprScanNodeId: areaId } },
    });
    expect(byInput.statusCode).toBe(404);
  });
});
