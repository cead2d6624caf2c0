/** Helpers shared by the GPR scan import API tests. */
import { uploadAndConfirm, type TestApp, type TestMember } from './support.js';
import { formData } from './zip-builder.js';

/** A new folder of the member's organization. */
export async function createFolder(t: TestApp, m: TestMember, name = 'Slab'): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/nodes',
    headers: m.headers,
    payload: { type: 'FOLDER', name },
  });
  return res.json().nodeId;
}

/** Stage files on a node through the upload flow (batch, PUT); returns their ids. */
export async function stageFiles(
  t: TestApp,
  m: TestMember,
  nodeId: string,
  files: { name: string; bytes: Uint8Array }[],
): Promise<string[]> {
  const batch = await t.app.inject({
    method: 'POST',
    url: '/api/files/batch',
    headers: m.headers,
    payload: {
      objectPathPrefix: 'gpr-imports',
      files: files.map((f) => ({ nodeId, name: f.name, extension: f.name.split('.').pop()! })),
    },
  });
  if (batch.statusCode !== 200) throw new Error(`batch failed: ${batch.body}`);
  const targets = batch.json().files as { uploadUrl: string; file: { id: string } }[];
  await uploadAndConfirm(
    t.app,
    m.headers,
    targets,
    files.map((f) => f.bytes),
  );
  return targets.map((target) => target.file.id);
}

/** Stage files, then import them into the folder. */
export async function importFiles(
  t: TestApp,
  m: TestMember,
  parentId: string,
  files: { name: string; bytes: Uint8Array }[],
  pathsToSkip?: string[],
) {
  const fileIds = await stageFiles(t, m, parentId, files);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/gpr-scans/create-from-files',
    headers: m.headers,
    payload: { parentId, fileIds, pathsToSkip },
  });
  return Object.assign(res, { fileIds });
}

/** POST a zip as form data to an import route. */
export async function postZip(
  t: TestApp,
  m: TestMember,
  url: '/api/gpr-scans/create-from-zip' | '/api/gpr-scans/proceq-zip-files',
  zip: Uint8Array,
  fields: Record<string, string | string[]> = {},
  name = 'export.zip',
) {
  const form = formData(fields, { name, bytes: zip });
  return t.app.inject({
    method: 'POST',
    url,
    headers: { ...m.headers, ...form.headers },
    payload: form.payload,
  });
}

/** Objects the importer wrote for the organization (names under `<organization>/gpr-scans/`), whatever the driver. */
export async function storedImportObjects(t: TestApp, organizationId: string): Promise<string[]> {
  const prefix = `${organizationId}/gpr-scans/`;
  const names: string[] = [];
  for await (const o of t.ctx.storage.list()) if (o.key.startsWith(prefix)) names.push(o.key.slice(prefix.length));
  return names.sort();
}

/** Live children of a node. */
export async function childrenOf(t: TestApp, m: TestMember, parentId: string) {
  const q = encodeURIComponent(
    JSON.stringify({ filter: { parentId }, limit: 100, sort: { field: 'name', direction: 'asc' } }),
  );
  return (await t.app.inject({ method: 'GET', url: `/api/nodes/query?q=${q}`, headers: m.headers })).json()
    .nodes as { nodeId: string; name: string; type: string }[];
}
