import Skeleton from '@mui/material/Skeleton';
import { useHubPath } from '../nodes/nodes-api';
import { HubBreadcrumbs } from './hub-breadcrumbs';
import { useScreenClass } from './use-screen-class';

/** The hub path of a node's own page (Hub › folders › the node), so every page has a way up. */
export function NodeBreadcrumbs({ nodeId }: { nodeId: string | null | undefined }) {
  const screen = useScreenClass();
  const hubPath = useHubPath(nodeId ?? undefined);
  if (!hubPath.data) return <Skeleton width={220} sx={{ mb: 0.75 }} />;
  return <HubBreadcrumbs path={hubPath.data.path} screen={screen} />;
}
