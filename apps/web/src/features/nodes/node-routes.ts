import type { Node, NodeType } from '@gprhub/contract';
import type { BuiltFeature } from '../../lib/built-features';
import { isBuilt } from '../../lib/built-features';

/**
 * Node types with a screen of their own (seed 001 §2), by the route prefix of that screen and the
 * feature that builds it (a screen not built yet is no screen: the node opens its details).
 */
const SCREENS: Partial<Record<NodeType, { prefix: string; feature?: BuiltFeature }>> = {
  GPR_SCAN: { prefix: '/gpr-scans' },
  GPR_SCAN_GROUP: { prefix: '/gpr-scan-groups' },
  THREE_D_MODEL: { prefix: '/3d-models', feature: 'threeDModels' },
  FILE: { prefix: '/files', feature: 'files' },
  IFC_FILE: { prefix: '/files', feature: 'files' },
  BUILDING: { prefix: '/buildings', feature: 'buildings' },
  FLOOR_PLAN: { prefix: '/floor-plans', feature: 'floorPlans' },
  DUAL_ORIENTATION_AREA_SCAN: { prefix: '/dual-orientation-area-scans' },
  DUAL_ORIENTATION_GPR_SCAN: { prefix: '/dual-orientation-gpr-scans' },
};

/**
 * Where `/hub/{nodeId}` sends a node that is not a folder: its own screen, or null when its type
 * has none (the hub then shows nothing and only logs the type, as the spec says).
 * @example getNodeScreenPath({ nodeId: 'a1…', type: 'GPR_SCAN' }) // '/gpr-scans/a1…'
 */
export function getNodeScreenPath(node: Pick<Node, 'nodeId' | 'type'>): string | null {
  if (node.type === 'FOLDER') return `/hub/${node.nodeId}`;
  const screen = SCREENS[node.type];
  return screen && isBuilt(screen.feature) ? `${screen.prefix}/${node.nodeId}` : null;
}

/** The hub page of a folder (`null`: the top level). */
export function getHubPath(folderId: string | null): string {
  return folderId ? `/hub/${folderId}` : '/hub';
}

/** A folder with one node's details panel open. */
export function getHubDetailsPath(folderId: string | null, nodeId: string): string {
  return `${getHubPath(folderId)}?${DETAILS_PARAM}=${nodeId}`;
}

/** URL parameter holding the node whose details panel is open in the hub. */
export const DETAILS_PARAM = 'details';

export interface NodeTarget {
  /** App path (without `org`, which `OrgLink` adds). */
  href: string;
  /** Open in a new tab unless the user asks otherwise. */
  isNewTab: boolean;
}

/**
 * What opening a node does. Node links open in a new tab by default (seed 000 §2), except folders:
 * browsing into a folder is the hub's own navigation and stays in the tab. A node with no screen of
 * its own opens its details panel in its folder.
 */
export function getNodeTarget(node: Pick<Node, 'nodeId' | 'type' | 'parentId'>): NodeTarget {
  if (node.type === 'FOLDER') return { href: getHubPath(node.nodeId), isNewTab: false };
  const screen = getNodeScreenPath(node);
  if (screen) return { href: screen, isNewTab: true };
  return { href: getHubDetailsPath(node.parentId, node.nodeId), isNewTab: false };
}
