import CheckCircleRoundedIcon from '@mui/icons-material/CheckCircleRounded';
import ErrorRoundedIcon from '@mui/icons-material/ErrorRounded';
import HelpOutlineRoundedIcon from '@mui/icons-material/HelpOutlineRounded';
import HourglassEmptyRoundedIcon from '@mui/icons-material/HourglassEmptyRounded';
import RemoveCircleOutlineRoundedIcon from '@mui/icons-material/RemoveCircleOutlineRounded';
import Chip from '@mui/material/Chip';
import type { ChipProps } from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Tooltip from '@mui/material/Tooltip';
import type { ReactElement } from 'react';

type StatusKey = 'CREATED' | 'ANALYSING' | 'FINISHED' | 'FAILED' | 'NONE' | 'UNKNOWN';

/** Statuses as the spec lists them, lower-case forms included; null is 'Not started'. */
export function normalizeStatus(status: string | null | undefined): StatusKey {
  if (status === null || status === undefined || status === '') return 'NONE';
  const upper = status.toUpperCase();
  return upper === 'CREATED' || upper === 'ANALYSING' || upper === 'FINISHED' || upper === 'FAILED'
    ? upper
    : 'UNKNOWN';
}

const LOOK: Record<StatusKey, { label: string; color: ChipProps['color']; hint: string }> = {
  CREATED: { label: 'Created', color: 'info', hint: 'Waiting for resources' },
  ANALYSING: { label: 'Analysing', color: 'primary', hint: 'Running' },
  FINISHED: { label: 'Finished', color: 'success', hint: 'Finished' },
  FAILED: { label: 'Failed', color: 'error', hint: 'Failed' },
  NONE: { label: 'Not started', color: 'default', hint: 'No run yet' },
  UNKNOWN: { label: 'Unknown', color: 'default', hint: 'Unknown status' },
};

/** The label a status shows ('Analysing 42 %' with a known progress). */
export function getStatusLabel(status: string | null | undefined, progress?: number | null): string {
  const key = normalizeStatus(status);
  if (key === 'ANALYSING' && typeof progress === 'number') return `Analysing ${Math.round(progress)} %`;
  return LOOK[key].label;
}

/**
 * An analysis, run or job status as a coloured chip; while ANALYSING it carries a progress ring
 * (determinate when the progress is known). `message` (a failure's reason) becomes the tooltip.
 */
export function AnalysisStatusChip({
  status,
  progress,
  message,
  size = 'small',
  testId = 'analysis-status',
}: {
  status: string | null | undefined;
  progress?: number | null;
  message?: string | null;
  size?: 'small' | 'medium';
  testId?: string;
}) {
  const key = normalizeStatus(status);
  const look = LOOK[key];
  const icon: ReactElement =
    key === 'ANALYSING' ? (
      <CircularProgress
        size={13}
        thickness={6}
        color="inherit"
        variant={typeof progress === 'number' ? 'determinate' : 'indeterminate'}
        value={Math.max(progress ?? 0, 4)}
        aria-hidden
      />
    ) : key === 'FINISHED' ? (
      <CheckCircleRoundedIcon />
    ) : key === 'FAILED' ? (
      <ErrorRoundedIcon />
    ) : key === 'CREATED' ? (
      <HourglassEmptyRoundedIcon />
    ) : key === 'NONE' ? (
      <RemoveCircleOutlineRoundedIcon />
    ) : (
      <HelpOutlineRoundedIcon />
    );
  return (
    <Tooltip title={message || look.hint} placement="top">
      <Chip
        size={size}
        icon={icon}
        label={getStatusLabel(status, progress)}
        color={look.color}
        variant={key === 'FINISHED' || key === 'FAILED' ? 'filled' : 'outlined'}
        data-testid={testId}
        data-status={key === 'NONE' ? '' : key}
        sx={{
          fontWeight: 500,
          fontVariantNumeric: 'tabular-nums',
          '& .MuiChip-icon': { fontSize: 16, ml: '6px' },
          '& .MuiCircularProgress-root': { ml: '7px', mr: '-2px' },
        }}
      />
    </Tooltip>
  );
}
