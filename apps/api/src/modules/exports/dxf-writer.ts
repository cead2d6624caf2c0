import { type CoverClass, coverClassIndex, coverClassLabel } from '@gprhub/contract';
import type { ExportBar } from './export-bars.js';

/** AutoCAD colour index of a few plain colours, to give each layer the nearest of its class colour (R12 has no true colour). */
const ACI: readonly [number, [number, number, number]][] = [
  [1, [255, 0, 0]],
  [30, [255, 127, 0]],
  [2, [255, 255, 0]],
  [3, [0, 255, 0]],
  [4, [0, 255, 255]],
  [5, [0, 0, 255]],
  [6, [255, 0, 255]],
  [8, [128, 128, 128]],
  [150, [0, 127, 255]],
  [140, [0, 191, 255]],
  [40, [255, 191, 0]],
  [50, [255, 255, 127]],
];

/**
 * The AutoCAD colour index nearest to a #rrggbb colour.
 * @example nearestAci('#ff0000') // 1
 */
export function nearestAci(hex: string): number {
  const rgb = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
  let best = ACI[0]!;
  let bestD = Infinity;
  for (const entry of ACI) {
    const d = entry[1].reduce((sum, c, i) => sum + (c - rgb[i]!) ** 2, 0);
    if (d < bestD) [best, bestD] = [entry, d];
  }
  return best[0];
}

/**
 * Layer name of a bar: `REBAR_<orientation>_COVER_<class>`, the class as its range in mm with '-' (CAD layer
 * names take no '<', '≥' or '–').
 * @example layerName('VERTICAL', DEFAULT_COVER_CLASSES, 1) // 'REBAR_VERTICAL_COVER_20-30MM'
 */
export function layerName(orientation: ExportBar['orientation'], classes: readonly CoverClass[], index: number): string {
  const label = coverClassLabel(classes, index)
    .replace('< ', 'LT')
    .replace('≥ ', 'GE')
    .replace('–', '-')
    .replace(' mm', 'MM')
    .replace(/[^A-Za-z0-9_-]/g, '_')
    .toUpperCase();
  return `REBAR_${orientation}_COVER_${label}`;
}

const num = (value: number) => String(Math.round(value * 1e6) / 1e6);

/**
 * An area's rebar plan as an ASCII DXF (R12, `AC1009`, which every CAD program opens), in metres: each bar a LINE
 * from its first to its last point on the grid (z = −centre depth), a bar seen on one line only a CIRCLE of its
 * radius, on a layer per orientation and cover class (coloured like the class); a text per bar with its cover.
 * @param bars - the area's bars.
 * @param classes - the organization's cover classes.
 * @example writeRebarPlanDxf([], DEFAULT_COVER_CLASSES).startsWith('0\nSECTION') // true
 */
export function writeRebarPlanDxf(bars: readonly ExportBar[], classes: readonly CoverClass[]): string {
  const out: string[] = [];
  const pair = (code: number, value: string | number) => out.push(String(code), String(value));
  const layers = (['VERTICAL', 'HORIZONTAL'] as const).flatMap((o) =>
    classes.map((c, i) => ({ name: layerName(o, classes, i), color: nearestAci(c.color) })),
  );
  pair(0, 'SECTION');
  pair(2, 'HEADER');
  pair(9, '$ACADVER');
  pair(1, 'AC1009');
  pair(9, '$INSUNITS');
  pair(70, 6);
  pair(0, 'ENDSEC');
  pair(0, 'SECTION');
  pair(2, 'TABLES');
  pair(0, 'TABLE');
  pair(2, 'LAYER');
  pair(70, layers.length + 1);
  for (const layer of [{ name: 'REBAR_LABELS', color: 7 }, ...layers]) {
    pair(0, 'LAYER');
    pair(2, layer.name);
    pair(70, 0);
    pair(62, layer.color);
    pair(6, 'CONTINUOUS');
  }
  pair(0, 'ENDTAB');
  pair(0, 'ENDSEC');
  pair(0, 'SECTION');
  pair(2, 'ENTITIES');
  for (const bar of bars) {
    const layer = layerName(bar.orientation, classes, coverClassIndex(classes, bar.coverM * 1000));
    const z = -bar.centreDepthM;
    const isPoint = Math.hypot(bar.endXM - bar.startXM, bar.endYM - bar.startYM) < 1e-9;
    if (isPoint) {
      pair(0, 'CIRCLE');
      pair(8, layer);
      pair(10, num(bar.startXM));
      pair(20, num(bar.startYM));
      pair(30, num(z));
      pair(40, num(Math.max(bar.radiusM, 0.001)));
    } else {
      pair(0, 'LINE');
      pair(8, layer);
      pair(10, num(bar.startXM));
      pair(20, num(bar.startYM));
      pair(30, num(z));
      pair(11, num(bar.endXM));
      pair(21, num(bar.endYM));
      pair(31, num(z));
    }
    pair(0, 'TEXT');
    pair(8, 'REBAR_LABELS');
    pair(10, num(bar.startXM + 0.005));
    pair(20, num(bar.startYM + 0.005));
    pair(30, 0);
    pair(40, 0.01);
    pair(1, `${(bar.coverM * 1000).toFixed(0)} mm`);
  }
  pair(0, 'ENDSEC');
  pair(0, 'EOF');
  return `${out.join('\n')}\n`;
}
