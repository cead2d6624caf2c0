import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { GprScan } from '@gprhub/contract';
import { useMemo } from 'react';
import { OrgLink } from '../../components/org-link';
import { MaterialPropertiesCard } from '../gpr-scans/material-properties-card';
import { OrientationStatCards } from '../area-scans/orientation-stat-cards';
import type { ResultRebar } from '../area-scans/rebar-results';
import { computeOrientationStatistics } from '../area-scans/rebar-statistics';
import { RebarCanvas } from '../gpr-scans/rebar-canvas';
import { readLineRebars } from '../gpr-scans/line-rebars';
import { toAlongScan } from './dual-line-bars';

const NO_IDS: ReadonlySet<string> = new Set();
const LABELS = { diameter: true, cover: true, distance: false };
const FULL_RANGE: readonly [number, number] = [0, 0.6];
const noop = () => {};

function ScanSection({
  title,
  scan,
  rebars,
  side,
  testId,
}: {
  title: string;
  scan: GprScan;
  rebars: ResultRebar[];
  side: 'parallel' | 'perpendicular';
  testId: string;
}) {
  const bars = useMemo(() => readLineRebars(toAlongScan(rebars, side)), [rebars, side]);
  const counted = useMemo(() => new Set(bars.map((b) => b.id)), [bars]);
  return (
    <Card variant="outlined" data-testid={testId} data-rebar-count={rebars.length}>
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, mb: 1, flexWrap: 'wrap' }}>
          <Typography variant="subtitle1">{title}</Typography>
          <Link component={OrgLink} to={`/gpr-scans/${scan.nodeId}`} variant="body2">
            {scan.name}
          </Link>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {(scan.scanLength * 100).toFixed(1)} cm · {rebars.length} bars
          </Typography>
        </Box>
        <RebarCanvas
          scanLengthM={scan.scanLength}
          analysisBars={bars}
          correctedBars={null}
          countedIds={counted.size ? counted : NO_IDS}
          coverRangeM={FULL_RANGE}
          labels={LABELS}
          selectedId={null}
          isEditing={false}
          isAdding={false}
          onSelect={noop}
          onMove={noop}
          onAdd={noop}
        />
        <Box sx={{ mt: 2 }}>
          <OrientationStatCards
            title={`${title}: statistics`}
            stats={computeOrientationStatistics(rebars, null)}
            testId={`${testId}-stats`}
          />
        </Box>
      </CardContent>
    </Card>
  );
}

/**
 * The Rebars tab of a dual-orientation GPR scan: the bars each scan crosses, both computed with one
 * permittivity (the same concrete), as cross-sections with their stat cards, and the material properties.
 */
export function DualRebarsTab({
  parallelScan,
  perpendicularScan,
  parallelRebars,
  perpendicularRebars,
  permittivity,
  results,
  isDone,
}: {
  parallelScan: GprScan;
  perpendicularScan: GprScan;
  parallelRebars: ResultRebar[];
  perpendicularRebars: ResultRebar[];
  permittivity: number | null;
  /** The combined analysis's results (material properties and where they come from). */
  results: Record<string, unknown> | null | undefined;
  isDone: boolean;
}) {
  if (!isDone)
    return (
      <Typography sx={{ color: 'text.secondary', py: 4 }} data-testid="dual-rebars-waiting">
        The rebars appear when the analysis of both scans has finished.
      </Typography>
    );
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 1fr) 300px' },
        alignItems: 'start',
      }}
    >
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
        <ScanSection
          title="Parallel scan"
          scan={parallelScan}
          rebars={parallelRebars}
          side="parallel"
          testId="dual-parallel-rebars"
        />
        <ScanSection
          title="Perpendicular scan"
          scan={perpendicularScan}
          rebars={perpendicularRebars}
          side="perpendicular"
          testId="dual-perpendicular-rebars"
        />
      </Box>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        {permittivity !== null && (
          <Card variant="outlined" data-testid="dual-permittivity">
            <CardContent>
              <Typography variant="subtitle2">Permittivity</Typography>
              <Typography variant="h6">{permittivity.toFixed(2)}</Typography>
              <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                One value for both scans: the hyperbolas of both are pooled.
              </Typography>
            </CardContent>
          </Card>
        )}
        <MaterialPropertiesCard results={results} testId="material-properties" />
      </Box>
    </Box>
  );
}
