import SettingsRemoteRoundedIcon from '@mui/icons-material/SettingsRemoteRounded';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import { ThreeDTrackerMessages } from '@gprhub/contract';
import { trackerLabel, useConnectedTrackers } from '../three-d-trackers/three-d-trackers-api';

/**
 * The 3D tracker connection chip (seed 000 §2): polls the connected trackers every 5 s and shows the one
 * tracker's name (or its id), '(n) Connected' for several, 'Not Connected' for none. In the header
 * (`hideWhenNotConnected`) it is hidden while loading and when no tracker is connected. `modelId` limits it
 * to the trackers connected to one model.
 */
export function ThreeDTrackerChip({ modelId, hideWhenNotConnected = false }: { modelId?: string; hideWhenNotConnected?: boolean }) {
  const { trackers, isLoading } = useConnectedTrackers(modelId);
  if (isLoading || !trackers) return hideWhenNotConnected ? null : <Chip size="small" label="…" variant="outlined" />;
  if (trackers.length === 0 && hideWhenNotConnected) return null;
  const label = trackers.length === 0 ? ThreeDTrackerMessages.notConnected : trackers.length === 1 ? trackerLabel(trackers[0]!) : `(${trackers.length}) Connected`;
  const isConnected = trackers.length > 0;
  return (
    <Tooltip title={isConnected ? ThreeDTrackerMessages.connectedTooltip : ThreeDTrackerMessages.notConnectedTooltip}>
      <Chip
        size="small"
        icon={<SettingsRemoteRoundedIcon />}
        label={label}
        color={isConnected ? 'success' : 'default'}
        variant={isConnected ? 'filled' : 'outlined'}
        data-testid="tracker-chip"
      />
    </Tooltip>
  );
}

/** The header's chip: hidden while loading or when no tracker is connected. */
export function ThreeDTrackerIndicator() {
  return <ThreeDTrackerChip hideWhenNotConnected />;
}
