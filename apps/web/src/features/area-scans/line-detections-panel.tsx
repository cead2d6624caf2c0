import OpenInNewRoundedIcon from '@mui/icons-material/OpenInNewRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Slider from '@mui/material/Slider';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { GprScan } from '@gprhub/contract';
import { OrgLink } from '../../components/org-link';
import type { LineResult } from './rebar-results';
import { LineRadargram } from './line-radargram';

/**
 * The selected line's own detections: its radargram with its hyperbolas, the bars its analysis found (position
 * along the line, cover, diameter, confidence), those under the hyperbola threshold hidden, and a link to the
 * line's own page.
 */
export function LineDetectionsPanel({
  scan,
  label,
  result,
  threshold,
  onThresholdChange,
  isRunning,
  hasLineResults,
}: {
  scan: GprScan;
  label: string;
  result: LineResult | null;
  threshold: number;
  onThresholdChange: (value: number) => void;
  isRunning: boolean;
  hasLineResults: boolean;
}) {
  const bars = result ? [...result.rebars].sort((a, b) => a.depthCoords[0]![0] - b.depthCoords[0]![0]) : [];
  const shown = bars.filter((bar) => (bar.confidence ?? 1) >= threshold);
  const hyperbolas = result?.hyperbolas.filter((h) => h.confidence >= threshold).length ?? 0;
  return (
    <Box data-testid="line-detections" data-line={label}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 1 }}>
        <Typography variant="subtitle2">{scan.name === label ? label : `${label} · ${scan.name}`}</Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {scan.areaScanDirection === 'BOTTOM_TO_TOP' ? 'Bottom to top' : 'Left to right'} ·{' '}
          {(scan.scanLength * 100).toFixed(1)} cm
        </Typography>
        <Box sx={{ flexGrow: 1 }} />
        <Button
          size="small"
          component={OrgLink}
          to={`/gpr-scans/${scan.nodeId}`}
          target="_blank"
          rel="noopener"
          endIcon={<OpenInNewRoundedIcon fontSize="small" />}
        >
          Open line scan
        </Button>
      </Box>
      <Box sx={{ mb: 2 }}>
        <LineRadargram
          key={scan.nodeId}
          scanId={scan.nodeId}
          label={label}
          result={result}
          threshold={threshold}
        />
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, maxWidth: 420, mb: 1 }}>
        <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
          Hyperbola threshold
        </Typography>
        <Slider
          size="small"
          aria-label="Hyperbola threshold"
          min={0}
          max={1}
          step={0.01}
          value={threshold}
          valueLabelDisplay="auto"
          onChange={(_, value) => onThresholdChange(value)}
          data-testid="hyperbola-threshold"
        />
        <Typography variant="body2" sx={{ minWidth: 36 }}>
          {threshold.toFixed(2)}
        </Typography>
      </Box>
      {!result ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="line-detections-pending">
          {isRunning
            ? 'This line has not been analysed yet.'
            : hasLineResults
              ? 'No results for this line.'
              : 'The combined analysis keeps the bars linked across the lines, not each line’s own detections: open the line scan to see them.'}
        </Typography>
      ) : (
        <>
          <Typography
            variant="body2"
            sx={{ color: 'text.secondary', mb: 1 }}
            data-testid="line-detections-summary"
          >
            {shown.length} of {bars.length} bars and {hyperbolas} hyperbolas at confidence ≥{' '}
            {threshold.toFixed(2)}
            {result.permittivity !== null && ` · permittivity ${result.permittivity.toFixed(2)}`}
          </Typography>
          {shown.length > 0 && (
            <Table size="small" sx={{ maxWidth: 560 }}>
              <TableHead>
                <TableRow>
                  <TableCell>Position</TableCell>
                  <TableCell>Cover</TableCell>
                  <TableCell>Diameter</TableCell>
                  <TableCell>Confidence</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {shown.map((bar) => (
                  <TableRow key={bar.id} data-testid="line-detection-row">
                    <TableCell>{(bar.depthCoords[0]![0] * 100).toFixed(1)} cm</TableCell>
                    <TableCell>
                      {(bar.coverM * 100).toFixed(1)}
                      {bar.coverSdM !== undefined && ` ± ${(bar.coverSdM * 100).toFixed(1)}`} cm
                    </TableCell>
                    <TableCell>
                      {Math.round(bar.R * 2000)} mm{bar.usesDefaultRadius ? ' (default)' : ''}
                    </TableCell>
                    <TableCell>{bar.confidence === null ? '—' : bar.confidence.toFixed(2)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </>
      )}
    </Box>
  );
}
