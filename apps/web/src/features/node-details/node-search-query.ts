import type { NodeType } from '@gprhub/contract';
import type { NodeListQuery } from '../nodes/nodes-api';

/** The spec's node search page size and typing debounce. */
export const NODE_SEARCH_PAGE_SIZE = 10;
export const NODE_SEARCH_DEBOUNCE_MS = 500;

export type NodeSearchSort = 'createdAt' | 'name';

/** A node as a search field holds it. The root (top level) has no id. */
export interface NodeOption {
  nodeId: string | null;
  name: string;
  type: NodeType;
}

/** The pseudo-option for the top of the tree (a node's parent when it has none). */
export const TOP_LEVEL_OPTION: NodeOption = { nodeId: null, name: 'Top level', type: 'ROOT' };

export interface NodeSearchParams {
  text: string;
  /** Only nodes of these types (one type is sent as `type`, several as `typeIn`). */
  types?: readonly NodeType[] | undefined;
  excludeNodeIds?: readonly string[] | undefined;
  sort?: NodeSearchSort | undefined;
  page?: number | undefined;
}

/**
 * The `GET /api/nodes/query` query of one page of a node search: 10 nodes whose name contains the
 * text, newest first (or by name, A to Z).
 */
export function buildNodeSearchQuery({
  text,
  types = [],
  excludeNodeIds = [],
  sort = 'createdAt',
  page = 0,
}: NodeSearchParams): NodeListQuery {
  const name = text.trim();
  return {
    filter: {
      ...(name ? { name } : {}),
      ...(types.length === 1 ? { type: types[0] } : types.length > 1 ? { typeIn: [...types] } : {}),
      ...(excludeNodeIds.length ? { nodeIdNotIn: [...excludeNodeIds] } : {}),
    },
    limit: NODE_SEARCH_PAGE_SIZE,
    skip: page * NODE_SEARCH_PAGE_SIZE,
    sort: sort === 'name' ? { field: 'name', direction: 'asc' } : { field: 'createdAt', direction: 'desc' },
  };
}

/** Whether the top-level pseudo-option matches what the user typed. */
export function matchesTopLevel(text: string): boolean {
  const wanted = text.trim().toLowerCase();
  return !wanted || TOP_LEVEL_OPTION.name.toLowerCase().includes(wanted);
}
