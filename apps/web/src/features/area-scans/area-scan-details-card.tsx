import DownloadRoundedIcon from '@mui/icons-material/DownloadRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { AreaScan, DualOrientationAreaScan, FileWithUrl } from '@gprhub/contract';
import type { ReactNode } from 'react';
import { OrgLink } from '../../components/org-link';
import { formatDateTime } from '../../lib/format-date';

const cm = (value: number | null) => (value === null ? null : `${Number(value.toFixed(1))} cm`);
const pair = (x: number | null, y: number | null) =>
  x === null && y === null ? '—' : `${cm(x) ?? '?'} × ${cm(y) ?? '?'}`;

function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Box sx={{ display: 'contents' }}>
      <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography
        component="dd"
        variant="body2"
        sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere' }}
        data-testid={testId}
      >
        {children}
      </Typography>
    </Box>
  );
}

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
          <Row label="File">{areaScan.fileName || '—'}</Row>
          <Row label="Grid size" testId={`${testId}-grid-size`}>
            {pair(areaScan.gridSizeX, areaScan.gridSizeY)}
          </Row>
          <Row label="Grid spacing" testId={`${testId}-grid-spacing`}>
            {pair(areaScan.gridSpacingX, areaScan.gridSpacingY)}
          </Row>
          <Row label="Lines" testId={`${testId}-lines`}>
            {lineCount}
          </Row>
          {areaScan.scanDate && (
            <Row label="Scan date">{formatDateTime(areaScan.scanDate) || areaScan.scanDate}</Row>
          )}
          {dualOrientationAreaScan && (
            <Row label="Paired in">
              <Link component={OrgLink} to={`/dual-orientation-area-scans/${dualOrientationAreaScan.nodeId}`}>
                {dualOrientationAreaScan.name}
              </Link>
            </Row>
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
