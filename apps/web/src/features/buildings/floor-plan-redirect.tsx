import CircularProgress from '@mui/material/CircularProgress';
import { Navigate } from 'react-router';
import { useOrgParam } from '../../components/org-link';
import { LoadErrorPage } from '../../components/load-error-page';
import { withOrg } from '../../lib/with-org';
import { useUuidParam } from '../../routes/use-uuid-param';
import { useFloorPlan } from './buildings-api';

/** `/floor-plans/{id}`: the building page on the plan's floor, or the hub node of its file when it belongs to no building. */
export function FloorPlanRedirect() {
  const id = useUuidParam('id');
  const org = useOrgParam();
  const plan = useFloorPlan(id ?? '');
  if (!id) return null;
  if (plan.isError) return <LoadErrorPage error={plan.error} noun="floor plan" />;
  if (!plan.data) return <CircularProgress />;
  const { buildingNodeId, floorId, file } = plan.data;
  const target = buildingNodeId ? `/buildings/${buildingNodeId}${floorId ? `?floorId=${floorId}` : ''}` : `/hub/${file.nodeId}`;
  return <Navigate to={withOrg(target, org)} replace />;
}
