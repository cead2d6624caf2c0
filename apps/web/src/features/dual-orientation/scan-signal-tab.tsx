import OpenInNewRoundedIcon from '@mui/icons-material/OpenInNewRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { GprScan } from '@gprhub/contract';
import { OrgLink } from '../../components/org-link';
import { GprScanSignalTab } from '../radargram/gpr-scan-signal-tab';

/**
 * One scan of the pair in its own tab: what it is (file, length, traces), the way to its page, and its signal
 * in the same viewer as the GPR scan page's signal tab (processing options, hyperbolas, preview).
 */
export function ScanSignalTab({ scan, role }: { scan: GprScan; role: 'Parallel' | 'Perpendicular' }) {
  return (
    <Card variant="outlined" data-testid={`dual-${role.toLowerCase()}-scan`} data-scan-id={scan.nodeId}>
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
          <Box sx={{ flexGrow: 1, minWidth: 0 }}>
            <Typography variant="subtitle1">
              {role} GPR scan: {scan.name}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {scan.fileName} · {(scan.scanLength * 100).toFixed(1)} cm · {scan.traces} traces ×{' '}
              {scan.samplesPerTrace} samples
            </Typography>
          </Box>
          <Button
            component={OrgLink}
            to={`/gpr-scans/${scan.nodeId}`}
            target="_blank"
            rel="noopener"
            endIcon={<OpenInNewRoundedIcon fontSize="small" />}
          >
            Open GPR scan
          </Button>
        </Box>
        <Box sx={{ mt: 2 }}>
          <GprScanSignalTab key={scan.nodeId} scanId={scan.nodeId} />
        </Box>
      </CardContent>
    </Card>
  );
}
