import ReplayRoundedIcon from '@mui/icons-material/ReplayRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { AnalysisByInputResponse } from '@gprhub/contract';
import { getErrorMessage } from '../../api/api-error';
import { AnalysisStatusChip } from '../analyses/analysis-status-chip';
import { isActiveStatus } from '../analyses/analysis-polling';

/** A line scan's LINE_SCAN_REBAR_2 analysis as the Rebars tab gets it (from `useAutoAnalysis`, shared with the page). */
export interface RebarAnalysisState {
  data: AnalysisByInputResponse | undefined;
  error: unknown;
  trigger: (rerunIfExists?: boolean) => void;
  isTriggering: boolean;
  triggerError: string | null;
}

/**
 * The rebar analysis' state above the view: its status chip (with progress while it runs), the run's failure
 * with a Retry, the trigger error for 10 s, and "Run again" once finished.
 */
export function RebarAnalysisStatus({ analysis }: { analysis: RebarAnalysisState }) {
  const run = analysis.data?.analysisRun ?? null;
  const status = run?.status ?? null;
  const isRunning = isActiveStatus(status);
  const isWaiting = !analysis.data || (!run && !analysis.error);
  return (
    <Box
      data-testid="rebar-analysis-status"
      data-status={status ?? ''}
      sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
        <Typography variant="subtitle2">Line scan rebar analysis</Typography>
        <AnalysisStatusChip status={status} progress={run?.progress ?? null} message={run?.message ?? null} />
        {run?.analysisEngineVersion && (
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            engine {run.analysisEngineVersion}
          </Typography>
        )}
        {status === 'FAILED' && (
          <Button
            size="small"
            variant="outlined"
            startIcon={<ReplayRoundedIcon />}
            disabled={analysis.isTriggering}
            onClick={() => analysis.trigger(true)}
            data-testid="rebar-analysis-retry"
          >
            Retry
          </Button>
        )}
      </Box>
      {(isRunning || (isWaiting && !analysis.triggerError)) && (
        <LinearProgress
          variant={run?.progress ? 'determinate' : 'indeterminate'}
          value={run?.progress ?? 0}
          sx={{ borderRadius: 1 }}
        />
      )}
      {status === 'FAILED' && (
        <Alert severity="error" data-testid="rebar-analysis-failed">
          The analysis failed{run?.message ? `: ${run.message}` : '.'}
        </Alert>
      )}
      {analysis.error !== null && analysis.error !== undefined && (
        <Alert severity="error">{getErrorMessage(analysis.error)}</Alert>
      )}
      {analysis.triggerError && (
        <Alert severity="error" data-testid="rebar-trigger-error">
          {analysis.triggerError}
        </Alert>
      )}
    </Box>
  );
}
