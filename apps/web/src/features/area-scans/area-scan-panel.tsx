import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { AreaScan, AreaScanDirection } from '@gprhub/contract';
import { useMemo, useState } from 'react';
import { useLocalPreference } from '../node-details/use-local-preference';
import { useLineScans } from './area-scans-api';
import { AreaPlanView } from './area-plan-view';
import { getCoverScale } from './cover-colors';
import type { CoverScale } from './cover-colors';
import { CoverLegend } from './cover-legend';
import { LineCorrectionCard } from './line-correction-card';
import { applyLineCorrections } from './line-corrections';
import { LineDetectionsPanel } from './line-detections-panel';
import { LineSlider } from './line-slider';
import { OrientationStatCards } from './orientation-stat-cards';
import { getPlanExtent, placeLineHits, placeLines } from './plan-geometry';
import type { LineResult, ResultRebar } from './rebar-results';
import { computeOrientationStatistics } from './rebar-statistics';
import { useLineCorrections } from './use-line-corrections';

/** Spec §9: the hyperbola threshold of the area-scan detail defaults to 0.5 (kept in the browser). */
export const AREA_HYPERBOLA_THRESHOLD = 0.5;
const THRESHOLD_KEY = 'gprhub.areaScan.hyperbolaThreshold';
const LAYERS_KEY = 'gprhub.areaScan.layers';
const NO_GRID = { gridSizeX: null, gridSizeY: null, areaScanWidth: null, areaScanHeight: null };

export interface AreaScanPanelProps {
  areaScan: AreaScan;
  /** Bars linked across the lines (empty until the analysis finishes). */
  rebars: ResultRebar[];
  /** Each line's own results (arriving line by line while the analysis runs). */
  lineResults: LineResult[];
  isRunning: boolean;
  /** false when the finished results keep no per-line detections (the combined dual-orientation analysis). */
  hasLineResults?: boolean;
  /** A colour scale shared with other panels (side by side); by default this panel's own covers. */
  coverScale?: CoverScale;
  /** Drawing width of the plan (narrow panels draw smaller so text stays legible). */
  planViewWidth?: number;
  /** Dual-orientation areas: the direction the combined analysis gave this scan's lines. */
  forcedDirection?: AreaScanDirection;
  testId?: string;
}

/**
 * One area scan analysed: the plan of its bars with layer toggles and cover legend, the line slider that
 * highlights a line and lists its own detections, and the stat cards of each layer.
 */
export function AreaScanPanel({
  areaScan,
  rebars: analysedRebars,
  lineResults,
  isRunning,
  hasLineResults = true,
  forcedDirection,
  coverScale: sharedScale,
  planViewWidth,
  testId = 'area-scan-panel',
}: AreaScanPanelProps) {
  const lineScans = useLineScans(areaScan.nodeId);
  const [layers, setLayers] = useLocalPreference(LAYERS_KEY, { vertical: true, horizontal: true });
  const [threshold, setThreshold] = useLocalPreference(THRESHOLD_KEY, AREA_HYPERBOLA_THRESHOLD);
  const [lineIndex, setLineIndex] = useState(0);

  const scans = useMemo(() => lineScans.data?.gprScans ?? [], [lineScans.data]);
  const lines = useMemo(
    () => placeLines(areaScan, scans, forcedDirection),
    [areaScan, scans, forcedDirection],
  );
  // The slider runs in csvLineNumber order, as the API lists the lines.
  const sliderItems = useMemo(
    () =>
      scans.map((scan) => ({
        nodeId: scan.nodeId,
        label: lines.find((l) => l.nodeId === scan.nodeId)?.label ?? scan.name,
      })),
    [scans, lines],
  );
  const lineNodeIds = useMemo(() => scans.map((scan) => scan.nodeId), [scans]);
  const { corrections } = useLineCorrections(lineNodeIds);
  // The users' line corrections feed the plan, the layer counts and the statistics.
  const rebars = useMemo(
    () => applyLineCorrections(analysedRebars, lines, corrections),
    [analysedRebars, lines, corrections],
  );
  const correctedLineCount = lines.filter((line) => corrections.has(line.nodeId)).length;
  const selected = scans[Math.min(lineIndex, scans.length - 1)] ?? null;
  const selectedLabel = selected ? (sliderItems[scans.indexOf(selected)]?.label ?? selected.name) : '';
  const selectedResult = selected ? (lineResults.find((l) => l.nodeId === selected.nodeId) ?? null) : null;
  const isShown = (orientation: 0 | 1) => (orientation === 0 ? layers.vertical : layers.horizontal);
  const hits = useMemo(
    () =>
      rebars.length > 0
        ? []
        : placeLineHits(lines, lineResults).filter((hit) => (hit.confidence ?? 1) >= threshold),
    [rebars.length, lines, lineResults, threshold],
  );
  // A turned scan's own grid is rotated against the plan: size the plan from its lines and bars instead.
  const extent = useMemo(
    () => getPlanExtent(forcedDirection ? NO_GRID : areaScan, lines, rebars),
    [forcedDirection, areaScan, lines, rebars],
  );
  const coverScale = useMemo(
    () => sharedScale ?? getCoverScale([...rebars.map((r) => r.coverM), ...hits.map((h) => h.coverM)]),
    [sharedScale, rebars, hits],
  );
  const vertical = computeOrientationStatistics(rebars, 0);
  const horizontal = computeOrientationStatistics(rebars, 1);
  const countOf = (o: 0 | 1) => rebars.filter((r) => r.orientation === o).length;
  // A side of a dual-orientation pair finds one layer only (its lines along x see the vertical bars, along y the
  // horizontal ones): the other layer's toggle and statistics would only ever say 'none found'.
  const orientations: (0 | 1)[] = forcedDirection ? [forcedDirection === 'LEFT_TO_RIGHT' ? 0 : 1] : [0, 1];

  return (
    <Box data-testid={testId} sx={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
      <Card variant="outlined">
        <CardContent>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1 }}>
            {orientations.includes(0) && (
              <FormControlLabel
                control={
                  <Checkbox
                    size="small"
                    checked={layers.vertical}
                    onChange={(e) => setLayers({ ...layers, vertical: e.target.checked })}
                    data-testid="layer-vertical"
                  />
                }
                label={`Vertical bars (${countOf(0)})`}
              />
            )}
            {orientations.includes(1) && (
              <FormControlLabel
                control={
                  <Checkbox
                    size="small"
                    checked={layers.horizontal}
                    onChange={(e) => setLayers({ ...layers, horizontal: e.target.checked })}
                    data-testid="layer-horizontal"
                  />
                }
                label={`Horizontal bars (${countOf(1)})`}
              />
            )}
            <Box sx={{ flexGrow: 1 }} />
            <CoverLegend scale={coverScale} />
          </Box>
          {lineScans.isError ? (
            <Alert severity="error">
              The lines of this area scan could not be loaded: {lineScans.error.message}
            </Alert>
          ) : !lineScans.data ? (
            <Skeleton variant="rectangular" height={360} />
          ) : (
            <AreaPlanView
              extent={extent}
              lines={lines}
              rebars={rebars.filter((r) => isShown(r.orientation))}
              hits={hits.filter((h) => isShown(h.orientation))}
              coverScale={coverScale}
              selectedLineId={selected?.nodeId ?? null}
              onSelectLine={(nodeId) =>
                setLineIndex(
                  Math.max(
                    0,
                    scans.findIndex((s) => s.nodeId === nodeId),
                  ),
                )
              }
              viewWidth={planViewWidth}
              testId={`${testId}-plan`}
            />
          )}
          {isRunning && rebars.length === 0 && (
            <Typography variant="caption" sx={{ color: 'text.secondary' }} data-testid={`${testId}-live`}>
              Analysing: dots are bars seen by single lines ({lineResults.length} of {scans.length} lines
              done); they are linked into bars when every line is done.
            </Typography>
          )}
          <Box sx={{ mt: 2 }}>
            <LineSlider
              items={sliderItems}
              value={Math.min(lineIndex, Math.max(0, scans.length - 1))}
              onChange={setLineIndex}
            />
          </Box>
        </CardContent>
      </Card>
      {selected && (
        <Card variant="outlined">
          <CardContent>
            <LineDetectionsPanel
              scan={selected}
              label={selectedLabel}
              result={selectedResult}
              threshold={threshold}
              onThresholdChange={setThreshold}
              isRunning={isRunning}
              hasLineResults={hasLineResults}
            />
          </CardContent>
        </Card>
      )}
      {selected && !isRunning && hasLineResults && (
        <LineCorrectionCard
          key={selected.nodeId}
          scan={selected}
          title={`Correct ${selectedLabel}`}
          description="Corrected bars of this line replace its analysed ones in the plan and the statistics; the line's own page shows the same correction."
          baseResults={selectedResult?.raw ?? null}
          testId={`${testId}-line-correction`}
        />
      )}
      <Card variant="outlined">
        <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          {correctedLineCount > 0 && (
            <Typography
              variant="caption"
              sx={{ color: 'text.secondary' }}
              data-testid={`${testId}-corrected-lines`}
            >
              With the corrections of {correctedLineCount} {correctedLineCount === 1 ? 'line' : 'lines'}.
            </Typography>
          )}
          {isRunning && rebars.length === 0 ? (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              The statistics appear when the analysis has linked the bars.
            </Typography>
          ) : (
            <>
              {orientations.includes(0) && (
                <OrientationStatCards
                  title="Vertical bars"
                  stats={vertical}
                  testId={`${testId}-stats-vertical`}
                />
              )}
              {orientations.includes(1) && (
                <OrientationStatCards
                  title="Horizontal bars"
                  stats={horizontal}
                  testId={`${testId}-stats-horizontal`}
                />
              )}
            </>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
