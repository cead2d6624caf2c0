import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { getErrorMessage } from '../../api/api-error';
import { NotFoundPage } from '../../components/not-found-page';
import { PageHeader } from '../../components/page-header';
import { useUuidParam } from '../../routes/use-uuid-param';
import { useAutoAnalysis } from '../analyses/use-analysis-by-input';
import { AnalysisStatusBar } from '../area-scans/analysis-status-bar';
import { readRebarResults, readSideRebars } from '../area-scans/rebar-results';
import { DualRebarsTab } from './dual-rebars-tab';
import { useDualOrientationGprScan } from './dual-orientation-api';
import { ScanSignalTab } from './scan-signal-tab';
import { SwapRolesButton } from './swap-roles-button';

const TABS = ['rebars', 'parallel', 'perpendicular'] as const;
type TabKey = (typeof TABS)[number];

/**
 * `/dual-orientation-gpr-scans/{id}`: tabs Rebars (LINE_SCAN_DUAL_ORIENTATION_REBAR_2: both scans' bars with
 * one permittivity), Parallel GPR scan and Perpendicular GPR scan, and the swap of the two roles.
 */
export function DualOrientationGprScanPage() {
  const id = useUuidParam('id');
  const [search, setSearch] = useSearchParams();
  const tab: TabKey = TABS.find((t) => t === search.get('tab')) ?? 'rebars';
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
  const parsed = useMemo(() => readRebarResults(results), [results]);

  if (dual.isError) {
    if (dual.error.httpStatus === 404)
      return <NotFoundPage message="This dual-orientation GPR scan does not exist, or it was deleted." />;
    return <Alert severity="error">It could not be loaded: {getErrorMessage(dual.error)}</Alert>;
  }
  if (!dual.data || !pair) return <Skeleton variant="rectangular" height={420} />;
  const { parallelGprScan, perpendicularGprScan } = dual.data;
  const selectTab = (next: TabKey) =>
    setSearch(
      (current) => {
        const params = new URLSearchParams(current);
        if (next === 'rebars') params.delete('tab');
        else params.set('tab', next);
        return params;
      },
      { replace: true },
    );

  return (
    <Box data-testid="dual-gpr-scan-page" data-parallel={pair.parallelGprScanNodeId}>
      <PageHeader
        title={pair.name}
        description={`Parallel: ${parallelGprScan.name} · Perpendicular: ${perpendicularGprScan.name}`}
        actions={
          <SwapRolesButton
            kind="gpr"
            parallel={pair.parallelGprScanNodeId}
            perpendicular={pair.perpendicularGprScanNodeId}
          />
        }
      />
      <AnalysisStatusBar
        answer={analysis.data}
        onRerun={() => analysis.trigger(true)}
        isTriggering={analysis.isTriggering}
        triggerError={analysis.triggerError}
        loadError={analysis.isError ? getErrorMessage(analysis.error) : null}
      />
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
          permittivity={parsed.permittivity}
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
