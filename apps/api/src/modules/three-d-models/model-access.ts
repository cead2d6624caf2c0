import type { Database, ThreeDModelRow, NodeRow } from '@gprhub/db';
import { findObservation, findThreeDModel, findVersionFileUnscoped } from '@gprhub/db';
import type { FastifyRequest } from 'fastify';
import type { Actor } from '../../auth/actor.js';
import { resolveActor } from '../../auth/actor.js';
import type { AppContext } from '../../app-context.js';
import { HttpError, notFound, unauthorized } from '../../lib/errors.js';

/** Who reads a model: its organization's member (may edit) or, for a public model, anyone (read-only). */
export interface ModelAccess {
  organizationId: string;
  canEdit: boolean;
  node: NodeRow;
  model: ThreeDModelRow;
}

/** The caller, or null when the call carries no usable session (anonymous, or no organization to act in). */
export async function findOptionalActor(ctx: AppContext, request: FastifyRequest): Promise<Actor | null> {
  try {
    return await resolveActor(ctx.auth, ctx.db, request);
  } catch (error) {
    if (error instanceof HttpError && (error.statusCode === 401 || error.statusCode === 403)) return null;
    throw error;
  }
}

/**
 * Access to a model for reading: a member of its organization, else anyone when the node is public. A
 * private model answers 404 to another organization and 401 to an anonymous caller (it does not tell
 * whether the id exists). Checked on every call, so turning sharing off takes effect at once.
 */
export async function getModelReadAccess(ctx: AppContext, request: FastifyRequest, modelNodeId: string): Promise<ModelAccess> {
  const actor = await findOptionalActor(ctx, request);
  if (actor) {
    const own = await findThreeDModel(ctx.db, actor.organizationId, modelNodeId);
    if (own) return { organizationId: actor.organizationId, canEdit: true, ...own };
  }
  const found = await findThreeDModel(ctx.db, null, modelNodeId);
  if (found?.node.isPublic) return { organizationId: found.node.organizationId, canEdit: false, ...found };
  throw actor ? notFound() : unauthorized();
}

/** A model of the caller's organization (for changes), else 404. */
export async function getOwnModel(db: Database, organizationId: string, modelNodeId: string) {
  const found = await findThreeDModel(db, organizationId, modelNodeId);
  if (!found) throw notFound();
  return found;
}

/** Read access to an observation through its model (same rules as {@link getModelReadAccess}). */
export async function getObservationReadAccess(ctx: AppContext, request: FastifyRequest, observationId: string) {
  const found = await findObservation(ctx.db, null, observationId);
  if (!found) throw (await findOptionalActor(ctx, request)) ? notFound() : unauthorized();
  const access = await getModelReadAccess(ctx, request, found.observation.threeDModelNodeId);
  return { access, found };
}

/** Read access to a file of a model's version (same rules as {@link getModelReadAccess}). */
export async function getVersionFileReadAccess(ctx: AppContext, request: FastifyRequest, versionFileId: string) {
  const found = await findVersionFileUnscoped(ctx.db, versionFileId);
  if (!found) throw (await findOptionalActor(ctx, request)) ? notFound() : unauthorized();
  const access = await getModelReadAccess(ctx, request, found.threeDModelNodeId);
  return { access, found };
}
