import DownloadRoundedIcon from '@mui/icons-material/DownloadRounded';
import ImageRoundedIcon from '@mui/icons-material/ImageRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { GprScanDetails } from '@gprhub/contract';
import { useMemo } from 'react';
import { DetailRow } from '../../components/detail-row';
import { OrgLink } from '../../components/org-link';
import { isActiveStatus } from '../analyses/analysis-polling';
import { useAnalysisByInput } from '../analyses/use-analysis-by-input';
import { formatDirection, formatLengthCm, formatScanNumber } from './gpr-scan-format';
import { formatDateTime } from '../../lib/format-date';

/**
 * The detail card (spec §2): Details (original file name, scan length in cm, links to the dual-orientation
 * scan and the area scan, direction, scan number L + 3 digits, antenna and acquisition facts) and Data
 * (download the scan file; download the signal image once the preview exists).
 */
export function GprScanDetailsCard({ details }: { details: GprScanDetails | undefined }) {
  const signalImage = useSignalImage(details);
  if (!details) {
    return (
      <Card sx={{ p: 2 }}>
        <Skeleton width="40%" />
        <Skeleton />
        <Skeleton />
        <Skeleton width="70%" />
      </Card>
    );
  }
  const { gprScan: scan } = details;
  const direction = formatDirection(scan.areaScanDirection);
  const scanNumber = formatScanNumber(scan.scanNumber);
  const frequency = scan.centreFrequencyHz ? `${(scan.centreFrequencyHz / 1e9).toFixed(1)} GHz` : null;
  return (
    <Card sx={{ p: 2 }} data-testid="gpr-scan-details-card">
      <Typography variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
        Details
      </Typography>
      <Box
        component="dl"
        sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.75 }}
      >
        <DetailRow label="File" testId="detail-file-name">
          {scan.fileName}
        </DetailRow>
        <DetailRow label="Scan length" testId="detail-scan-length">
          {formatLengthCm(scan.scanLength)}
        </DetailRow>
        {scanNumber && (
          <DetailRow label="Scan number" testId="detail-scan-number">
            {scanNumber}
          </DetailRow>
        )}
        {direction && (
          <DetailRow label="Direction" testId="detail-direction">
            {direction}
          </DetailRow>
        )}
        {details.areaScanNodeId && (
          <DetailRow label="Area scan" testId="detail-area-scan">
            <Link component={OrgLink} to={`/area-scans/${details.areaScanNodeId}`}>
              Open area scan
            </Link>
          </DetailRow>
        )}
        {details.dualOrientationGprScan && (
          <DetailRow label="Dual orientation" testId="detail-dual-orientation">
            <Link
              component={OrgLink}
              to={`/dual-orientation-gpr-scans/${details.dualOrientationGprScan.nodeId}`}
            >
              {details.dualOrientationGprScan.name}
            </Link>
          </DetailRow>
        )}
        {(scan.antennaName || frequency) && (
          <DetailRow label="Antenna" testId="detail-antenna">
            {[scan.antennaName, frequency].filter(Boolean).join(' · ')}
          </DetailRow>
        )}
        <DetailRow label="Traces" testId="detail-traces">
          {scan.traces} × {scan.samplesPerTrace} samples
        </DetailRow>
        {scan.scanDate && (
          <DetailRow label="Scanned" testId="detail-scan-date">
            {formatDateTime(scan.scanDate)}
          </DetailRow>
        )}
      </Box>
      <Divider sx={{ my: 2 }} />
      <Typography variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
        Data
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <Button
          size="small"
          variant="outlined"
          startIcon={<DownloadRoundedIcon />}
          href={details.gprScanFile.url}
          download={details.gprScanFile.file.name}
          data-testid="download-scan-data"
        >
          GPR scan data
        </Button>
        {details.gprScanZipFile && (
          <Button
            size="small"
            variant="text"
            startIcon={<DownloadRoundedIcon />}
            href={details.gprScanZipFile.url}
            download={details.gprScanZipFile.file.name}
            data-testid="download-scan-zip"
          >
            Original zip
          </Button>
        )}
        <Tooltip title={signalImage.hint}>
          <span>
            <Button
              size="small"
              variant="outlined"
              startIcon={<ImageRoundedIcon />}
              disabled={!signalImage.url}
              href={signalImage.url ?? ''}
              download={`${scan.name}-signal.png`}
              target="_blank"
              rel="noopener"
              data-testid="download-signal-image"
            >
              Signal image
            </Button>
          </span>
        </Tooltip>
      </Box>
    </Card>
  );
}

/**
 * The signal image's address: the details' one, else the preview analysis's as soon as it finishes (the
 * details are fetched once; without this the button stayed disabled until a reload).
 */
function useSignalImage(details: GprScanDetails | undefined): { url: string | null; hint: string } {
  const scanId = details?.gprScan.nodeId;
  const input = useMemo(() => (scanId ? { gprScanNodeId: scanId } : null), [scanId]);
  const preview = useAnalysisByInput('GPR_SCAN_PREVIEW', input, { enabled: !details?.previewImageUrl });
  const status = preview.data?.analysisRun?.status ?? null;
  const resultUrl = preview.data?.results?.previewImageUrl;
  const url =
    details?.previewImageUrl ?? (status === 'FINISHED' && typeof resultUrl === 'string' ? resultUrl : null);
  if (url) return { url, hint: '' };
  if (isActiveStatus(status)) return { url: null, hint: 'The signal image is being created' };
  return { url: null, hint: 'Generate the preview in the GPR scan signal tab first' };
}
