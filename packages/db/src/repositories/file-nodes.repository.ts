import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../client.js';
import { files } from '../schema/files.js';
import { nodes } from '../schema/nodes.js';
import type { FileRow, NewFileRow } from './files.repository.js';
import { insertNode, type NodeRow } from './nodes.repository.js';

/** File nodes (FILE or IFC_FILE), each with its file record, created in one transaction. */
export async function insertFileNodes(
  db: Database,
  values: {
    organizationId: string;
    parentId: string | null;
    createdById: string | null;
    items: { type: 'FILE' | 'IFC_FILE'; name: string; file: Omit<NewFileRow, 'nodeId'> }[];
  },
): Promise<{ node: NodeRow; file: FileRow }[]> {
  return db.transaction(async (tx) => {
    const out: { node: NodeRow; file: FileRow }[] = [];
    for (const item of values.items) {
      const node = await insertNode(tx as unknown as Database, {
        organizationId: values.organizationId,
        parentId: values.parentId,
        type: item.type,
        name: item.name,
        createdById: values.createdById,
      });
      const [file] = await tx.insert(files).values({ ...item.file, nodeId: node.id }).returning();
      out.push({ node, file: file! });
    }
    return out;
  });
}

/** A live file node of the organization with its newest file. */
export async function findFileNode(db: Database, organizationId: string, nodeId: string): Promise<{ node: NodeRow; file: FileRow } | undefined> {
  const [row] = await db
    .select({ node: nodes, file: files })
    .from(nodes)
    .innerJoin(files, eq(files.nodeId, nodes.id))
    .where(and(eq(nodes.organizationId, organizationId), eq(nodes.id, nodeId), inArray(nodes.type, ['FILE', 'IFC_FILE']), isNull(nodes.deletedAt)))
    .orderBy(desc(files.createdAt))
    .limit(1);
  return row;
}
