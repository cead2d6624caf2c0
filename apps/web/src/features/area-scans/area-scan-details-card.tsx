import DownloadRoundedIcon from '@mui/icons-material/DownloadRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { AreaScan, DualOrientationAreaScan, FileWithUrl } from '@gprhub/contract';
import { DetailRow } from '../../components/detail-row';
import { OrgLink } from '../../components/org-link';
import { formatDateTime } from '../../lib/format-date';

const cm = (value: number | null) => (value === null ? null : `${Number(value.toFixed(1))} cm`);
const pair = (x: number | null, y: number | null) =>
  x === null && y === null ? '—' : `${cm(x) ?? '?'} × ${cm(y) ?? '?'}`;

/**
 * The area scan's details (spec §2): original file name, grid size and spacing (x × y, cm), the number of
 * lines, the scan date, the pair it belongs to, and the download of the zip it was imported from.
 */
export function AreaScanDetailsCard({
  areaScan,
  lineCount,
  zipFile,
  dualOrientationAreaScan,
  testId = 'area-scan-details',
}: {
  areaScan: AreaScan;
  lineCount: number;
  zipFile: FileWithUrl | null;
  dualOrientationAreaScan?: DualOrientationAreaScan | null;
  testId?: string;
}) {
  return (
    <Card variant="outlined" data-testid={testId}>
      <CardContent>
        <Typography variant="subtitle2" sx={{ mb: 1 }}>
          Details
        </Typography>
        <Box
          component="dl"
          sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5 }}
        >
          <DetailRow label="File">{areaScan.fileName || '—'}</DetailRow>
          <DetailRow label="Grid size" testId={`${testId}-grid-size`}>
            {pair(areaScan.gridSizeX, areaScan.gridSizeY)}
          </DetailRow>
          <DetailRow label="Grid spacing" testId={`${testId}-grid-spacing`}>
            {pair(areaScan.gridSpacingX, areaScan.gridSpacingY)}
          </DetailRow>
          <DetailRow label="Lines" testId={`${testId}-lines`}>
            {lineCount}
          </DetailRow>
          {areaScan.scanDate && (
            <DetailRow label="Scan date">{formatDateTime(areaScan.scanDate) || areaScan.scanDate}</DetailRow>
          )}
          {dualOrientationAreaScan && (
            <DetailRow label="Paired in">
              <Link component={OrgLink} to={`/dual-orientation-area-scans/${dualOrientationAreaScan.nodeId}`}>
                {dualOrientationAreaScan.name}
              </Link>
            </DetailRow>
          )}
        </Box>
        <Button
          sx={{ mt: 2 }}
          variant="outlined"
          size="small"
          startIcon={<DownloadRoundedIcon />}
          disabled={!zipFile}
          href={zipFile?.url ?? ''}
          download={zipFile?.file.name}
          data-testid={`${testId}-download`}
        >
          {zipFile ? 'Download area scan zip' : 'No zip stored'}
        </Button>
      </CardContent>
    </Card>
  );
}
