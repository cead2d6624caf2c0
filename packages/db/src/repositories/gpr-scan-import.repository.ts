import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../client.js';
import { settlePendingObjects } from './storage-objects.repository.js';
import { files, gprScanGroups, gprScans, nodes } from '../schema/index.js';
import type { NewFileRow } from './files.repository.js';
import type { NewGprScanGroupRow, NewGprScanRow } from './gpr-scans.repository.js';
import { MAX_DEPTH_INDEX, NodeTooDeepError, type NodeRow } from './nodes.repository.js';

/** Files of the organization among `ids`. */
export async function findFilesByIds(db: Database, organizationId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(files)
    .where(and(eq(files.organizationId, organizationId), inArray(files.id, ids)));
}

/** Which of `fileIds` a scan or scan group already uses (as its file, a sidecar or its zip). */
export async function findFileIdsInUseByScans(
  db: Database,
  organizationId: string,
  fileIds: string[],
): Promise<string[]> {
  if (fileIds.length === 0) return [];
  const list = sql.join(
    fileIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const scans = await db
    .select({ fileId: gprScans.fileId, zipFileId: gprScans.zipFileId, sidecars: gprScans.sidecarFileIds })
    .from(gprScans)
    .where(
      and(
        eq(gprScans.organizationId, organizationId),
        or(
          inArray(gprScans.fileId, fileIds),
          inArray(gprScans.zipFileId, fileIds),
          sql`${gprScans.sidecarFileIds} && ARRAY[${list}]`,
        ),
      ),
    );
  const groups = await db
    .select({ zipFileId: gprScanGroups.zipFileId })
    .from(gprScanGroups)
    .where(and(eq(gprScanGroups.organizationId, organizationId), inArray(gprScanGroups.zipFileId, fileIds)));
  const used = new Set<string>();
  for (const s of scans) for (const id of [s.fileId, s.zipFileId, ...s.sidecars]) if (id) used.add(id);
  for (const g of groups) if (g.zipFileId) used.add(g.zipFileId);
  return fileIds.filter((id) => used.has(id));
}

/** Thrown by {@link insertGprImport} when a staged upload was taken by another import meanwhile. */
export class StagedFileTakenError extends Error {
  constructor(readonly fileId: string) {
    super(`File ${fileId} is no longer waiting to be imported`);
    this.name = 'StagedFileTakenError';
  }
}

const CHUNK = 500;

/** Everything one import writes, created in one transaction. */
export interface GprImportRows {
  organizationId: string;
  createdById: string | null;
  /** Where the import lands (null: the organization's top level). */
  parentId: string | null;
  /** New nodes, parents before children; a node whose `parentId` is not in the list hangs under `parentId`. */
  nodes: { id: string; parentId: string | null; type: 'GPR_SCAN' | 'GPR_SCAN_GROUP'; name: string }[];
  /** New file rows (objects the import wrote to storage). */
  files: NewFileRow[];
  /** Staged uploads handed to the new nodes: only taken while still owned by `fromNodeId`. */
  adoptFiles: { fileId: string; fromNodeId: string; toNodeId: string }[];
  groups: NewGprScanGroupRow[];
  scans: NewGprScanRow[];
}

/**
 * Create an import's nodes, files, groups and scans in one transaction: all or nothing.
 * @throws Error('Parent not found') when `parentId` is not a live node of the organization
 * @throws NodeTooDeepError when the new nodes would nest too deep
 * @throws StagedFileTakenError when a staged upload is no longer owned by its staging node
 */
export async function insertGprImport(db: Database, rows: GprImportRows): Promise<NodeRow[]> {
  return db.transaction(async (tx) => {
    const placed = new Map<string, { path: string; depth: number }>();
    let base = { path: '/', depth: -1 };
    if (rows.parentId) {
      const [parent] = await tx
        .select()
        .from(nodes)
        .where(
          and(
            eq(nodes.organizationId, rows.organizationId),
            eq(nodes.id, rows.parentId),
            isNull(nodes.deletedAt),
          ),
        )
        .limit(1);
      if (!parent) throw new Error('Parent not found');
      base = { path: parent.path, depth: parent.depth };
    }
    const values = rows.nodes.map((n) => {
      const inImport = n.parentId !== null && placed.has(n.parentId);
      const parent = inImport ? placed.get(n.parentId!)! : base;
      const self = { path: `${parent.path}${n.id}/`, depth: parent.depth + 1 };
      if (self.depth > MAX_DEPTH_INDEX) throw new NodeTooDeepError(MAX_DEPTH_INDEX + 1);
      placed.set(n.id, self);
      return {
        id: n.id,
        organizationId: rows.organizationId,
        parentId: inImport ? n.parentId : rows.parentId,
        type: n.type,
        name: n.name,
        createdById: rows.createdById,
        ...self,
      };
    });
    // Large area scans: insert in chunks to stay well under PostgreSQL's bind-parameter limit.
    const created: NodeRow[] = [];
    for (let i = 0; i < values.length; i += CHUNK)
      created.push(
        ...(await tx
          .insert(nodes)
          .values(values.slice(i, i + CHUNK))
          .returning()),
      );
    for (let i = 0; i < rows.files.length; i += CHUNK) {
      const chunk = rows.files.slice(i, i + CHUNK);
      await tx.insert(files).values(chunk);
      // The file rows take over from the pending records the objects were written under.
      await settlePendingObjects(
        tx as unknown as Database,
        rows.organizationId,
        chunk.map((f) => f.storageKey),
      );
    }
    for (const a of rows.adoptFiles) {
      const moved = await tx
        .update(files)
        .set({ nodeId: a.toNodeId })
        .where(
          and(
            eq(files.organizationId, rows.organizationId),
            eq(files.id, a.fileId),
            eq(files.nodeId, a.fromNodeId),
          ),
        )
        .returning({ id: files.id });
      if (moved.length !== 1) throw new StagedFileTakenError(a.fileId);
    }
    if (rows.groups.length) await tx.insert(gprScanGroups).values(rows.groups);
    for (let i = 0; i < rows.scans.length; i += CHUNK)
      await tx.insert(gprScans).values(rows.scans.slice(i, i + CHUNK));
    return created;
  });
}
