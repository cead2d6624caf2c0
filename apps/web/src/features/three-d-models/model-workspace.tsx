import type { Area, ThreeDModelResponse, ViewOptions } from '@gprhub/contract';
import { ThreeDModelMessages } from '@gprhub/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { displayChoices, fileDownloadName, pickDisplayedModel, type DisplayChoice } from './model-files';
import { ObservationsPanel } from './observations-panel';
import { useObservations, useUpdateViewOptions, useViewOptions } from './three-d-models-api';
import type { LayerVisibility } from './viewer-toolbar';
import { ViewerToolbar } from './viewer-toolbar';
import type { ControlMode } from './viewer/controls';
import type { Measurement } from './viewer/measure-tool';
import type { ModelLoadInfo } from './viewer/model-content';
import type { ViewerStats } from './viewer/viewer-scene';
import { ViewerScene } from './viewer/viewer-scene';

const DEFAULT_VIEW: ViewOptions = { modelRotation: { x: 0, y: 0, z: 0 }, materialSize: 10, useVertexColors: true };
/** Width of the viewer in percent of the split (the observations panel takes the rest). */
const INITIAL_VIEWER_PERCENT = 72;

/** The 3D model tab: toolbar, the view and the observations panel in a resizable split, the model data table. */
export function ModelWorkspace({ model }: { model: ThreeDModelResponse }) {
  const modelId = model.node.nodeId;
  const versionId = model.threeDModelVersion?.id;
  // The user's cloud/mesh choice holds for the version it was made on; a new version starts from the default.
  const [choice, setChoice] = useState<{ versionId: string | undefined; show: DisplayChoice } | null>(null);
  const shown = choice && choice.versionId === versionId ? choice.show : null;
  const displayed = useMemo(() => pickDisplayedModel(model, shown), [model, shown]);
  const choices = displayChoices(model);
  const serverView = useViewOptions(modelId).data;
  const [view, setView] = useState<ViewOptions | null>(null);
  const updateView = useUpdateViewOptions(modelId);
  const saveTimer = useRef<number | null>(null);
  const observationList = useObservations(modelId, versionId).data;
  const observations = useMemo(() => observationList?.observations ?? [], [observationList]);
  const [opacity, setOpacity] = useState(100);
  const [isGridVisible, setGrid] = useState(true);
  const [isStatsVisible, setStatsVisible] = useState(false);
  const [controlMode, setControlMode] = useState<ControlMode>('orbit');
  const [isMeasuring, setMeasuring] = useState(false);
  const [measurement, setMeasurement] = useState<Measurement | null>(null);
  const [layers, setLayers] = useState<LayerVisibility>({ radargrams: true, rebars: true });
  const [isTableOpen, setTableOpen] = useState(false);
  const [stats, setStats] = useState<ViewerStats>({ fps: 0, points: 0, pointBudget: null, triangles: 0 });
  const [loadInfo, setLoadInfo] = useState<ModelLoadInfo | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [draft, setDraft] = useState<Area | null>(null);
  const [viewerPercent, setViewerPercent] = useState(INITIAL_VIEWER_PERCENT);
  const splitRef = useRef<HTMLDivElement | null>(null);

  const current = view ?? serverView ?? DEFAULT_VIEW;
  const changeView = (next: Partial<ViewOptions>) => {
    const merged = { ...current, ...next };
    setView(merged);
    if (!model.canEdit) return;
    if (saveTimer.current !== null) window.clearTimeout(saveTimer.current);
    saveTimer.current = window.setTimeout(() => updateView.mutate(next), 400);
  };
  const look = useMemo(
    () => ({ pointSizeM: current.materialSize / 1000, useVertexColors: current.useVertexColors, opacity: opacity / 100 }),
    [current.materialSize, current.useVertexColors, opacity],
  );
  const drawn = useMemo(
    () =>
      observations
        .filter((o) => o.isVisible || o.id === selectedId)
        .map((o) => ({ observation: o, area: o.id === selectedId && draft ? draft : o.observationArea })),
    [observations, selectedId, draft],
  );
  const onLoaded = useCallback((info: ModelLoadInfo) => setLoadInfo(info), []);
  useEffect(() => {
    // A newly displayed model (the mesh replacing the cloud, or the user's switch) is loading until it says so.
    setLoadError(null);
    setLoadInfo(null);
  }, [displayed]);

  const onDividerDown = (event: React.PointerEvent<HTMLDivElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const onDividerMove = (event: React.PointerEvent<HTMLDivElement>) => {
    if (!event.currentTarget.hasPointerCapture(event.pointerId) || !splitRef.current) return;
    const rect = splitRef.current.getBoundingClientRect();
    setViewerPercent(Math.min(90, Math.max(40, ((event.clientX - rect.left) / rect.width) * 100)));
  };

  if (!versionId) {
    return (
      <Box sx={{ p: 4, textAlign: 'center' }} data-testid="no-version">
        <Typography sx={{ color: 'text.secondary' }}>{ThreeDModelMessages.noVersion}</Typography>
        <CircularProgress size={20} sx={{ mt: 2 }} />
      </Box>
    );
  }
  const distance = measurement?.distanceM ?? null;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, minHeight: 0, flex: 1 }}>
      <ViewerToolbar
        viewOptions={current}
        canEdit={model.canEdit}
        onViewOptions={changeView}
        opacity={opacity}
        onOpacity={setOpacity}
        isGridVisible={isGridVisible}
        onGrid={setGrid}
        isStatsVisible={isStatsVisible}
        onStats={setStatsVisible}
        controlMode={controlMode}
        onControlMode={setControlMode}
        isMeasuring={isMeasuring}
        onMeasuring={(value) => {
          setMeasuring(value);
          setMeasurement(null);
        }}
        layers={layers}
        onLayers={setLayers}
        isTableOpen={isTableOpen}
        onTable={setTableOpen}
      />
      <Box ref={splitRef} sx={{ display: 'flex', flex: 1, minHeight: 460, border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'hidden' }}>
        <Box sx={{ position: 'relative', width: `${viewerPercent}%`, minWidth: 0 }} data-testid="viewer" data-loaded={loadInfo ? 'true' : 'false'} data-level={loadInfo?.level ?? ''} data-model-kind={displayed?.kind ?? 'none'}>
          <ViewerScene
            model={displayed}
            look={look}
            rotationDeg={current.modelRotation}
            isGridVisible={isGridVisible}
            controlMode={controlMode}
            isMeasuring={isMeasuring}
            observations={drawn}
            selectedObservationId={selectedId}
            layers={layers}
            onStats={setStats}
            onMeasure={setMeasurement}
            onLoaded={onLoaded}
            onError={setLoadError}
          />
          {!loadInfo && !loadError && displayed && (
            <Box sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center', pointerEvents: 'none' }}>
              <CircularProgress />
            </Box>
          )}
          {choices.length > 1 && (
            <ToggleButtonGroup
              size="small"
              exclusive
              value={displayed?.kind === 'cloud' ? 'cloud' : 'mesh'}
              onChange={(_, next: DisplayChoice | null) => next && setChoice({ versionId, show: next })}
              sx={{ position: 'absolute', top: 8, right: 8, bgcolor: 'background.paper' }}
              data-testid="viewer-display-toggle"
            >
              <ToggleButton value="mesh" data-testid="viewer-show-mesh">Mesh</ToggleButton>
              <ToggleButton value="cloud" data-testid="viewer-show-cloud">Point cloud</ToggleButton>
            </ToggleButtonGroup>
          )}
          {loadError && (
            <Alert severity="error" sx={{ position: 'absolute', top: 8, left: 8, right: 8 }}>
              {loadError}
            </Alert>
          )}
          {isStatsVisible && (
            <Paper
              sx={{ position: 'absolute', top: 8, left: 8, px: 1, py: 0.5, opacity: 0.9 }}
              data-testid="viewer-stats"
              data-points={stats.points}
              data-triangles={stats.triangles}
              data-point-budget={stats.pointBudget ?? ''}
            >
              <Typography variant="caption" component="div">{`${stats.fps.toFixed(0)} fps`}</Typography>
              <Typography variant="caption" component="div">{`${stats.points.toLocaleString()} points`}</Typography>
              {stats.pointBudget !== null && (
                <Typography variant="caption" component="div">{`budget ${stats.pointBudget.toLocaleString()} of ${(loadInfo?.points ?? 0).toLocaleString()}`}</Typography>
              )}
              <Typography variant="caption" component="div">{`${stats.triangles.toLocaleString()} triangles`}</Typography>
            </Paper>
          )}
          {isMeasuring && (
            <Paper sx={{ position: 'absolute', bottom: 8, left: 8, px: 1.5, py: 0.5 }} data-testid="measure-panel" data-distance-m={distance ?? ''}>
              <Typography variant="body2">
                {distance !== null
                  ? `Distance: ${distance.toFixed(3)} m`
                  : measurement?.liveDistanceM != null
                    ? `≈ ${measurement.liveDistanceM.toFixed(1)} m`
                    : measurement?.points.length === 1
                      ? 'Click the second point'
                      : 'Click a first point on the model'}
              </Typography>
            </Paper>
          )}
        </Box>
        <Box
          role="separator"
          aria-orientation="vertical"
          aria-valuenow={Math.round(viewerPercent)}
          onPointerDown={onDividerDown}
          onPointerMove={onDividerMove}
          sx={{ width: 6, cursor: 'col-resize', bgcolor: 'divider', flexShrink: 0 }}
        />
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <ObservationsPanel
            modelId={modelId}
            versionId={versionId}
            observations={observations}
            canEdit={model.canEdit}
            selectedId={selectedId}
            onSelect={(id) => {
              setSelectedId(id);
              setDraft(null);
            }}
            draft={draft}
            onDraft={setDraft}
          />
        </Box>
      </Box>
      {isTableOpen && (
        <Table size="small" data-testid="model-data-table">
          <TableHead>
            <TableRow>
              <TableCell>File</TableCell>
              <TableCell>Type</TableCell>
              <TableCell>Content</TableCell>
              <TableCell align="right">Size</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {model.threeDModelVersion?.files.map((f) => (
              <TableRow key={f.versionFileId}>
                <TableCell>
                  <Link href={f.url} download={fileDownloadName(f)}>
                    {fileDownloadName(f)}
                  </Link>
                </TableCell>
                <TableCell>{f.type}</TableCell>
                <TableCell>{f.summary}</TableCell>
                <TableCell align="right">{f.size === null ? '–' : `${(f.size / 1e6).toFixed(2)} MB`}</TableCell>
              </TableRow>
            ))}
            {loadInfo && loadInfo.totalPoints > 0 && (
              <TableRow>
                <TableCell colSpan={4}>{`Points loaded: ${loadInfo.points.toLocaleString()} of ${loadInfo.totalPoints.toLocaleString()}`}</TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}
