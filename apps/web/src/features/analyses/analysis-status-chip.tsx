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
import { getStatusLabel, normalizeStatus } from './analysis-status';
import type { StatusKey } from './analysis-status';

const LOOK: Record<StatusKey, { color: ChipProps['color']; hint: string }> = {
  CREATED: { color: 'info', hint: 'Waiting for resources' },
  ANALYSING: { color: 'primary', hint: 'Running' },
  FINISHED: { color: 'success', hint: 'Finished' },
  FAILED: { color: 'error', hint: 'Failed' },
  NONE: { color: 'default', hint: 'No run yet' },
  UNKNOWN: { color: 'default', hint: 'Unknown status' },
};

/**
 * An analysis, run or job status as a coloured chip; while ANALYSING it carries a progress ring
 * (determinate when the progress is known). `message` (a failure's reason) becomes the tooltip.
 */
export function AnalysisStatusChip({
  status,
  progress,
  message,
  size = 'small',
  isCompact = false,
  testId = 'analysis-status',
}: {
  status: string | null | undefined;
  progress?: number | null;
  message?: string | null;
  size?: 'small' | 'medium';
  /** Narrow cells: a running analysis shows only its progress ('42 %'). */
  isCompact?: boolean;
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
        variant={progress ? 'determinate' : 'indeterminate'}
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
    <Tooltip title={message || (isCompact ? getStatusLabel(status, progress) : look.hint)} placement="top">
      <Chip
        size={size}
        icon={icon}
        label={getStatusLabel(status, progress, isCompact)}
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
