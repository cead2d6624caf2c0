import type { ObservationDetails } from '@gprhub/contract';
import { readPlyHeader, readPlyPoints } from '@gprhub/scan3d';
import { useSyncExternalStore } from 'react';
import { apiDownload } from '../../api/api-client';
import { useApiQuery } from '../../api/use-api-query';
import { useAnalysisByInput, useTriggerAnalysis } from '../analyses/use-analysis-by-input';

/** The results of GENERATE_POINT_CLOUD from a GPR scan (decisions/0045), as far as the pages read them. */
export interface GprPointCloudResults {
  kind: 'area' | 'line';
  points: number;
  permittivity: number;
  pointCloudFileId: string;
}

/**
 * GENERATE_POINT_CLOUD of a GPR scan or area scan: its analysis (polled while it runs), `generate()` to start
 * it, and the finished results. `gprScanNodeId` null waits.
 */
export function useGprPointCloud(gprScanNodeId: string | null | undefined) {
  const input = gprScanNodeId ? { gprScanNodeId } : null;
  const byInput = useAnalysisByInput('GENERATE_POINT_CLOUD', input);
  const trigger = useTriggerAnalysis();
  const answer = byInput.data;
  const status = answer?.analysisRun?.status ?? null;
  const results = status === 'FINISHED' ? (answer?.results as GprPointCloudResults | null | undefined) ?? null : null;
  return {
    status,
    results,
    isRunning: trigger.isPending || status === 'CREATED' || status === 'ANALYSING',
    progress: answer?.analysisRun?.progress ?? null,
    failure: status === 'FAILED' ? (answer?.analysisRun?.message ?? 'The point cloud could not be generated') : null,
    error: trigger.error,
    generate: () => {
      if (gprScanNodeId) trigger.trigger({ analysisType: 'GENERATE_POINT_CLOUD', analysisInput: { gprScanNodeId }, rerunIfExists: status !== null });
    },
  };
}

/** The points of a finished GPR point cloud (its PLY read in the page): positions and colours, scan grid frame. */
export function useGprPointCloudPoints(fileId: string | null | undefined) {
  return useApiQuery(
    ['gpr-point-cloud', fileId],
    async (request) => {
      const bytes = new Uint8Array(await (await apiDownload(`/api/files/${fileId}/download`, request)).arrayBuffer());
      return readPlyPoints(bytes, readPlyHeader(bytes));
    },
    { enabled: Boolean(fileId), staleTime: Number.POSITIVE_INFINITY },
  );
}

/** Which observations show their GPR point cloud (a page-wide toggle, shared by the panel and the view). */
const shown = new Set<string>();
const listeners = new Set<() => void>();
let version = 0;

export function setGprCloudShown(observationId: string, isShown: boolean): void {
  if (isShown === shown.has(observationId)) return;
  if (isShown) shown.add(observationId);
  else shown.delete(observationId);
  version++;
  for (const listener of listeners) listener();
}

/** Points drawn in the 3D view per observation (what the panel reports, and what a browser test can read). */
const drawn = new Map<string, number>();

export function setGprCloudDrawn(observationId: string, points: number | null): void {
  if ((drawn.get(observationId) ?? null) === points) return;
  if (points === null) drawn.delete(observationId);
  else drawn.set(observationId, points);
  version++;
  for (const listener of listeners) listener();
}

function useStoreVersion(): number {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => version,
  );
}

export function useIsGprCloudShown(observationId: string): boolean {
  useStoreVersion();
  return shown.has(observationId);
}

export function useGprCloudDrawn(observationId: string): number | null {
  useStoreVersion();
  return drawn.get(observationId) ?? null;
}

/** The observation's point cloud source from its details (its area scan, or itself). */
export type PointCloudSource = ObservationDetails['pointCloudSource'];
