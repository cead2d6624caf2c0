import type { Comment } from '@gprhub/contract';
import type { CommentWithAuthor, Database } from '@gprhub/db';
import { deleteCommentRow, findComment, findComments, insertComment, updateCommentContent } from '@gprhub/db';
import { forbidden, notFound } from '../../lib/errors.js';
import { getNodeRow } from '../nodes/nodes.service.js';

export function toComment(row: CommentWithAuthor): Comment {
  return {
    id: row.id,
    nodeId: row.nodeId,
    content: row.content,
    ownerId: row.authorId,
    author: row.author,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listComments(db: Database, organizationId: string, nodeId: string): Promise<Comment[]> {
  await getNodeRow(db, organizationId, nodeId);
  return (await findComments(db, organizationId, nodeId)).map(toComment);
}

export async function addComment(db: Database, organizationId: string, nodeId: string, authorId: string, content: string): Promise<Comment> {
  await getNodeRow(db, organizationId, nodeId);
  const row = await insertComment(db, { organizationId, nodeId, authorId, content });
  return toComment((await findComment(db, organizationId, row.id))!);
}

export async function getComment(db: Database, organizationId: string, id: string): Promise<Comment> {
  const row = await findComment(db, organizationId, id);
  if (!row) throw notFound();
  return toComment(row);
}

/** Only the author may change or delete a comment. */
async function getOwnComment(db: Database, organizationId: string, id: string, userId: string) {
  const row = await findComment(db, organizationId, id);
  if (!row) throw notFound();
  if (row.authorId !== userId) throw forbidden('Only the author of a comment can change or delete it');
  return row;
}

export async function editComment(db: Database, organizationId: string, id: string, userId: string, content: string): Promise<Comment> {
  await getOwnComment(db, organizationId, id, userId);
  await updateCommentContent(db, organizationId, id, content);
  return getComment(db, organizationId, id);
}

export async function removeComment(db: Database, organizationId: string, id: string, userId: string): Promise<void> {
  await getOwnComment(db, organizationId, id, userId);
  await deleteCommentRow(db, organizationId, id);
}
