import type { LineRebar } from './line-rebars';
import { getRebarCentreDepth, getRebarCover, getRebarX, getDiameterMm } from './line-rebars';
import type { ViewGeometry } from './rebar-view-geometry';
import {
  AXIS_STEP_M,
  getAxisTicks,
  getLabelEvery,
  toCanvas,
  VIEW_MARGINS,
  WORLD_HEIGHT_M,
} from './rebar-view-geometry';

/** Colours of the view, from the theme's current scheme. */
export interface RebarViewPalette {
  text: string;
  mutedText: string;
  grid: string;
  concrete: string;
  outside: string;
  surface: string;
  analysis: string;
  corrected: string;
  selected: string;
  range: string;
}

/** Which labels to write above the bars (the toolbar's Ø, cover and scan-distance toggles). */
export interface RebarLabelToggles {
  diameter: boolean;
  cover: boolean;
  distance: boolean;
}

export interface RebarViewModel {
  geometry: ViewGeometry;
  /** The GPR signal converted to depth, drawn under the bars (null: layer off). */
  signal: { image: CanvasImageSource; widthM: number; depthM: number } | null;
  scanLengthM: number;
  /** The engine's bars (null: layer off). */
  analysisBars: readonly LineRebar[] | null;
  /** The corrected bars (null: layer off). */
  correctedBars: readonly LineRebar[] | null;
  /** Bars inside the cover range (counted and highlighted). */
  countedIds: ReadonlySet<string>;
  coverRangeM: readonly [number, number];
  labels: RebarLabelToggles;
  selectedId: string | null;
  palette: RebarViewPalette;
}

const FONT = '500 12px Poppins, system-ui, sans-serif';
const SMALL_FONT = '400 11px Poppins, system-ui, sans-serif';
const LABEL_ROWS = [
  { key: 'diameter', title: 'Ø (mm)', y: 28 },
  { key: 'cover', title: 'Cover (cm)', y: 52 },
  { key: 'distance', title: 'Distance (cm)', y: 76 },
] as const;

/** Draw the whole cross-section: concrete, cover range, axes, bars and their labels. */
export function drawRebarView(ctx: CanvasRenderingContext2D, model: RebarViewModel): void {
  const { geometry: g, palette } = model;
  ctx.clearRect(0, 0, g.width, g.height);
  const plotLeft = VIEW_MARGINS.left;
  const plotRight = g.width - VIEW_MARGINS.right;
  const top = VIEW_MARGINS.top;
  const bottom = g.height - VIEW_MARGINS.bottom;
  const scanEnd = toCanvas(g, model.scanLengthM, 0).x;

  // Concrete under the surface, along the scanned length; the world's last 5 cm beyond it stays lighter.
  ctx.fillStyle = palette.concrete;
  ctx.fillRect(plotLeft, top, scanEnd - plotLeft, bottom - top);
  ctx.fillStyle = palette.outside;
  ctx.fillRect(scanEnd, top, plotRight - scanEnd, bottom - top);

  if (model.signal) {
    const end = toCanvas(g, model.signal.widthM, model.signal.depthM);
    ctx.imageSmoothingEnabled = true;
    ctx.drawImage(model.signal.image, plotLeft, top, end.x - plotLeft, end.y - top);
  }
  drawCoverRange(ctx, model, plotLeft, plotRight);
  drawGrid(ctx, g, palette, plotLeft, plotRight, top, bottom);

  // Surface line.
  ctx.strokeStyle = palette.surface;
  ctx.lineWidth = 2;
  ctx.beginPath();
  ctx.moveTo(plotLeft, top);
  ctx.lineTo(plotRight, top);
  ctx.stroke();

  if (model.analysisBars) drawBars(ctx, model, model.analysisBars, 'analysis');
  if (model.correctedBars) drawBars(ctx, model, model.correctedBars, 'corrected');
  drawLabels(ctx, model);
}

function drawCoverRange(ctx: CanvasRenderingContext2D, model: RebarViewModel, left: number, right: number) {
  const { geometry: g, palette } = model;
  const [minCover, maxCover] = model.coverRangeM;
  const yMin = toCanvas(g, 0, minCover).y;
  const yMax = toCanvas(g, 0, Math.min(maxCover, WORLD_HEIGHT_M)).y;
  ctx.fillStyle = palette.range;
  ctx.fillRect(left, yMin, right - left, yMax - yMin);
  ctx.setLineDash([6, 4]);
  ctx.strokeStyle = palette.mutedText;
  ctx.lineWidth = 1;
  for (const y of [yMin, yMax]) {
    ctx.beginPath();
    ctx.moveTo(left, y);
    ctx.lineTo(right, y);
    ctx.stroke();
  }
  ctx.setLineDash([]);
}

function drawGrid(
  ctx: CanvasRenderingContext2D,
  g: ViewGeometry,
  palette: RebarViewPalette,
  left: number,
  right: number,
  top: number,
  bottom: number,
) {
  ctx.font = SMALL_FONT;
  ctx.lineWidth = 1;
  const xTicks = getAxisTicks(g.worldWidthM);
  const everyX = getLabelEvery(AXIS_STEP_M * g.pxPerMX, 34);
  ctx.textAlign = 'center';
  ctx.textBaseline = 'bottom';
  xTicks.forEach((xM, i) => {
    const { x } = toCanvas(g, xM, 0);
    ctx.strokeStyle = palette.grid;
    ctx.beginPath();
    ctx.moveTo(x, top);
    ctx.lineTo(x, bottom);
    ctx.stroke();
    ctx.strokeStyle = palette.mutedText;
    ctx.beginPath();
    ctx.moveTo(x, top - 5);
    ctx.lineTo(x, top);
    ctx.stroke();
    if (i % everyX === 0) {
      ctx.fillStyle = palette.mutedText;
      ctx.fillText(xM.toFixed(1), x, top - 7);
    }
  });
  ctx.textAlign = 'left';
  ctx.fillText('m', right + 4, top - 7);

  const yTicks = getAxisTicks(WORLD_HEIGHT_M);
  const everyY = getLabelEvery(AXIS_STEP_M * g.pxPerMY, 16);
  ctx.textAlign = 'right';
  ctx.textBaseline = 'middle';
  yTicks.forEach((depthM, i) => {
    const { y } = toCanvas(g, 0, depthM);
    ctx.strokeStyle = palette.grid;
    ctx.beginPath();
    ctx.moveTo(left, y);
    ctx.lineTo(right, y);
    ctx.stroke();
    if (i % everyY === 0) {
      ctx.fillStyle = palette.mutedText;
      ctx.fillText(depthM.toFixed(1), left - 8, y);
    }
  });
  ctx.save();
  ctx.translate(22, (top + bottom) / 2);
  ctx.rotate(-Math.PI / 2);
  ctx.textAlign = 'center';
  ctx.fillStyle = palette.mutedText;
  ctx.font = FONT;
  ctx.fillText('Depth (m)', 0, 0);
  ctx.restore();
}

function drawBars(
  ctx: CanvasRenderingContext2D,
  model: RebarViewModel,
  bars: readonly LineRebar[],
  layer: 'analysis' | 'corrected',
) {
  const { geometry: g, palette } = model;
  const colour = layer === 'analysis' ? palette.analysis : palette.corrected;
  for (const bar of bars) {
    const xM = getRebarX(bar);
    const centre = toCanvas(g, xM, getRebarCentreDepth(bar));
    const isCounted = model.countedIds.has(bar.id);
    const isSelected = layer === 'corrected' && bar.id === model.selectedId;
    const rx = Math.max(bar.R * g.pxPerMX, 2.5);
    const ry = Math.max(bar.R * g.pxPerMY, 2.5);
    ctx.globalAlpha = isCounted ? 1 : 0.35;
    // Cover: a thin line from the surface to the top of the bar.
    ctx.strokeStyle = colour;
    ctx.lineWidth = 1;
    ctx.setLineDash([2, 3]);
    ctx.beginPath();
    ctx.moveTo(centre.x, VIEW_MARGINS.top);
    ctx.lineTo(centre.x, centre.y - ry);
    ctx.stroke();
    ctx.setLineDash([]);
    ctx.beginPath();
    ctx.ellipse(centre.x, centre.y, rx, ry, 0, 0, Math.PI * 2);
    if (layer === 'corrected') {
      ctx.fillStyle = colour;
      ctx.fill();
    } else {
      ctx.lineWidth = 2;
      ctx.stroke();
    }
    if (isSelected) {
      ctx.strokeStyle = palette.selected;
      ctx.lineWidth = 2;
      ctx.beginPath();
      ctx.ellipse(centre.x, centre.y, rx + 5, ry + 5, 0, 0, Math.PI * 2);
      ctx.stroke();
    }
    ctx.globalAlpha = 1;
  }
}

/** The label rows above the plot: one value per bar, skipping a label that would overlap its neighbour. */
function drawLabels(ctx: CanvasRenderingContext2D, model: RebarViewModel) {
  const bars = model.correctedBars ?? model.analysisBars;
  const { geometry: g, palette, labels } = model;
  const rows = LABEL_ROWS.filter((row) => labels[row.key]);
  if (!bars || rows.length === 0) return;
  const sorted = [...bars].sort((a, b) => getRebarX(a) - getRebarX(b));
  ctx.font = FONT;
  ctx.textBaseline = 'middle';
  for (const row of rows) {
    ctx.textAlign = 'left';
    ctx.fillStyle = palette.mutedText;
    ctx.fillText(row.title, 8, row.y);
    ctx.textAlign = 'center';
    let lastRight = -Infinity;
    for (const bar of sorted) {
      const text = labelText(row.key, bar);
      const { x } = toCanvas(g, getRebarX(bar), 0);
      const half = ctx.measureText(text).width / 2;
      if (x - half < lastRight + 4) continue;
      lastRight = x + half;
      ctx.fillStyle = model.countedIds.has(bar.id) ? palette.text : palette.mutedText;
      ctx.fillText(text, x, row.y);
    }
  }
}

function labelText(key: (typeof LABEL_ROWS)[number]['key'], bar: LineRebar): string {
  if (key === 'diameter') return String(getDiameterMm(bar.R));
  if (key === 'cover') return (getRebarCover(bar) * 100).toFixed(1);
  return (getRebarX(bar) * 100).toFixed(1);
}
