import type { AnalysisInput, ThreeDModelResponse } from '@gprhub/contract';
import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import Snackbar from '@mui/material/Snackbar';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useOrganizationSlug } from '../../api/organization-scope';
import { orgQueryKey } from '../../api/use-api-query';
import { isActiveStatus } from '../analyses/analysis-polling';
import { useAnalysisByInput } from '../analyses/use-analysis-by-input';
import { THREE_D } from './three-d-models-api';

/** After generation finishes the page waits this long, then refreshes the model (seed 001 §4). */
export const GENERATION_REFRESH_DELAY_MS = 2000;

/** What each generation is called in its toast. */
const GENERATIONS = {
  cloud: { analysisType: 'GENERATE_POINT_CLOUD', noun: 'point cloud', title: 'Point cloud' },
  mesh: { analysisType: 'GENERATE_MESH', noun: 'mesh', title: 'Mesh' },
} as const;

/**
 * The progress toast of GENERATE_POINT_CLOUD or GENERATE_MESH for the shown version (seed 001 §4): while the
 * run is CREATED or ANALYSING it shows the run's progress; when the run finishes it waits 2 s and refreshes
 * the model, so the viewer shows the generated cloud, or switches to the generated mesh; a failed run says why
 * and stays until closed. A run that finished before this page saw it running (and before the version
 * appeared on this page) shows nothing: that is old news. The mesh's toast sits above the cloud's.
 */
export function GenerationToast({ model, kind = 'cloud' }: { model: ThreeDModelResponse; kind?: 'cloud' | 'mesh' }) {
  const generation = GENERATIONS[kind];
  const queryClient = useQueryClient();
  const organization = useOrganizationSlug();
  const version = model.threeDModelVersion;
  const hasDatabase = Boolean(model.rtabmapDatabaseFile);
  const input = useMemo<AnalysisInput | null>(() => (version ? { threeDModelVersionId: version.id } : null), [version]);
  const { data, analysisStatus } = useAnalysisByInput(generation.analysisType, input, { enabled: hasDatabase });
  const run = data?.analysisRun ?? null;
  // The status is polled every 2 s while the run moves (by-input every 5 s): its progress is the fresher one.
  const progress = (analysisStatus?.latestRunId === run?.id ? analysisStatus?.progress : null) ?? run?.progress ?? null;

  // Versions present when the page opened are not "new"; one uploaded while it is open is.
  const initialVersionId = useRef(version?.id ?? null);
  const seenActive = useRef(new Set<string>());
  const [dismissed, setDismissed] = useState<string | null>(null);
  const [refreshed, setRefreshed] = useState<string | null>(null);

  const isActive = run !== null && isActiveStatus(run.status);
  if (run && isActive) seenActive.current.add(run.id);
  const isFresh = run !== null && (seenActive.current.has(run.id) || version?.id !== initialVersionId.current);

  const finishedRunId = run?.status === 'FINISHED' && isFresh ? run.id : null;
  // Scheduled once per run and never cancelled by a re-render: the refresh must happen even while polls re-render.
  const scheduled = useRef<string | null>(null);
  const modelNodeId = model.node.nodeId;
  useEffect(() => {
    if (!finishedRunId || scheduled.current === finishedRunId) return;
    scheduled.current = finishedRunId;
    window.setTimeout(() => {
      setRefreshed(finishedRunId);
      void queryClient.invalidateQueries({ queryKey: orgQueryKey(organization, THREE_D, modelNodeId) });
    }, GENERATION_REFRESH_DELAY_MS);
  }, [finishedRunId, queryClient, organization, modelNodeId]);

  if (!run || !isFresh || dismissed === run.id) return null;
  const isFailed = run.status === 'FAILED';
  const isDone = run.status === 'FINISHED';
  const state = isFailed ? 'failed' : isDone ? (refreshed === run.id ? 'shown' : 'finished') : 'running';
  const message = isFailed
    ? `${generation.title} generation failed: ${run.message ?? 'no reason given'}`
    : isDone
      ? refreshed === run.id
        ? `${generation.title} generated`
        : `${generation.title} generated, loading it…`
      : `Generating the ${generation.noun}… ${progress ?? 0} %`;
  return (
    <Snackbar
      open
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      sx={kind === 'mesh' ? { bottom: { xs: 96, sm: 104 } } : undefined}
      autoHideDuration={state === 'shown' ? 4000 : null}
      onClose={(_event, reason) => reason !== 'clickaway' && setDismissed(run.id)}
    >
      <Alert
        severity={isFailed ? 'error' : isDone ? 'success' : 'info'}
        variant="filled"
        onClose={isActive ? undefined : () => setDismissed(run.id)}
        data-testid="generation-toast"
        data-kind={kind}
        data-state={state}
        data-progress={progress ?? ''}
        sx={{ minWidth: 300, alignItems: 'center' }}
      >
        {message}
        {!isFailed && !isDone && (
          <LinearProgress
            variant={progress ? 'determinate' : 'indeterminate'}
            value={progress ?? 0}
            color="inherit"
            sx={{ mt: 1 }}
          />
        )}
      </Alert>
    </Snackbar>
  );
}
