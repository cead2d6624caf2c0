import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { NodeNotFoundPage } from '../../components/node-not-found-page';
import { NotFoundPage } from '../../components/not-found-page';
import { useUuidParam } from '../../routes/use-uuid-param';
import { useAutoAnalysis } from '../analyses/use-analysis-by-input';
import { HubBreadcrumbs } from '../hub/hub-breadcrumbs';
import { useScreenClass } from '../hub/use-screen-class';
import { useHubPath } from '../nodes/nodes-api';
import { ScanGeometryButton } from './edit-scan-geometry-dialog';
import { GprScanDetailsCard } from './gpr-scan-details-card';
import { formatLengthCm, formatScanNumber } from './gpr-scan-format';
import { useGprScanDetails } from './gpr-scans-api';
import { MaterialPropertiesCard } from './material-properties-card';
import { RebarsTab } from './rebars-tab';
import { GprScanSignalTab } from '../radargram/gpr-scan-signal-tab';
import { useTabParam } from '../../lib/use-tab-param';
import { ExportMenu } from '../reports/export-menu';

const TABS = [
  { value: 'rebars', label: 'Rebars' },
  { value: 'signal', label: 'GPR scan signal' },
] as const;
type TabValue = (typeof TABS)[number]['value'];

/** `/gpr-scans/{id}`: a line scan's rebars and signal, with its details and material properties. */
export function GprScanPage() {
  const nodeId = useUuidParam('id');
  const screen = useScreenClass();
  const [tab, selectTab] = useTabParam<TabValue>(['rebars', 'signal']);
  const details = useGprScanDetails(nodeId);
  const hubPath = useHubPath(nodeId ?? undefined);
  const input = useMemo(() => (nodeId ? { gprScanNodeId: nodeId } : null), [nodeId]);
  const analysis = useAutoAnalysis('LINE_SCAN_REBAR_2', input, { enabled: Boolean(details.data) });

  if (!nodeId) return <NotFoundPage />;
  if (details.error?.httpStatus === 404) return <NodeNotFoundPage nodeId={nodeId} noun="GPR scan" />;
  const scan = details.data?.gprScan;
  const scanNumber = formatScanNumber(scan?.scanNumber);

  return (
    <Box data-testid="gpr-scan-page" data-node-id={nodeId}>
      {hubPath.data ? (
        <HubBreadcrumbs path={hubPath.data.path} screen={screen} />
      ) : (
        <Skeleton width={220} sx={{ mb: 0.75 }} />
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, mb: 2 }}>
        <Typography
          variant="h4"
          component="h1"
          data-testid="gpr-scan-name"
          sx={{ minWidth: 0, overflowWrap: 'anywhere' }}
        >
          {scan?.name ?? <Skeleton width={260} />}
        </Typography>
        {scan && (
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Chip size="small" label="GPR scan" color="primary" variant="outlined" />
            {scanNumber && <Chip size="small" label={scanNumber} />}
            <Chip size="small" label={formatLengthCm(scan.scanLength)} />
            {scan.traceSpacingM > 0 && <ScanGeometryButton scan={scan} isMissing={false} />}
          </Box>
        )}
        {scan && (
          <Box sx={{ ml: 'auto' }}>
            <ExportMenu
              nodeId={scan.nodeId}
              exports={[{ label: 'Export CSV (bars)', path: `/api/gpr-scans/${scan.nodeId}/export?format=csv`, fileName: `${scan.name}-rebars.csv`, testId: 'export-csv' }]}
            />
          </Box>
        )}
      </Box>
      {scan && scan.traceSpacingM <= 0 && <ScanGeometryButton scan={scan} isMissing />}
      {details.error && details.error.httpStatus !== 404 && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {details.error.message}
        </Alert>
      )}
      <Box
        sx={{
          display: 'grid',
          gap: 2.5,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) 340px' },
          alignItems: 'start',
        }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Tabs
            value={tab}
            onChange={(_, value: TabValue) => selectTab(value)}
            aria-label="GPR scan views"
            sx={{ mb: 2, borderBottom: 1, borderColor: 'divider', minHeight: 40 }}
          >
            {TABS.map((item) => (
              <Tab
                key={item.value}
                value={item.value}
                label={item.label}
                data-testid={`gpr-scan-tab-${item.value}`}
                sx={{ minHeight: 40 }}
              />
            ))}
          </Tabs>
          {!scan ? (
            <Skeleton variant="rounded" height={420} />
          ) : tab === 'rebars' ? (
            <RebarsTab scan={scan} analysis={analysis} />
          ) : (
            <GprScanSignalTab scanId={scan.nodeId} />
          )}
        </Box>
        <Box
          sx={{
            display: 'grid',
            gap: 2.5,
            minWidth: 0,
            alignItems: 'start',
            gridTemplateColumns: {
              xs: 'minmax(0, 1fr)',
              md: 'repeat(2, minmax(0, 1fr))',
              lg: 'minmax(0, 1fr)',
            },
          }}
        >
          <GprScanDetailsCard details={details.data} />
          <MaterialPropertiesCard
            results={
              analysis.data?.analysisRun?.status === 'FINISHED' ? (analysis.data.results ?? null) : null
            }
          />
        </Box>
      </Box>
    </Box>
  );
}
