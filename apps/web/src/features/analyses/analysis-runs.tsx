import ChevronRightRoundedIcon from '@mui/icons-material/ChevronRightRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Collapse from '@mui/material/Collapse';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Analysis, AnalysisRun } from '@gprhub/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useOrganizationSlug } from '../../api/organization-scope';
import { orgQueryKey } from '../../api/use-api-query';
import { formatDateTime } from '../../lib/format-date';
import { ANALYSES, useAnalysisRuns, useRunJobs } from './analyses-api';
import { useExpanded } from './analyses-expansion';
import { AnalysisJobCard } from './analysis-job-card';
import { AnalysisStatusChip } from './analysis-status-chip';
import { formatDuration } from './format-duration';

/** Refetch a query as soon as `signal` changes (not on mount): a status seen elsewhere moved on. */
function useRefetchOnChange(signal: string, ...key: unknown[]) {
  const queryClient = useQueryClient();
  const organization = useOrganizationSlug();
  const previous = useRef(signal);
  const keyText = JSON.stringify(key);
  useEffect(() => {
    if (previous.current === signal) return;
    previous.current = signal;
    void queryClient.invalidateQueries({
      queryKey: orgQueryKey(organization, ...(JSON.parse(keyText) as unknown[])),
    });
  }, [signal, keyText, queryClient, organization]);
}

/** An analysis' runs, newest first; each opens to its jobs. */
export function AnalysisRuns({ analysis }: { analysis: Analysis }) {
  const runs = useAnalysisRuns(analysis.nodeId);
  useRefetchOnChange(`${analysis.status}|${analysis.latestRunId}`, ANALYSES, 'runs', analysis.nodeId);
  if (runs.isPending) {
    return (
      <Stack spacing={1} data-testid="analysis-runs-loading">
        <Skeleton variant="rounded" height={44} />
        <Skeleton variant="rounded" height={44} width="80%" />
      </Stack>
    );
  }
  if (runs.isError) {
    return (
      <Alert severity="error" data-testid="analysis-runs-error">
        Error loading data
      </Alert>
    );
  }
  const { analysisRuns, total } = runs.data;
  if (analysisRuns.length === 0) {
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="analysis-runs-empty">
        Not started: this analysis has no runs yet.
      </Typography>
    );
  }
  return (
    <Stack spacing={1} data-testid={`analysis-runs-${analysis.nodeId}`}>
      {analysisRuns.map((run, index) => (
        <RunItem key={run.id} run={run} number={total - index} />
      ))}
    </Stack>
  );
}

function RunItem({ run, number }: { run: AnalysisRun; number: number }) {
  const [isOpen, toggle] = useExpanded(`run:${run.id}`);
  const duration = formatDuration(run.startedAt, run.finishedAt);
  return (
    <Box
      data-testid={`analysis-run-${run.id}`}
      data-status={run.status}
      sx={{ border: 1, borderColor: 'divider', borderRadius: '12px', bgcolor: 'background.paper' }}
    >
      <ButtonBase
        onClick={toggle}
        aria-expanded={isOpen}
        data-testid={`analysis-run-toggle-${run.id}`}
        sx={{
          width: '100%',
          justifyContent: 'flex-start',
          textAlign: 'left',
          gap: 1.25,
          px: 1.5,
          py: 1,
          borderRadius: '12px',
          '&:hover': { bgcolor: 'action.hover' },
          '&.Mui-focusVisible': { outline: 2, outlineColor: 'primary.main', outlineOffset: -2 },
        }}
      >
        <ChevronRightRoundedIcon
          fontSize="small"
          sx={{
            color: 'text.secondary',
            transition: 'transform 150ms',
            transform: isOpen ? 'rotate(90deg)' : 'none',
          }}
        />
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            flexWrap: 'wrap',
            columnGap: 1.5,
            rowGap: 0.5,
            flex: 1,
          }}
        >
          <Typography variant="body2" sx={{ fontWeight: 600, minWidth: 48 }}>
            Run {number}
          </Typography>
          <AnalysisStatusChip
            status={run.analysisRunResult.status}
            progress={run.progress}
            message={run.message}
            testId="run-status"
          />
          <Typography variant="body2" sx={{ color: 'text.secondary', fontVariantNumeric: 'tabular-nums' }}>
            {formatDateTime(run.createdAt)}
            {duration && ` · ${duration}`}
          </Typography>
          <Typography
            variant="caption"
            sx={{ color: 'text.secondary', ml: { sm: 'auto' }, fontFamily: 'ui-monospace, Menlo, monospace' }}
          >
            engine {run.analysisEngineVersion}
          </Typography>
        </Box>
      </ButtonBase>
      <Collapse in={isOpen} unmountOnExit>
        <Box sx={{ px: { xs: 1, sm: 1.5 }, pb: 1.5, pt: 0.5 }}>
          <RunJobs run={run} />
        </Box>
      </Collapse>
    </Box>
  );
}

function RunJobs({ run }: { run: AnalysisRun }) {
  const jobs = useRunJobs(run.id);
  useRefetchOnChange(`${run.status}|${run.progress}`, ANALYSES, 'jobs', run.id);
  if (jobs.isPending) return <Skeleton variant="rounded" height={140} data-testid="analysis-jobs-loading" />;
  if (jobs.isError) {
    return (
      <Alert severity="error" data-testid="analysis-jobs-error">
        Error loading data
      </Alert>
    );
  }
  if (jobs.data.analysisJobs.length === 0) {
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        No jobs for this run.
      </Typography>
    );
  }
  return (
    <Stack spacing={1.5} data-testid={`analysis-jobs-${run.id}`}>
      {jobs.data.analysisJobs.map((job) => (
        <AnalysisJobCard key={job.id} job={job} />
      ))}
    </Stack>
  );
}
