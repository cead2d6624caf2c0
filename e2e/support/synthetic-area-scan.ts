import { createSyntheticBScan } from '@gprhub/gpr';
import { zipSync } from 'fflate';
import { encodeDzt } from '../../packages/gpr/bench/dzt-writer.js';
import { utf16le } from '../../packages/gpr/test/builders.js';

/**
 * A synthetic area scan with known bars, as a vendor-style export (one DZT per line and the scan-area CSV):
 * five lines along x (10 cm apart) over three vertical bars, four lines along y (20 cm apart) over two
 * horizontal bars. Each line is a simulated B-scan holding only the bars that cross it.
 */

/** The bars of {@link syntheticAreaZip} and its grid. */
export const AREA_TRUTH = {
  gridSizeXCm: 60,
  gridSizeYCm: 40,
  spacingXCm: 20,
  spacingYCm: 10,
  vertical: [
    { xM: 0.15, coverM: 0.04 },
    { xM: 0.3, coverM: 0.05 },
    { xM: 0.45, coverM: 0.06 },
  ],
  horizontal: [
    { yM: 0.1, coverM: 0.07 },
    { yM: 0.3, coverM: 0.07 },
  ],
};

/** Which lines of the area a zip holds (a dual-orientation survey scans each direction as its own area). */
export type AreaPart = 'both' | 'vertical' | 'horizontal';

function line(traces: number, bars: { x0M: number; coverM: number; radiusM: number }[], seed: number) {
  return encodeDzt(createSyntheticBScan({ traces, traceSpacingM: 0.004, bars, seed }));
}

/**
 * The zip: `folder/L001.dzt`, … and `folder/folder.csv` (UTF-16, tab-separated, 2.5 scans per cm).
 * 'both': the lines along x (CSV direction X) over the vertical bars, then those along y (Y) over the horizontal
 * bars. 'vertical': only the lines along x. 'horizontal': only the lines over the horizontal bars, written as
 * the scanner records them after being turned a quarter turn: direction X, in a grid of 40 × 60 cm.
 */
export function syntheticAreaZip(folder = 'Slab 7', seed = 100, part: AreaPart = 'both'): Uint8Array {
  const t = AREA_TRUTH;
  const files: Record<string, Uint8Array> = {};
  const rows: string[] = [];
  let n = 0;
  const add = (bytes: Uint8Array, direction: 'X' | 'Y') => {
    n++;
    const name = `L${String(n).padStart(3, '0')}.dzt`;
    files[`${folder}/${name}`] = bytes;
    rows.push(`${name}\t${n}\t${direction}\t2.5`);
  };
  const verticalBars = t.vertical.map((b) => ({ x0M: b.xM, coverM: b.coverM, radiusM: 0.006 }));
  const horizontalBars = t.horizontal.map((b) => ({ x0M: b.yM, coverM: b.coverM, radiusM: 0.008 }));
  if (part !== 'horizontal')
    for (let k = 0; k * t.spacingYCm <= t.gridSizeYCm; k++) add(line(150, verticalBars, seed + n), 'X');
  if (part !== 'vertical')
    for (let k = 0; k * t.spacingXCm <= t.gridSizeXCm; k++)
      add(line(100, horizontalBars, seed + 100 + n), part === 'horizontal' ? 'X' : 'Y');
  const isTurned = part === 'horizontal';
  const csv = [
    `Grid size X [cm]\t${isTurned ? t.gridSizeYCm : t.gridSizeXCm}`,
    `Grid size Y [cm]\t${isTurned ? t.gridSizeXCm : t.gridSizeYCm}`,
    `Grid spacing X [cm]\t${isTurned ? t.spacingYCm : t.spacingXCm}`,
    `Grid spacing Y [cm]\t${isTurned ? t.spacingXCm : t.spacingYCm}`,
    'Scan date\t12/03/2024 10:15:00',
    'File name\tLine number\tDirection\tScans per cm',
    ...rows,
  ].join('\r\n');
  files[`${folder}/${folder}.csv`] = utf16le(csv);
  return zipSync(files);
}
