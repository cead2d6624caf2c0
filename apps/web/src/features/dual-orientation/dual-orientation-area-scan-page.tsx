import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { LoadErrorPage } from '../../components/load-error-page';
import { PageHeader } from '../../components/page-header';
import { NodeBreadcrumbs } from '../hub/node-breadcrumbs';
import { useUuidParam } from '../../routes/use-uuid-param';
import { useAutoAnalysis } from '../analyses/use-analysis-by-input';
import { AnalysisStatusBar } from '../area-scans/analysis-status-bar';
import { getCoverScale } from '../area-scans/cover-colors';
import { AreaScanPanel } from '../area-scans/area-scan-panel';
import { MaterialPropertiesCard } from '../gpr-scans/material-properties-card';
import { areaCalibrationPoints, readRebarResults, readSideRebars } from '../area-scans/rebar-results';
import { PermittivityCard } from '../gpr-scans/permittivity-card';
import { useDualOrientationAreaScan } from './dual-orientation-api';
import { AreaSideDetails } from './area-side-details';
import { SwapRolesButton } from './swap-roles-button';
import { isActiveStatus } from '../analyses/analysis-polling';
import { ExportMenu } from '../reports/export-menu';

/**
 * `/dual-orientation-area-scans/{id}`: the parallel and perpendicular area scans side by side, analysed
 * together (AREA_SCAN_DUAL_ORIENTATION_REBAR_2: the parallel scan's lines give the vertical bars, the
 * perpendicular scan's the horizontal ones, with one permittivity, calibrated on a measured cover where the surveyor
 * has one: issue #13 item 7).
 */
export function DualOrientationAreaScanPage() {
  const id = useUuidParam('id');
  const dual = useDualOrientationAreaScan(id);
  const pair = dual.data?.dualOrientationAreaScan;
  const input = useMemo(
    () =>
      pair
        ? {
            parallelAreaScanNodeId: pair.parallelAreaScanNodeId,
            perpendicularAreaScanNodeId: pair.perpendicularAreaScanNodeId,
          }
        : null,
    [pair],
  );
  const analysis = useAutoAnalysis('AREA_SCAN_DUAL_ORIENTATION_REBAR_2', input);
  const results = analysis.data?.results;
  const parsed = useMemo(() => readRebarResults(results), [results]);
  // One colour scale for both panels, so a colour means the same cover on either side.
  const coverScale = useMemo(
    () =>
      getCoverScale([
        ...parsed.rebars.map((r) => r.coverM),
        ...parsed.lines.flatMap((l) => l.rebars.map((r) => r.coverM)),
      ]),
    [parsed],
  );
  const calibrationPoints = useMemo(() => areaCalibrationPoints(parsed.rebars), [parsed.rebars]);
  const status = analysis.data?.analysisRun?.status;
  const isRunning = isActiveStatus(status);

  if (dual.isError) return <LoadErrorPage error={dual.error} noun="dual-orientation area scan" />;
  if (!dual.data || !pair) return <Skeleton variant="rectangular" height={420} />;
  const { parallelAreaScan, perpendicularAreaScan } = dual.data;

  return (
    <Box data-testid="dual-area-scan-page" data-parallel={pair.parallelAreaScanNodeId}>
      <NodeBreadcrumbs nodeId={id} />
      <PageHeader
        title={pair.name}
        description="Two area scans of the same grid, one per direction, analysed together."
        actions={
          <>
            <SwapRolesButton
              kind="area"
              parallel={pair.parallelAreaScanNodeId}
              perpendicular={pair.perpendicularAreaScanNodeId}
            />
            <ExportMenu
              nodeId={id!}
              exports={[
                {
                  label: 'Export CSV (bars)',
                  path: `/api/dual-orientation-area-scans/${id}/export?format=csv`,
                  fileName: `${pair.name}-rebars.csv`,
                  testId: 'export-csv',
                },
                {
                  label: 'Export DXF (rebar plan)',
                  path: `/api/dual-orientation-area-scans/${id}/export?format=dxf`,
                  fileName: `${pair.name}-rebar-plan.dxf`,
                  testId: 'export-dxf',
                },
              ]}
            />
          </>
        }
      />
      <AnalysisStatusBar analysis={analysis} />
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' },
          alignItems: 'start',
        }}
      >
        {(
          [
            ['Parallel', parallelAreaScan, 'parallel', 'LEFT_TO_RIGHT'],
            ['Perpendicular', perpendicularAreaScan, 'perpendicular', 'BOTTOM_TO_TOP'],
          ] as const
        ).map(([role, areaScan, side, direction]) => (
          <Box key={areaScan.nodeId} sx={{ minWidth: 0 }}>
            <Typography variant="h6" sx={{ mb: 1 }}>
              {role}: {areaScan.name}
            </Typography>
            <AreaScanPanel
              areaScan={areaScan}
              rebars={readSideRebars(results, side)}
              lineResults={parsed.lines}
              isRunning={isRunning}
              hasLineResults={parsed.lines.length > 0}
              forcedDirection={direction}
              coverScale={coverScale}
              planViewWidth={600}
              testId={`dual-${side}-area`}
            />
            <Box sx={{ mt: 2 }}>
              <AreaSideDetails areaScan={areaScan} testId={`dual-${side}-details`} />
            </Box>
          </Box>
        ))}
      </Box>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          mt: 2,
          gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
          alignItems: 'start',
        }}
      >
        {input && (
          <PermittivityCard
            analysisType="AREA_SCAN_DUAL_ORIENTATION_REBAR_2"
            input={input}
            results={results ?? null}
            pointLabel="Measured bar and line"
            points={calibrationPoints}
            caption="One permittivity for both area scans: the hyperbolas of every line of both are pooled."
            testId="dual-area-permittivity"
          />
        )}
        <MaterialPropertiesCard results={results} testId="material-properties" />
      </Box>
    </Box>
  );
}
