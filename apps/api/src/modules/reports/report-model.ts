import type { CoverClass, ReportSection } from '@gprhub/contract';
import type { PlacedLine } from '@gprhub/gpr';
import type { ExportBar } from '../exports/export-bars.js';

/** Spacing between adjacent bars counts only above this, metres (spec §9, as the stat cards). */
export const MIN_SPACING_M = 0.08;

/** A stat card: average, minimum, maximum (mm) and how many values stand behind it. */
export interface StatCard {
  avgMm: number;
  minMm: number;
  maxMm: number;
  count: number;
  /** Typical 1-σ of one value (median of the per-bar sds), mm. */
  sdMm: number | null;
}

/** The stat cards of a set of bars of one orientation. */
export interface BarStatistics {
  orientation: ExportBar['orientation'] | 'ALL';
  count: number;
  cover: StatCard | null;
  spacing: StatCard | null;
  diameter: StatCard | null;
  undeterminedCount: number;
}

/** One of the four material properties with where it came from. */
export interface MaterialRow {
  name: string;
  value: number;
  sd: number;
  unit: string;
  source: string;
  note: string;
}

export interface ImagePart {
  bytes: Uint8Array;
  kind: 'png' | 'jpg';
}

/** A line scan's page(s). */
export interface ScanSection {
  name: string;
  /** Where it sits (the area or pair it belongs to), for the heading. */
  context: string | null;
  /** The depth section under the bars, and the metres it spans. */
  radargram: (ImagePart & { widthM: number; depthM: number }) | null;
  /** The analysis' own bars (drawn hollow when a correction replaces them). */
  detected: ExportBar[];
  /** The bars shown: the user's correction, else the analysis'. */
  bars: ExportBar[];
  isCorrected: boolean;
  statistics: BarStatistics[];
  permittivity: { value: number; sd: number; source: string } | null;
  material: MaterialRow[];
  warnings: string[];
  /** Why the scan has no results, when it has none. */
  missing: string | null;
}

/** An area's plan page. */
export interface AreaSection {
  name: string;
  widthM: number;
  heightM: number;
  lines: PlacedLine[];
  bars: ExportBar[];
  correctedLineCount: number;
  statistics: BarStatistics[];
  permittivity: { value: number; sd: number; source: string } | null;
  material: MaterialRow[];
  missing: string | null;
}

/** A floor plan with its pins. */
export interface FloorPlanSection {
  name: string;
  floorLabel: string | null;
  image: ImagePart | null;
  widthPx: number;
  heightPx: number;
  pins: { x: number; y: number; label: string }[];
}

/** The device and settings of a scan, read from its file. */
export interface DeviceRow {
  scan: string;
  device: string;
  antenna: string;
  frequency: string;
  sampling: string;
  traceSpacing: string;
  scanDate: string;
}

/** Everything a report prints, gathered before drawing (so drawing is a pure function of it). */
export interface ReportDocument {
  title: string;
  subjectType: string;
  organizationName: string;
  logo: ImagePart | null;
  hubPath: string;
  generatedAt: Date;
  author: string;
  units: 'mm' | 'in';
  coverClasses: CoverClass[];
  sections: ReadonlySet<ReportSection>;
  devices: DeviceRow[];
  areas: AreaSection[];
  scans: ScanSection[];
  floorPlans: FloorPlanSection[];
  comments: { author: string; date: string; content: string }[];
  /** Said on the cover when the subject holds more scans than a report prints. */
  notes: string[];
}

/**
 * The stat cards of a set of bars, as the Rebars tab computes them: cover (with the typical sd), centre-to-centre
 * spacing between bars adjacent along their lines (only over 8 cm), determined diameters.
 * @param bars - bars of one orientation (or a line's bars).
 * @param orientation - which orientation the card row is for.
 */
export function computeBarStatistics(bars: readonly ExportBar[], orientation: BarStatistics['orientation']): BarStatistics {
  const alongX = orientation !== 'HORIZONTAL';
  const positions = bars.map((b) => (alongX ? b.xM : b.yM)).sort((a, b) => a - b);
  const spacings: number[] = [];
  for (let i = 1; i < positions.length; i++) {
    const gap = positions[i]! - positions[i - 1]!;
    if (gap > MIN_SPACING_M) spacings.push(gap * 1000);
  }
  const diameters = bars.map((b) => b.diameterMm).filter((d): d is number => d !== null);
  return {
    orientation,
    count: bars.length,
    cover: toCard(
      bars.map((b) => b.coverM * 1000),
      bars.map((b) => b.coverSdM).filter((sd): sd is number => sd !== null && sd > 0),
    ),
    spacing: toCard(spacings),
    diameter: toCard(diameters),
    undeterminedCount: bars.length - diameters.length,
  };
}

function toCard(valuesMm: number[], sdsM: number[] = []): StatCard | null {
  if (valuesMm.length === 0) return null;
  const sorted = [...sdsM].sort((a, b) => a - b);
  const half = sorted.length >> 1;
  const sdM = sorted.length === 0 ? null : sorted.length % 2 ? sorted[half]! : (sorted[half - 1]! + sorted[half]!) / 2;
  return {
    avgMm: valuesMm.reduce((s, v) => s + v, 0) / valuesMm.length,
    minMm: Math.min(...valuesMm),
    maxMm: Math.max(...valuesMm),
    count: valuesMm.length,
    sdMm: sdM === null ? null : sdM * 1000,
  };
}
