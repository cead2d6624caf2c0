import Skeleton from '@mui/material/Skeleton';
import Box from '@mui/material/Box';
import { Navigate } from 'react-router';
import { LoadErrorPage } from '../../components/load-error-page';
import { useOrgParam } from '../../components/org-link';
import { PageHeader } from '../../components/page-header';
import { NodeBreadcrumbs } from '../hub/node-breadcrumbs';
import { withOrg } from '../../lib/with-org';
import { useUuidParam } from '../../routes/use-uuid-param';
import { ScanGroupListing } from './scan-group-listing';
import { useGprScanGroup } from './scan-groups-api';

/**
 * `/gpr-scan-groups/{id}` (seed 001 §2): an AREA_SCAN group goes to its area-scan page; any other group lists
 * its scans and child groups, with no action buttons.
 */
export function GprScanGroupPage() {
  const id = useUuidParam('id');
  const org = useOrgParam();
  const group = useGprScanGroup(id);

  if (group.isError) return <LoadErrorPage error={group.error} noun="GPR scan group" />;
  const data = group.data?.gprScanGroup;
  if (!data || !id) return <Skeleton variant="rectangular" height={320} data-testid="scan-group-loading" />;
  if (data.type === 'AREA_SCAN') return <Navigate to={withOrg(`/area-scans/${id}`, org)} replace />;
  return (
    <Box data-testid="scan-group-page">
      <NodeBreadcrumbs nodeId={id} />
      <PageHeader
        title={data.name}
        description={`GPR scan group${data.fileName ? ` imported from ${data.fileName}` : ''}: its scans and groups.`}
      />
      <ScanGroupListing groupId={id} />
    </Box>
  );
}
