import type { CreateGprScansResponse } from '@gprhub/contract';
import { createSyntheticBScan, type Radargram } from '@gprhub/gpr';
import type { FastifyInstance } from 'fastify';
import { encodeDzt } from '../../../../packages/gpr/bench/dzt-writer.js';
import { uploadAndConfirm, type TestMember } from './support.js';

/** A folder of the member's organization. */
export async function createFolder(app: FastifyInstance, member: TestMember, name = 'Site'): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/nodes',
    headers: member.headers,
    payload: { type: 'FOLDER', name },
  });
  if (res.statusCode !== 201 && res.statusCode !== 200)
    throw new Error(`folder create failed: ${res.statusCode} ${res.body}`);
  return res.json().nodeId as string;
}

/**
 * Import files the way the app does: stage them on the folder (`POST /api/files/batch`, PUT the bytes), then
 * `POST /api/gpr-scans/create-from-files`.
 */
export async function importScanFiles(
  app: FastifyInstance,
  member: TestMember,
  folderId: string,
  files: { name: string; bytes: Uint8Array }[],
): Promise<CreateGprScansResponse> {
  const batch = await app.inject({
    method: 'POST',
    url: '/api/files/batch',
    headers: member.headers,
    payload: {
      files: files.map((f) => ({ nodeId: folderId, name: f.name, extension: f.name.split('.').pop()! })),
    },
  });
  if (batch.statusCode !== 200 && batch.statusCode !== 201)
    throw new Error(`batch failed: ${batch.statusCode} ${batch.body}`);
  const targets = batch.json().files as { file: { id: string }; uploadUrl: string }[];
  await uploadAndConfirm(
    app,
    member.headers,
    targets,
    files.map((f) => f.bytes),
  );
  const res = await app.inject({
    method: 'POST',
    url: '/api/gpr-scans/create-from-files',
    headers: member.headers,
    payload: { parentId: folderId, fileIds: targets.map((t) => t.file.id) },
  });
  if (res.statusCode !== 200 && res.statusCode !== 201)
    throw new Error(`import failed: ${res.statusCode} ${res.body}`);
  return res.json() as CreateGprScansResponse;
}

/** A synthetic line scan with bars at known places, as a DZT file (the format of the StructureScan Mini). */
export function syntheticDzt(options: Parameters<typeof createSyntheticBScan>[0] = {}): {
  radargram: Radargram;
  bytes: Uint8Array;
} {
  const radargram = createSyntheticBScan({
    traces: 400,
    traceSpacingM: 0.002,
    bars: [
      { x0M: 0.2, coverM: 0.04, radiusM: 0.006 },
      { x0M: 0.5, coverM: 0.06, radiusM: 0.006 },
    ],
    seed: 11,
    ...options,
  });
  return { radargram, bytes: encodeDzt(radargram) };
}

/** Import one synthetic DZT; answers its GPR scan node id. */
export async function importSyntheticScan(
  app: FastifyInstance,
  member: TestMember,
  folderId: string,
  name = 'L001.dzt',
  options = {},
): Promise<string> {
  const { bytes } = syntheticDzt(options);
  const result = await importScanFiles(app, member, folderId, [{ name, bytes }]);
  return result.gprScans[0]!.node.nodeId;
}
