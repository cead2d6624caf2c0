import Skeleton from '@mui/material/Skeleton';
import type { AreaScan } from '@gprhub/contract';
import { AreaScanDetailsCard } from '../area-scans/area-scan-details-card';
import { useAreaScanDetails } from '../area-scans/area-scans-api';

/** The details card of one area scan of a pair (grid, lines, zip download), loaded on its own. */
export function AreaSideDetails({ areaScan, testId }: { areaScan: AreaScan; testId: string }) {
  const details = useAreaScanDetails(areaScan.nodeId);
  if (!details.data) return <Skeleton variant="rectangular" height={180} />;
  return (
    <AreaScanDetailsCard
      areaScan={details.data.areaScan}
      lineCount={details.data.lineScanCount}
      zipFile={details.data.gprScanZipFile}
      testId={testId}
    />
  );
}
