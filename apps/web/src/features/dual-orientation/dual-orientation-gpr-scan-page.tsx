import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useMemo } from 'react';
import { LoadErrorPage } from '../../components/load-error-page';
import { PageHeader } from '../../components/page-header';
import { NodeBreadcrumbs } from '../hub/node-breadcrumbs';
import { useUuidParam } from '../../routes/use-uuid-param';
import { useAutoAnalysis } from '../analyses/use-analysis-by-input';
import { AnalysisStatusBar } from '../area-scans/analysis-status-bar';
import { readSideRebars } from '../area-scans/rebar-results';
import { DualRebarsTab } from './dual-rebars-tab';
import { useDualOrientationGprScan } from './dual-orientation-api';
import { ScanSignalTab } from './scan-signal-tab';
import { SwapRolesButton } from './swap-roles-button';
import { useTabParam } from '../../lib/use-tab-param';
import { ExportMenu } from '../reports/export-menu';

const TABS = ['rebars', 'parallel', 'perpendicular'] as const;
type TabKey = (typeof TABS)[number];

/**
 * `/dual-orientation-gpr-scans/{id}`: tabs Rebars (LINE_SCAN_DUAL_ORIENTATION_REBAR_2: both scans' bars with
 * one permittivity), Parallel GPR scan and Perpendicular GPR scan, and the swap of the two roles.
 */
export function DualOrientationGprScanPage() {
  const id = useUuidParam('id');
  const [tab, selectTab] = useTabParam(TABS);
  const dual = useDualOrientationGprScan(id);
  const pair = dual.data?.dualOrientationGprScan;
  const input = useMemo(
    () =>
      pair
        ? {
            parallelGprScanNodeId: pair.parallelGprScanNodeId,
            perpendicularGprScanNodeId: pair.perpendicularGprScanNodeId,
          }
        : null,
    [pair],
  );
  const analysis = useAutoAnalysis('LINE_SCAN_DUAL_ORIENTATION_REBAR_2', input);
  const results = analysis.data?.results;

  if (dual.isError) return <LoadErrorPage error={dual.error} noun="dual-orientation GPR scan" />;
  if (!dual.data || !pair) return <Skeleton variant="rectangular" height={420} />;
  const { parallelGprScan, perpendicularGprScan } = dual.data;
  return (
    <Box data-testid="dual-gpr-scan-page" data-parallel={pair.parallelGprScanNodeId}>
      <NodeBreadcrumbs nodeId={id} />
      <PageHeader
        title={pair.name}
        description={`Parallel: ${parallelGprScan.name} · Perpendicular: ${perpendicularGprScan.name}`}
        actions={
          <>
            <SwapRolesButton
              kind="gpr"
              parallel={pair.parallelGprScanNodeId}
              perpendicular={pair.perpendicularGprScanNodeId}
            />
            <ExportMenu nodeId={id!} exports={[]} />
          </>
        }
      />
      <AnalysisStatusBar analysis={analysis} />
      <Tabs value={tab} onChange={(_, next: TabKey) => selectTab(next)} sx={{ mb: 2 }}>
        <Tab value="rebars" label="Rebars" data-testid="tab-rebars" />
        <Tab value="parallel" label="Parallel GPR scan" data-testid="tab-parallel" />
        <Tab value="perpendicular" label="Perpendicular GPR scan" data-testid="tab-perpendicular" />
      </Tabs>
      {tab === 'rebars' && (
        <DualRebarsTab
          parallelScan={parallelGprScan}
          perpendicularScan={perpendicularGprScan}
          parallelRebars={readSideRebars(results, 'parallel')}
          perpendicularRebars={readSideRebars(results, 'perpendicular')}
          results={results}
          isDone={analysis.data?.analysisRun?.status === 'FINISHED'}
        />
      )}
      {tab === 'parallel' && (
        <ScanSignalTab key={parallelGprScan.nodeId} scan={parallelGprScan} role="Parallel" />
      )}
      {tab === 'perpendicular' && (
        <ScanSignalTab key={perpendicularGprScan.nodeId} scan={perpendicularGprScan} role="Perpendicular" />
      )}
    </Box>
  );
}
