import { useEffect } from 'react';
import { Navigate, useParams } from 'react-router';
import { NodeNotFoundPage } from '../../components/node-not-found-page';
import { useOrgParam } from '../../components/org-link';
import { withOrg } from '../../lib/with-org';
import { getNodeScreenPath } from '../nodes/node-routes';
import { useHubPath } from '../nodes/nodes-api';
import { HubFolder } from './hub-folder';
import { HubLoadError, HubSkeleton } from './hub-states';

/** `/hub` (the top level) and `/hub/{nodeId}` (a folder, or a node sent on to its own screen). */
export function HubPage() {
  const { nodeId } = useParams();
  if (!nodeId) return <HubFolder folderId={null} path={[]} />;
  return <HubNode key={nodeId} nodeId={nodeId} />;
}

/**
 * Resolves the node's type from its hub path (whose last item is the node): a folder shows its
 * listing, other types go to their screen, an unknown type shows nothing and is only logged.
 */
function HubNode({ nodeId }: { nodeId: string }) {
  const hubPath = useHubPath(nodeId);
  const org = useOrgParam();
  const path = hubPath.data?.path;
  const node = path?.at(-1);
  const screenPath = node ? getNodeScreenPath(node) : null;

  useEffect(() => {
    if (node && !screenPath)
      console.warn(`Hub: node ${node.nodeId} has type ${node.type}, which has no screen`);
  }, [node, screenPath]);

  if (hubPath.isError && !path) {
    if (hubPath.error.httpStatus === 404) return <NodeNotFoundPage nodeId={nodeId} noun="node" />;
    return <HubLoadError onRetry={() => void hubPath.refetch()} />;
  }
  if (!path || !node) return <HubSkeleton />;
  if (node.type === 'FOLDER') return <HubFolder folderId={nodeId} path={path} />;
  if (screenPath) return <Navigate to={withOrg(screenPath, org)} replace />;
  return <div data-testid="hub-unknown-node-type" data-node-type={node.type} />;
}
