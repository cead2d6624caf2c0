import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { useMemo } from 'react';
import { LoadErrorPage } from '../../components/load-error-page';
import { PageHeader } from '../../components/page-header';
import { NodeBreadcrumbs } from '../hub/node-breadcrumbs';
import { useUuidParam } from '../../routes/use-uuid-param';
import { useAutoAnalysis } from '../analyses/use-analysis-by-input';
import { AnalysisStatusBar } from './analysis-status-bar';
import { AreaScanDetailsCard } from './area-scan-details-card';
import { AreaScanPanel } from './area-scan-panel';
import { useAreaScanDetails } from './area-scans-api';
import { MaterialPropertiesCard } from '../gpr-scans/material-properties-card';
import { PermittivityCard } from '../gpr-scans/permittivity-card';
import { areaCalibrationPoints, readRebarResults } from './rebar-results';
import { isActiveStatus } from '../analyses/analysis-polling';
import { ExportMenu } from '../reports/export-menu';
import { downloadExport } from '../reports/reports-api';
import { useGprPointCloud } from '../three-d-models/gpr-point-cloud';
import Chip from '@mui/material/Chip';

/**
 * `/area-scans/{id}`: the area scan's rebars in plan (AREA_SCAN_REBAR_2, started automatically and shown
 * line by line while it runs), the line slider, the stat cards per layer, details, material properties and the
 * area's permittivity with its known-cover calibration (issue #13 item 7).
 */
export function AreaScanPage() {
  const id = useUuidParam('id');
  const details = useAreaScanDetails(id);
  const input = useMemo(() => (id ? { areaScanNodeId: id } : null), [id]);
  const analysis = useAutoAnalysis('AREA_SCAN_REBAR_2', input);
  // GENERATE_POINT_CLOUD of the area (decisions/0045): the migrated volume of its lines as coloured points.
  const cloud = useGprPointCloud(details.data?.areaScan.nodeId);
  const results = useMemo(() => readRebarResults(analysis.data?.results), [analysis.data]);
  const calibrationPoints = useMemo(() => areaCalibrationPoints(results.rebars), [results.rebars]);
  const status = analysis.data?.analysisRun?.status;
  const isRunning = isActiveStatus(status);

  if (details.isError) return <LoadErrorPage error={details.error} noun="area scan" />;
  if (!details.data) return <Skeleton variant="rectangular" height={480} data-testid="area-scan-loading" />;
  const { areaScan, gprScanZipFile, dualOrientationAreaScan, lineScanCount } = details.data;

  return (
    <Box data-testid="area-scan-page">
      <NodeBreadcrumbs nodeId={id} />
      <PageHeader
        title={areaScan.name}
        description="Area scan: the rebars of every line, linked across the grid."
        actions={
          <ExportMenu
            nodeId={areaScan.nodeId}
            exports={[
              {
                label: 'Export CSV (bars)',
                path: `/api/area-scans/${areaScan.nodeId}/export?format=csv`,
                fileName: `${areaScan.name}-rebars.csv`,
                testId: 'export-csv',
              },
              {
                label: 'Export DXF (rebar plan)',
                path: `/api/area-scans/${areaScan.nodeId}/export?format=dxf`,
                fileName: `${areaScan.name}-rebar-plan.dxf`,
                testId: 'export-dxf',
              },
            ]}
            actions={[
              {
                label: cloud.isRunning
                  ? 'Generating point cloud…'
                  : cloud.status
                    ? 'Generate point cloud again'
                    : 'Generate point cloud',
                testId: 'generate-point-cloud',
                disabled: cloud.isRunning,
                onClick: () => cloud.generate(),
              },
              ...(cloud.results
                ? [
                    {
                      label: 'Download point cloud (PLY)',
                      testId: 'download-point-cloud',
                      onClick: () =>
                        downloadExport(
                          `/api/files/${cloud.results!.pointCloudFileId}/download`,
                          `${areaScan.name}-gpr-point-cloud.ply`,
                        ),
                    },
                  ]
                : []),
            ]}
            status={
              cloud.isRunning || cloud.failure || cloud.error ? (
                <Chip
                  size="small"
                  data-testid="point-cloud-status"
                  color={cloud.failure || cloud.error ? 'error' : 'default'}
                  label={
                    cloud.isRunning
                      ? `Point cloud ${cloud.progress ?? 0} %`
                      : `Point cloud failed: ${cloud.failure ?? cloud.error}`
                  }
                />
              ) : null
            }
          />
        }
      />
      <AnalysisStatusBar analysis={analysis} />
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 1fr) 320px' },
          alignItems: 'start',
        }}
      >
        <AreaScanPanel
          areaScan={areaScan}
          rebars={results.rebars}
          lineResults={results.lines}
          isRunning={isRunning}
        />
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <AreaScanDetailsCard
            areaScan={areaScan}
            lineCount={lineScanCount}
            zipFile={gprScanZipFile}
            dualOrientationAreaScan={dualOrientationAreaScan}
          />
          <MaterialPropertiesCard results={analysis.data?.results} testId="material-properties" />
          {input && (
            <PermittivityCard
              analysisType="AREA_SCAN_REBAR_2"
              input={input}
              results={analysis.data?.results ?? null}
              pointLabel="Measured bar and line"
              points={calibrationPoints}
              testId="area-permittivity"
            />
          )}
        </Box>
      </Box>
    </Box>
  );
}
