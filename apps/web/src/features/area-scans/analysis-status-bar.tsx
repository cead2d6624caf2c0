import ReplayRoundedIcon from '@mui/icons-material/ReplayRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { ANALYSIS_TYPE_LABELS } from '@gprhub/contract';
import { getErrorMessage } from '../../api/api-error';
import { AnalysisStatusChip } from '../analyses/analysis-status-chip';
import { isActiveStatus } from '../analyses/analysis-polling';
import type { AutoAnalysis } from '../analyses/use-analysis-by-input';

export interface AnalysisStatusBarProps {
  /** The page's analysis: its answer, Rerun (a new run even when one exists), the last trigger failure (shown
   * for 10 s) and a failure to read it at all. */
  analysis: Pick<AutoAnalysis, 'data' | 'trigger' | 'isTriggering' | 'triggerError' | 'isError' | 'error'>;
}

/**
 * The analysis a page shows: its type, status chip (with progress while it runs), the run's message and a
 * Rerun button; a trigger failure's message under the button (spec §8).
 */
export function AnalysisStatusBar({ analysis }: AnalysisStatusBarProps) {
  const { data: answer, isTriggering, triggerError } = analysis;
  const onRerun = () => analysis.trigger(true);
  const loadError = analysis.isError ? getErrorMessage(analysis.error) : null;
  const run = answer?.analysisRun ?? null;
  const isRunning = isActiveStatus(run?.status);
  const label = answer?.analysis ? ANALYSIS_TYPE_LABELS[answer.analysis.analysisType] : 'Rebar analysis';
  return (
    <Box data-testid="analysis-status-bar" data-status={run?.status ?? 'NONE'} sx={{ mb: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {label}
        </Typography>
        <AnalysisStatusChip status={run?.status ?? null} progress={run?.progress} message={run?.message} />
        {run?.message && run.status !== 'FAILED' && (
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {run.message}
          </Typography>
        )}
        <Button
          size="small"
          startIcon={<ReplayRoundedIcon />}
          disabled={isTriggering || isRunning || !answer}
          onClick={onRerun}
          data-testid="analysis-rerun"
        >
          Rerun
        </Button>
      </Box>
      {run?.status === 'FAILED' && (
        <Alert severity="error" sx={{ mt: 1 }}>
          The analysis failed{run.message ? `: ${run.message}` : '.'}
        </Alert>
      )}
      {triggerError && (
        <Typography variant="caption" color="error" data-testid="analysis-trigger-error">
          {triggerError}
        </Typography>
      )}
      {loadError && (
        <Alert severity="error" sx={{ mt: 1 }}>
          The analysis could not be read: {loadError}
        </Alert>
      )}
    </Box>
  );
}
