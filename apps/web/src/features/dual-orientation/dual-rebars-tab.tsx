import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { GprScan } from '@gprhub/contract';
import { useMemo } from 'react';
import { OrgLink } from '../../components/org-link';
import { LineCorrectionCard } from '../area-scans/line-correction-card';
import { MaterialPropertiesCard } from '../gpr-scans/material-properties-card';
import { PermittivityCard, type CalibrationPoint } from '../gpr-scans/permittivity-card';
import type { ResultRebar } from '../area-scans/rebar-results';
import { toAlongScan } from './dual-line-bars';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function ScanSection({
  title,
  scan,
  rebars,
  side,
  results,
  testId,
}: {
  title: string;
  scan: GprScan;
  rebars: ResultRebar[];
  side: 'parallel' | 'perpendicular';
  results: Record<string, unknown> | null | undefined;
  testId: string;
}) {
  // The pair's result for this scan, its bars as positions along the scan (what the line's editor reads).
  const baseResults = useMemo(() => {
    const part = results?.[side];
    return isRecord(part) ? { ...part, rebars: toAlongScan(rebars, side) } : null;
  }, [results, side, rebars]);
  return (
    <Box data-testid={testId} data-rebar-count={rebars.length}>
      <LineCorrectionCard
        scan={scan}
        title={
          <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, flexWrap: 'wrap' }}>
            <span>{title}</span>
            <Link component={OrgLink} to={`/gpr-scans/${scan.nodeId}`} variant="body2">
              {scan.name}
            </Link>
            <Typography variant="body2" component="span" sx={{ color: 'text.secondary' }}>
              {(scan.scanLength * 100).toFixed(1)} cm · {rebars.length} bars
            </Typography>
          </Box>
        }
        description="The bars this scan crosses, with the pair's permittivity. A correction here is the scan's own: its GPR scan page shows it too."
        baseResults={baseResults}
        testId={`${testId}-correction`}
      />
    </Box>
  );
}

/** The bars of one scan of a pair a measured cover can be entered for, at their position along that scan. */
function dualCalibrationPoints(
  rebars: ResultRebar[],
  scan: 'parallel' | 'perpendicular',
  group: string,
): CalibrationPoint[] {
  return toAlongScan(rebars, scan).map((bar) => {
    // Where along the scan it crosses (the mean of its points, as the scan's own Rebars tab places it).
    const xM = bar.depthCoords.reduce((sum, p) => sum + p[0], 0) / bar.depthCoords.length;
    return {
      id: `${scan}:${bar.id}`,
      group,
      label: `${xM.toFixed(3)} m, cover ${(bar.coverM * 1000).toFixed(1)} mm`,
      position: { scan, xM },
    };
  });
}

/**
 * The Rebars tab of a dual-orientation GPR scan: the bars each scan crosses, both computed with one
 * permittivity (the same concrete), each in the GPR scan page's Rebars editor (corrections per scan, with
 * their stat cards), the permittivity with its calibration on a measured cover (issue #13 item 7), and the
 * material properties.
 */
export function DualRebarsTab({
  parallelScan,
  perpendicularScan,
  parallelRebars,
  perpendicularRebars,
  results,
  isDone,
}: {
  parallelScan: GprScan;
  perpendicularScan: GprScan;
  parallelRebars: ResultRebar[];
  perpendicularRebars: ResultRebar[];
  /** The combined analysis's results (permittivity, material properties and where they come from). */
  results: Record<string, unknown> | null | undefined;
  isDone: boolean;
}) {
  const calibrationPoints = useMemo(
    () => [
      ...dualCalibrationPoints(parallelRebars, 'parallel', `Parallel scan: ${parallelScan.name}`),
      ...dualCalibrationPoints(
        perpendicularRebars,
        'perpendicular',
        `Perpendicular scan: ${perpendicularScan.name}`,
      ),
    ],
    [parallelRebars, perpendicularRebars, parallelScan.name, perpendicularScan.name],
  );
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
          results={results}
          testId="dual-parallel-rebars"
        />
        <ScanSection
          title="Perpendicular scan"
          scan={perpendicularScan}
          rebars={perpendicularRebars}
          side="perpendicular"
          results={results}
          testId="dual-perpendicular-rebars"
        />
      </Box>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <PermittivityCard
          analysisType="LINE_SCAN_DUAL_ORIENTATION_REBAR_2"
          input={{
            parallelGprScanNodeId: parallelScan.nodeId,
            perpendicularGprScanNodeId: perpendicularScan.nodeId,
          }}
          results={results ?? null}
          pointLabel="Measured bar"
          points={calibrationPoints}
          caption="One value for both scans: the hyperbolas of both are pooled."
          testId="dual-permittivity"
        />
        <MaterialPropertiesCard results={results} testId="material-properties" />
      </Box>
    </Box>
  );
}
