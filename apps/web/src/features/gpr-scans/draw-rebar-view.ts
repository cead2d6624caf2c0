import type { LineRebar } from './line-rebars';
import { formatCoverCm, getRebarCentreDepth, getRebarCover, getRebarX, getDiameterMm } from './line-rebars';
import type { ViewGeometry } from './rebar-view-geometry';
import { getLabelEvery, toCanvas, toWorld, VIEW_MARGINS, WORLD_HEIGHT_M } from './rebar-view-geometry';
import { getAxisStep, getTicksBetween } from './rebar-view-window';

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

/**
 * Draw the whole cross-section: concrete, cover range, axes, bars and their labels. Everything of the world
 * is clipped to the plot (zoomed in, bars and signal never spill into the margins).
 */
export function drawRebarView(ctx: CanvasRenderingContext2D, model: RebarViewModel): void {
  const { geometry: g, palette } = model;
  ctx.clearRect(0, 0, g.width, g.height);
  const plotLeft = VIEW_MARGINS.left;
  const plotRight = g.width - VIEW_MARGINS.right;
  const top = VIEW_MARGINS.top;
  const bottom = g.height - VIEW_MARGINS.bottom;
  const origin = toCanvas(g, 0, 0);
  const scanEnd = toCanvas(g, model.scanLengthM, 0).x;

  ctx.save();
  ctx.beginPath();
  ctx.rect(plotLeft, top, plotRight - plotLeft, bottom - top);
  ctx.clip();
  // Concrete under the surface, along the scanned length; the world's last 5 cm beyond it stays lighter.
  ctx.fillStyle = palette.outside;
  ctx.fillRect(plotLeft, top, plotRight - plotLeft, bottom - top);
  ctx.fillStyle = palette.concrete;
  ctx.fillRect(origin.x, origin.y, scanEnd - origin.x, bottom - origin.y);

  if (model.signal) {
    const end = toCanvas(g, model.signal.widthM, model.signal.depthM);
    ctx.imageSmoothingEnabled = true;
    ctx.drawImage(model.signal.image, origin.x, origin.y, end.x - origin.x, end.y - origin.y);
  }
  drawCoverRange(ctx, model, plotLeft, plotRight);
  drawGridLines(ctx, g, palette, plotLeft, plotRight, top, bottom);

  // Surface line.
  ctx.strokeStyle = palette.surface;
  ctx.lineWidth = 2;
  ctx.beginPath();
  ctx.moveTo(plotLeft, origin.y);
  ctx.lineTo(plotRight, origin.y);
  ctx.stroke();

  if (model.analysisBars) drawBars(ctx, model, model.analysisBars, 'analysis');
  if (model.correctedBars) drawBars(ctx, model, model.correctedBars, 'corrected');
  ctx.restore();
  drawAxisLabels(ctx, g, palette, plotLeft, plotRight, top, bottom);
  drawLabels(ctx, model, plotLeft, plotRight);
}

/** The visible ticks along the line and in depth, with their step and label spacing. */
function getVisibleTicks(g: RebarViewModel['geometry'], right: number, bottom: number) {
  const end = toWorld(g, right, bottom);
  const stepX = getAxisStep(g.pxPerMX, g.zoom);
  const stepY = getAxisStep(g.pxPerMY, g.zoomY);
  return {
    xTicks: getTicksBetween(Math.max(g.x0M, 0), Math.min(end.xM, g.worldWidthM), stepX),
    yTicks: getTicksBetween(Math.max(g.d0M, 0), Math.min(end.depthM, WORLD_HEIGHT_M), stepY),
    everyX: getLabelEvery(stepX * g.pxPerMX, 34),
    everyY: getLabelEvery(stepY * g.pxPerMY, 16),
    digitsX: stepX >= 0.1 ? 1 : stepX >= 0.01 ? 2 : 3,
    digitsY: stepY >= 0.1 ? 1 : stepY >= 0.01 ? 2 : 3,
    stepX,
    stepY,
  };
}

/** A tick's index on the whole axis (labels thin out by it, so they stay put while panning). */
const tickIndex = (valueM: number, stepM: number) => Math.round(valueM / stepM);

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

function drawGridLines(
  ctx: CanvasRenderingContext2D,
  g: RebarViewModel['geometry'],
  palette: RebarViewPalette,
  left: number,
  right: number,
  top: number,
  bottom: number,
) {
  const { xTicks, yTicks } = getVisibleTicks(g, right, bottom);
  ctx.lineWidth = 1;
  ctx.strokeStyle = palette.grid;
  for (const xM of xTicks) {
    const { x } = toCanvas(g, xM, 0);
    ctx.beginPath();
    ctx.moveTo(x, top);
    ctx.lineTo(x, bottom);
    ctx.stroke();
  }
  for (const depthM of yTicks) {
    const { y } = toCanvas(g, 0, depthM);
    ctx.beginPath();
    ctx.moveTo(left, y);
    ctx.lineTo(right, y);
    ctx.stroke();
  }
}

function drawAxisLabels(
  ctx: CanvasRenderingContext2D,
  g: RebarViewModel['geometry'],
  palette: RebarViewPalette,
  left: number,
  right: number,
  top: number,
  bottom: number,
) {
  const t = getVisibleTicks(g, right, bottom);
  ctx.font = SMALL_FONT;
  ctx.lineWidth = 1;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'bottom';
  ctx.strokeStyle = palette.mutedText;
  ctx.fillStyle = palette.mutedText;
  for (const xM of t.xTicks) {
    const { x } = toCanvas(g, xM, 0);
    ctx.beginPath();
    ctx.moveTo(x, top - 5);
    ctx.lineTo(x, top);
    ctx.stroke();
    if (tickIndex(xM, t.stepX) % t.everyX === 0) ctx.fillText(xM.toFixed(t.digitsX), x, top - 7);
  }
  ctx.textAlign = 'left';
  ctx.fillText('m', right + 4, top - 7);

  ctx.textAlign = 'right';
  ctx.textBaseline = 'middle';
  for (const depthM of t.yTicks) {
    const { y } = toCanvas(g, 0, depthM);
    if (tickIndex(depthM, t.stepY) % t.everyY === 0) ctx.fillText(depthM.toFixed(t.digitsY), left - 8, y);
  }
  ctx.save();
  ctx.translate(22, (top + bottom) / 2);
  ctx.rotate(-Math.PI / 2);
  ctx.textAlign = 'center';
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
    // At least 8 px across: a 6 mm bar in the default view is still a marker one can see and aim at.
    const rx = Math.max(bar.R * g.pxPerMX, 4);
    const ry = Math.max(bar.R * g.pxPerMY, 4);
    ctx.globalAlpha = isCounted ? 1 : 0.35;
    // Cover: a thin line from the surface to the top of the bar.
    ctx.strokeStyle = colour;
    ctx.lineWidth = 1;
    ctx.setLineDash([2, 3]);
    ctx.beginPath();
    ctx.moveTo(centre.x, toCanvas(g, 0, 0).y);
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

/**
 * The label rows above the plot: one value per visible bar, skipping a label that would overlap its neighbour.
 */
function drawLabels(ctx: CanvasRenderingContext2D, model: RebarViewModel, left: number, right: number) {
  const bars = model.correctedBars ?? model.analysisBars;
  const { geometry: g, palette, labels } = model;
  const rows = LABEL_ROWS.filter((row) => labels[row.key]);
  if (!bars || rows.length === 0) return;
  const sorted = [...bars].sort((a, b) => getRebarX(a) - getRebarX(b));
  ctx.font = FONT;
  ctx.textBaseline = 'middle';
  const visible = sorted
    .map((bar) => ({ bar, x: toCanvas(g, getRebarX(bar), 0).x }))
    .filter(({ x }) => x >= left && x <= right);
  for (const row of rows) {
    ctx.textAlign = 'left';
    ctx.fillStyle = palette.mutedText;
    ctx.fillText(row.title, 8, row.y);
    ctx.textAlign = 'center';
    // Covers carry their ± where every visible bar's label still fits with it; otherwise every label drops it
    // (a surveyor reads all the covers first), and labels that still overlap are skipped.
    const texts = (withSd: boolean) => visible.map(({ bar }) => labelText(row.key, bar, withSd));
    const withSd = row.key === 'cover' ? texts(true) : undefined;
    const chosen = withSd && fitsWithoutOverlap(ctx, visible, withSd) ? withSd : texts(false);
    let lastRight = -Infinity;
    visible.forEach(({ bar, x }, i) => {
      const half = ctx.measureText(chosen[i]).width / 2;
      if (x - half < lastRight + LABEL_GAP_PX) return;
      lastRight = x + half;
      ctx.fillStyle = model.countedIds.has(bar.id) ? palette.text : palette.mutedText;
      ctx.fillText(chosen[i], x, row.y);
    });
  }
}

/** Space kept between two labels of a row, px. */
const LABEL_GAP_PX = 4;

function fitsWithoutOverlap(
  ctx: CanvasRenderingContext2D,
  visible: { x: number }[],
  texts: string[],
): boolean {
  let lastRight = -Infinity;
  return visible.every(({ x }, i) => {
    const half = ctx.measureText(texts[i]).width / 2;
    const fits = x - half >= lastRight + LABEL_GAP_PX;
    lastRight = x + half;
    return fits;
  });
}

function labelText(key: (typeof LABEL_ROWS)[number]['key'], bar: LineRebar, withSd: boolean): string {
  if (key === 'diameter') return String(getDiameterMm(bar.R));
  if (key === 'cover') return withSd ? formatCoverCm(bar) : (getRebarCover(bar) * 100).toFixed(1);
  return (getRebarX(bar) * 100).toFixed(1);
}
