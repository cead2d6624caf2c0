import {
  analyzeDualOrientationAreaScan,
  combineAreaScan,
  detectAreaLine,
  type AreaKnownCover,
  type AreaLineDetections,
  analyzeDualOrientationLineScan,
  analyzeLineScan,
  renderScanPreviewPng,
  type AreaScanLineInput,
  type HyperbolaLabel,
  type LineScanAnalysis,
  type Radargram,
} from '@gprhub/gpr';
import { computeGprPointCloud, type GprPointCloudRequest } from './gpr-point-cloud-job.js';
import { computeMesh, type MeshRequest } from './mesh-job.js';
import { computePointCloud, type PointCloudRequest } from './point-cloud-job.js';
import { computePointCloudLod, type PointCloudLodRequest } from './point-cloud-lod-compute.js';

/**
 * The analysis engine's version, stored on every run and job. Bump it when the engine's results change,
 * so a user can tell which runs came from which engine.
 */
export const ANALYSIS_ENGINE_VERSION = 'gprhub-rebar-3.0.8';

/** The run options of an area's combine step (AREA_SCAN_REBAR_2). */
export interface AreaCombineOptions {
  permittivity?: number;
  /** A cover measured at a point of the area's grid, metres (issue #13 item 7). */
  knownCover?: { xM: number; yM?: number; coverM: number };
  /** The bars' known diameter, metres (the area's lines were detected with it). */
  barDiameterM?: number;
}

export interface LineOptions {
  hyperbolas?: HyperbolaLabel[];
  permittivity?: number;
  knownCover?: { xM: number; coverM: number };
  /** The bars' known diameter, metres. */
  barDiameterM?: number;
}

/**
 * What a compute thread is asked to do: loaded inputs, no I/O left (but for GENERATE_POINT_CLOUD and GENERATE_MESH,
 * which read their temporary copy of the RTAB-Map database frame by frame so only one frame's images are in memory,
 * and POINT_CLOUD_LOD, which reads and writes temporary files: decision 0058).
 */
export type ComputeRequest =
  | PointCloudRequest
  | PointCloudLodRequest
  | GprPointCloudRequest
  | MeshRequest
  | { type: 'GPR_SCAN_PREVIEW'; radargram: Radargram }
  | { type: 'HYPERBOLA_DETECTION'; radargram: Radargram }
  | { type: 'LINE_SCAN_REBAR_2'; radargram: Radargram; options: LineOptions }
  // AREA_SCAN_REBAR_2 runs as one job per line and a combine step (docs/decisions/0032-area-lines-as-jobs.md).
  | { type: 'AREA_SCAN_LINE'; line: AreaScanLineInput & { nodeId: string }; barDiameterM?: number }
  | {
      type: 'AREA_SCAN_COMBINE';
      lines: (AreaLineDetections & { nodeId: string })[];
      options: AreaCombineOptions;
    }
  | {
      type: 'LINE_SCAN_DUAL_ORIENTATION_REBAR_2';
      parallel: Radargram;
      perpendicular: Radargram;
      options: {
        permittivity?: number;
        parallelHyperbolas?: HyperbolaLabel[];
        perpendicularHyperbolas?: HyperbolaLabel[];
        knownCover?: { xM: number; yM?: number; scan?: 'parallel' | 'perpendicular'; coverM: number };
        barDiameterM?: number;
      };
    }
  | {
      type: 'AREA_SCAN_DUAL_ORIENTATION_REBAR_2';
      parallelLines: (AreaScanLineInput & { nodeId: string })[];
      perpendicularLines: (AreaScanLineInput & { nodeId: string })[];
      options: AreaCombineOptions;
    };

export interface ComputeHooks {
  /** Fraction done 0–1 and an optional message. */
  progress: (fraction: number, message?: string) => void;
  /** A piece of the result available before the end (area scans: one line at a time). */
  partial: (key: string, value: unknown) => void;
}

export interface ComputeOutput {
  /** JSON-serialisable results (stored as the run's result file). */
  results: Record<string, unknown>;
  /** A PNG to store beside the results (GPR_SCAN_PREVIEW). */
  png?: Uint8Array;
  /** Files that join a 3D model version (GENERATE_POINT_CLOUD, GENERATE_MESH), by version file type. */
  files?: { type: string; name: string; contentType: string; bytes: Uint8Array; summary: string }[];
  /** Files that join the analysis (GENERATE_POINT_CLOUD from a GPR scan: its PLY); each file's id goes into the results under `resultKey`. */
  analysisFiles?: { resultKey: string; name: string; contentType: string; bytes: Uint8Array }[];
}

/** A line's results as the API serves them (engine result minus nothing: every field is plain data). */
export function lineResults(result: LineScanAnalysis): Record<string, unknown> {
  return {
    name: result.name,
    traces: result.traces,
    traceSpacingM: result.traceSpacingM,
    antennaSeparationM: result.antennaSeparationM,
    timeZeroS: result.timeZeroS,
    permittivity: result.permittivity,
    ...calibrationResults(result),
    rebars: result.rebars,
    hyperbolas: result.hyperbolas,
    materialProperties: result.materialProperties.values,
    materialPropertyDetails: result.materialProperties.details,
    warnings: result.warnings,
  };
}

/** An area's known cover as the engine takes it (canonicalizeInput refuses an area's known cover without yM). */
function areaKnownCover(options: AreaCombineOptions): AreaKnownCover | undefined {
  const known = options.knownCover;
  return known?.yM !== undefined ? { xM: known.xM, yM: known.yM, coverM: known.coverM } : undefined;
}

/** The plausibility note and the calibration of a rebar result, where it has them. */
function calibrationResults(result: {
  permittivityNote?: string;
  calibration?: object;
}): Record<string, unknown> {
  return {
    ...(result.permittivityNote !== undefined && { permittivityNote: result.permittivityNote }),
    ...(result.calibration !== undefined && { calibration: result.calibration }),
  };
}

/** The engine's radius option for a known bar diameter (every bar fitted with it; none when unknown). */
function knownRadius(barDiameterM: number | undefined): { radiusM?: number } {
  return barDiameterM !== undefined ? { radiusM: barDiameterM / 2 } : {};
}

/** The known bar diameter, echoed in a rebar result so that a screen shows (and keeps) the run's option. */
function barDiameterResult(barDiameterM: number | undefined): { barDiameterM?: number } {
  return barDiameterM !== undefined ? { barDiameterM } : {};
}

/**
 * Run one analysis on loaded inputs (GENERATE_MESH answers a promise). Pure and CPU-bound: it runs inside a worker thread
 * (`compute-thread.ts`) so the API's event loop stays free.
 */
export function compute(
  request: ComputeRequest,
  hooks: ComputeHooks,
): ComputeOutput | Promise<ComputeOutput> {
  switch (request.type) {
    case 'GENERATE_MESH':
      // Async only because the simplifier's WebAssembly is instantiated asynchronously.
      return computeMesh(request, hooks);
    case 'GENERATE_POINT_CLOUD':
      return computePointCloud(request, hooks);
    case 'POINT_CLOUD_LOD':
      return computePointCloudLod(request, hooks);
    case 'GPR_POINT_CLOUD':
      return computeGprPointCloud(request, hooks);
    case 'GPR_SCAN_PREVIEW': {
      hooks.progress(0.1, 'rendering');
      const png = renderScanPreviewPng(request.radargram);
      return {
        results: { traces: request.radargram.traces, samples: request.radargram.samplesPerTrace },
        png,
      };
    }
    case 'HYPERBOLA_DETECTION': {
      const result = analyzeLineScan(request.radargram, { onProgress: hooks.progress });
      return {
        results: { hyperbolas: result.hyperbolas, timeZeroS: result.timeZeroS, warnings: result.warnings },
      };
    }
    case 'LINE_SCAN_REBAR_2': {
      const { barDiameterM, ...options } = request.options;
      const result = analyzeLineScan(request.radargram, {
        ...options,
        ...knownRadius(barDiameterM),
        onProgress: hooks.progress,
      });
      return { results: { ...lineResults(result), ...barDiameterResult(barDiameterM) } };
    }
    case 'AREA_SCAN_LINE': {
      const { line } = request;
      hooks.progress(0.05, 'detecting');
      const { detections, result } = detectAreaLine(line, knownRadius(request.barDiameterM));
      return {
        results: {
          detections,
          result: {
            ...lineResults(result),
            nodeId: line.nodeId,
            direction: line.direction,
            offsetM: line.offsetM,
          },
        },
      };
    }
    case 'AREA_SCAN_COMBINE': {
      const { lines } = request;
      const { permittivity } = request.options;
      const result = combineAreaScan(lines, { permittivity, knownCover: areaKnownCover(request.options) });
      return {
        results: {
          permittivity: result.permittivity,
          ...calibrationResults(result),
          ...barDiameterResult(request.options.barDiameterM),
          rebars: result.rebars,
          materialProperties: result.materialProperties.values,
          materialPropertyDetails: result.materialProperties.details,
          lines: result.lines.map((line, i) => ({
            ...lineResults(line),
            nodeId: lines[i]!.nodeId,
            direction: lines[i]!.direction,
            offsetM: lines[i]!.offsetM,
          })),
          warnings: result.warnings,
        },
      };
    }
    case 'LINE_SCAN_DUAL_ORIENTATION_REBAR_2': {
      hooks.progress(0.05, 'analysing both scans');
      const { knownCover, barDiameterM, ...options } = request.options;
      const result = analyzeDualOrientationLineScan(request.parallel, request.perpendicular, {
        ...options,
        ...knownRadius(barDiameterM),
        // canonicalizeInput refuses a pair's known cover without the scan it was measured on.
        knownCover:
          knownCover?.scan !== undefined
            ? { scan: knownCover.scan, xM: knownCover.xM, coverM: knownCover.coverM }
            : undefined,
      });
      return {
        results: {
          permittivity: result.permittivity,
          ...calibrationResults(result),
          ...barDiameterResult(barDiameterM),
          rebars: [...result.parallel.rebars, ...result.perpendicular.rebars],
          materialProperties: result.parallel.materialProperties.values,
          materialPropertyDetails: result.parallel.materialProperties.details,
          parallel: lineResults(result.parallel),
          perpendicular: lineResults(result.perpendicular),
        },
      };
    }
    case 'AREA_SCAN_DUAL_ORIENTATION_REBAR_2': {
      const all = [...request.parallelLines, ...request.perpendicularLines];
      const result = analyzeDualOrientationAreaScan(request.parallelLines, request.perpendicularLines, {
        permittivity: request.options.permittivity,
        knownCover: areaKnownCover(request.options),
        ...knownRadius(request.options.barDiameterM),
        onLine: (line, i) => {
          const input = all[i];
          if (input) hooks.partial(input.nodeId, { ...lineResults(line), nodeId: input.nodeId });
          hooks.progress((i + 1) / (all.length + 1), `line ${i + 1} of ${all.length}`);
        },
      });
      return {
        results: {
          permittivity: result.permittivity,
          ...calibrationResults(result),
          ...barDiameterResult(request.options.barDiameterM),
          rebars: result.rebars,
          parallel: { rebars: result.parallel.rebars },
          perpendicular: { rebars: result.perpendicular.rebars },
          materialProperties: result.materialProperties.values,
          materialPropertyDetails: result.materialProperties.details,
          // Each line's own detections, as for one area scan; a pair's lines run along x (parallel) and y.
          lines: [...result.parallel.lines, ...result.perpendicular.lines].map((line, i) => ({
            ...lineResults(line),
            nodeId: all[i]!.nodeId,
            direction: i < request.parallelLines.length ? 'LEFT_TO_RIGHT' : 'BOTTOM_TO_TOP',
            offsetM: all[i]!.offsetM,
          })),
          warnings: result.warnings,
        },
      };
    }
  }
}
