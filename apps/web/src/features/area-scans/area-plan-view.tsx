import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { useMemo } from 'react';
import type { CoverScale } from './cover-colors';
import { getCoverColor } from './cover-colors';
import type { PlacedLine, PlanExtent, PlanHit } from './plan-geometry';
import { chooseAxisStep, createPlanTransform, getAxisTicks } from './plan-geometry';
import type { ResultRebar } from './rebar-results';

/** Drawing size of the plan (the SVG scales to its container; text stays legible down to phone width). */
const VIEW_WIDTH = 900;
const VIEW_HEIGHT = 560;
const MARGIN = 52;
/** Half-width of a line's click target. */
const HIT_PX = 7;

export interface AreaPlanViewProps {
  extent: PlanExtent;
  lines: PlacedLine[];
  /** Bars linked across lines (the finished analysis). */
  rebars: ResultRebar[];
  /** Single-line detections shown while the analysis runs (before bars are linked). */
  hits: PlanHit[];
  coverScale: CoverScale;
  selectedLineId: string | null;
  onSelectLine: (nodeId: string) => void;
  /** Drawing width the SVG scales from: smaller for narrow panels, so text stays legible. */
  viewWidth?: number;
  testId?: string;
}

const formatCm = (m: number) => `${(m * 100).toFixed(1)} cm`;
const orientationName = (o: 0 | 1) => (o === 0 ? 'Vertical' : 'Horizontal');

/**
 * The area in plan (metres on both axes, origin bottom left, y up): the scan lines (the selected one
 * highlighted; a click selects a line), the bars as polylines coloured by cover, and while the analysis runs
 * each line's own detections as dots.
 */
export function AreaPlanView(props: AreaPlanViewProps) {
  const { extent, lines, rebars, hits, coverScale, selectedLineId, onSelectLine } = props;
  const theme = useTheme();
  const viewWidth = props.viewWidth ?? VIEW_WIDTH;
  const t = useMemo(
    () => createPlanTransform(extent, viewWidth, (viewWidth * VIEW_HEIGHT) / VIEW_WIDTH, MARGIN),
    [extent, viewWidth],
  );
  const step = chooseAxisStep(Math.max(extent.width, extent.height));
  const text = theme.palette.text.secondary;
  const grid = theme.palette.divider;
  const x0 = t.toX(0);
  const y0 = t.toY(0);
  const xEnd = t.toX(extent.width);
  const yEnd = t.toY(extent.height);
  const selectedLine = lines.find((line) => line.nodeId === selectedLineId);
  const isSelectedAlongX = selectedLine?.direction === 'LEFT_TO_RIGHT';
  const barWidth = (r: ResultRebar) => Math.max(3, Math.min(14, 2 * r.R * t.scale));

  return (
    <Box
      component="svg"
      viewBox={`0 0 ${t.width} ${t.height}`}
      role="img"
      aria-label="Rebars of the area in plan"
      data-testid={props.testId ?? 'area-plan-view'}
      sx={{ width: '100%', height: 'auto', maxHeight: 620, display: 'block', userSelect: 'none' }}
    >
      <rect x={x0} y={yEnd} width={xEnd - x0} height={y0 - yEnd} fill={theme.palette.action.hover} />
      {getAxisTicks(extent.width, step).map((v) => (
        <g key={`x${v}`}>
          <line x1={t.toX(v)} x2={t.toX(v)} y1={yEnd} y2={y0} stroke={grid} strokeWidth={1} />
          <text x={t.toX(v)} y={y0 + 18} fontSize={13} textAnchor="middle" fill={text}>
            {v.toFixed(step < 0.1 ? 2 : 1)}
          </text>
        </g>
      ))}
      {getAxisTicks(extent.height, step).map((v) => (
        <g key={`y${v}`}>
          <line x1={x0} x2={xEnd} y1={t.toY(v)} y2={t.toY(v)} stroke={grid} strokeWidth={1} />
          <text x={x0 - 8} y={t.toY(v) + 4} fontSize={13} textAnchor="end" fill={text}>
            {v.toFixed(step < 0.1 ? 2 : 1)}
          </text>
        </g>
      ))}
      <text x={xEnd} y={y0 + 38} fontSize={13} textAnchor="end" fill={text}>
        x (m)
      </text>
      <text x={x0 - 8} y={yEnd - 14} fontSize={13} textAnchor="end" fill={text}>
        y (m)
      </text>

      {lines.map((line) => {
        const isSelected = line.nodeId === selectedLineId;
        const coords = {
          x1: t.toX(line.from[0]),
          y1: t.toY(line.from[1]),
          x2: t.toX(line.to[0]),
          y2: t.toY(line.to[1]),
        };
        return (
          <g
            key={line.nodeId}
            data-testid="plan-line"
            data-line={line.label}
            data-selected={isSelected}
            onClick={() => onSelectLine(line.nodeId)}
            style={{ cursor: 'pointer' }}
          >
            <title>{`${line.label} (${line.direction === 'LEFT_TO_RIGHT' ? 'left to right' : 'bottom to top'})`}</title>
            <rect
              x={Math.min(coords.x1, coords.x2) - HIT_PX}
              y={Math.min(coords.y1, coords.y2) - HIT_PX}
              width={Math.abs(coords.x2 - coords.x1) + 2 * HIT_PX}
              height={Math.abs(coords.y2 - coords.y1) + 2 * HIT_PX}
              fill="transparent"
            />
            <line
              {...coords}
              stroke={isSelected ? theme.palette.primary.main : text}
              strokeOpacity={isSelected ? 1 : 0.45}
              strokeWidth={isSelected ? 3 : 1.2}
              strokeDasharray={isSelected ? undefined : '5 4'}
            />
          </g>
        );
      })}

      {rebars.map((r) => (
        <polyline
          key={`${r.id}-outline`}
          points={toPolylinePoints(r, t)}
          fill="none"
          stroke={theme.palette.text.primary}
          strokeOpacity={0.35}
          strokeWidth={barWidth(r) + 2}
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      ))}
      {rebars.map((r) => (
        <polyline
          key={r.id}
          data-testid="plan-rebar"
          data-orientation={r.orientation}
          data-cover-m={r.coverM.toFixed(4)}
          data-corrected={r.isCorrected ? 'true' : 'false'}
          data-points-m={r.depthCoords.map(([x, y]) => `${x.toFixed(3)},${y.toFixed(3)}`).join(' ')}
          points={toPolylinePoints(r, t)}
          fill="none"
          stroke={getCoverColor(r.coverM, coverScale)}
          strokeWidth={barWidth(r)}
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <title>{`${orientationName(r.orientation)} bar · cover ${formatCm(r.coverM)} · Ø ${Math.round(r.R * 2000)} mm${r.usesDefaultRadius ? ' (default)' : ''}${r.isCorrected ? ' · corrected' : ''}`}</title>
        </polyline>
      ))}

      {hits.map((hit) => (
        <circle
          key={hit.id}
          data-testid="plan-hit"
          data-orientation={hit.orientation}
          cx={t.toX(hit.x)}
          cy={t.toY(hit.y)}
          r={5}
          fill={getCoverColor(hit.coverM, coverScale)}
          stroke={theme.palette.text.primary}
          strokeOpacity={0.5}
          strokeWidth={1}
        >
          <title>{`${orientationName(hit.orientation)} bar seen by one line · cover ${formatCm(hit.coverM)}`}</title>
        </circle>
      ))}
      {selectedLine && (
        <text
          data-testid="plan-selected-label"
          x={t.toX(selectedLine.to[0]) + (isSelectedAlongX ? 6 : 4)}
          y={t.toY(selectedLine.to[1]) + (isSelectedAlongX ? 4 : -6)}
          textAnchor="start"
          fontSize={13}
          fontWeight={700}
          fill={theme.palette.primary.main}
        >
          {selectedLine.label}
        </text>
      )}
    </Box>
  );
}

/** A bar's polyline; a bar seen on one line only is a zero-length segment, which its round caps draw as a dot. */
function toPolylinePoints(rebar: ResultRebar, t: { toX: (m: number) => number; toY: (m: number) => number }) {
  const points = rebar.depthCoords.map(([x, y]) => `${t.toX(x)},${t.toY(y)}`);
  return (points.length === 1 ? [points[0], points[0]] : points).join(' ');
}
