import ExpandMoreRoundedIcon from '@mui/icons-material/ExpandMoreRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { AnalysisJob } from '@gprhub/contract';
import type { ReactNode } from 'react';
import { formatDateTime } from '../../lib/format-date';
import { useExpanded } from './analyses-expansion';
import { AnalysisStatusChip } from './analysis-status-chip';
import { CopyPayloadButton } from './copy-payload-button';
import { JobHistory } from './job-history';

const MONO = 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace';

function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" component="div" sx={{ color: 'text.secondary', lineHeight: 1.4 }}>
        {label}
      </Typography>
      <Typography variant="body2" component="div" data-testid={testId} sx={{ fontWeight: 500 }}>
        {children}
      </Typography>
    </Box>
  );
}

/**
 * One job of a run: status and progress, attempts (more than one after a worker died), the analysis
 * engine version, its latest message, the copy-payload button, and its history (opened on demand).
 */
export function AnalysisJobCard({ job }: { job: AnalysisJob }) {
  const [isHistoryOpen, toggleHistory] = useExpanded(`job:${job.id}`);
  const isRunning = job.status === 'ANALYSING' || job.status === 'CREATED';
  const message = job.statusEvent?.message;
  return (
    <Paper
      variant="outlined"
      data-testid={`analysis-job-${job.id}`}
      data-status={job.status}
      sx={{ p: { xs: 1.5, sm: 2 }, borderRadius: '12px', bgcolor: 'background.paper' }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 1.5 }}>
        <Typography variant="subtitle2" component="h5">
          Job
        </Typography>
        <Typography
          component="span"
          title={job.id}
          sx={{ fontFamily: MONO, fontSize: 12.5, color: 'text.secondary' }}
        >
          {job.id.slice(0, 8)}
        </Typography>
        <AnalysisStatusChip
          status={job.status}
          progress={job.progress}
          message={message}
          testId="job-status"
        />
      </Box>
      {isRunning && (
        <LinearProgress
          variant={typeof job.progress === 'number' ? 'determinate' : 'indeterminate'}
          value={job.progress ?? 0}
          aria-label="Job progress"
          sx={{ mb: 1.5, borderRadius: 2, height: 6 }}
          data-testid="job-progress"
        />
      )}
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
          gap: 1.5,
          mb: 1.5,
        }}
      >
        <Fact label="Engine version" testId="job-engine-version">
          <Box component="span" sx={{ fontFamily: MONO, fontSize: 13 }}>
            {job.analysisEngineVersion}
          </Box>
        </Fact>
        <Fact label="Attempts" testId="job-attempts">
          {job.attempts}
        </Fact>
        <Fact label="Created at">{formatDateTime(job.createdAt)}</Fact>
        <Fact label="Updated at">{formatDateTime(job.updatedAt)}</Fact>
      </Box>
      {message && (
        <Typography
          variant="body2"
          data-testid="job-message"
          sx={{
            mb: 1.5,
            px: 1.25,
            py: 0.75,
            borderRadius: '8px',
            bgcolor: job.status === 'FAILED' ? 'error.main' : 'action.hover',
            color: job.status === 'FAILED' ? 'error.contrastText' : 'text.primary',
            overflowWrap: 'anywhere',
          }}
        >
          {message}
        </Typography>
      )}
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <Button
          size="small"
          onClick={toggleHistory}
          aria-expanded={isHistoryOpen}
          endIcon={
            <ExpandMoreRoundedIcon
              sx={{ transition: 'transform 150ms', transform: isHistoryOpen ? 'rotate(180deg)' : 'none' }}
            />
          }
          data-testid={`job-history-toggle-${job.id}`}
        >
          History ({job.history.length})
        </Button>
        <CopyPayloadButton jobId={job.id} analysisType={job.analysisType} />
      </Box>
      <Collapse in={isHistoryOpen} unmountOnExit>
        <Box sx={{ pt: 2, pl: 0.5 }}>
          <JobHistory history={job.history} testId={`job-history-${job.id}`} />
        </Box>
      </Collapse>
    </Paper>
  );
}
