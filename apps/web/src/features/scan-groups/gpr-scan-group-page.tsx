import Alert from '@mui/material/Alert';
import Skeleton from '@mui/material/Skeleton';
import Box from '@mui/material/Box';
import { Navigate } from 'react-router';
import { getErrorMessage } from '../../api/api-error';
import { NotFoundPage } from '../../components/not-found-page';
import { useOrgParam } from '../../components/org-link';
import { PageHeader } from '../../components/page-header';
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

  if (group.isError) {
    if (group.error.httpStatus === 404)
      return <NotFoundPage message="This GPR scan group does not exist, or it was deleted." />;
    return <Alert severity="error">The group could not be loaded: {getErrorMessage(group.error)}</Alert>;
  }
  const data = group.data?.gprScanGroup;
  if (!data || !id) return <Skeleton variant="rectangular" height={320} data-testid="scan-group-loading" />;
  if (data.type === 'AREA_SCAN') return <Navigate to={withOrg(`/area-scans/${id}`, org)} replace />;
  return (
    <Box data-testid="scan-group-page">
      <PageHeader
        title={data.name}
        description={`GPR scan group${data.fileName ? ` imported from ${data.fileName}` : ''}: its scans and groups.`}
      />
      <ScanGroupListing groupId={id} />
    </Box>
  );
}
