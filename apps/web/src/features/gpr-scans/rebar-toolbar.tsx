import AutoFixHighRoundedIcon from '@mui/icons-material/AutoFixHighRounded';
import EditRoundedIcon from '@mui/icons-material/EditRounded';
import StraightenRoundedIcon from '@mui/icons-material/StraightenRounded';
import TuneRoundedIcon from '@mui/icons-material/TuneRounded';
import WavesRoundedIcon from '@mui/icons-material/WavesRounded';
import VerticalAlignBottomRoundedIcon from '@mui/icons-material/VerticalAlignBottomRounded';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import ToggleButton from '@mui/material/ToggleButton';
import Tooltip from '@mui/material/Tooltip';
import type { ReactNode } from 'react';
import type { RebarLabelToggles } from './draw-rebar-view';

function Toggle({
  value,
  selected,
  onChange,
  title,
  disabled = false,
  children,
}: {
  value: string;
  selected: boolean;
  onChange: (selected: boolean) => void;
  title: string;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <Tooltip title={title}>
      <span>
        <ToggleButton
          value={value}
          size="small"
          selected={selected}
          disabled={disabled}
          aria-label={title}
          data-testid={`toggle-${value}`}
          onChange={() => onChange(!selected)}
          sx={{
            px: 1.25,
            py: 0.5,
            gap: 0.75,
            border: 0,
            borderRadius: 2,
            fontSize: 13,
            whiteSpace: 'nowrap',
          }}
        >
          {children}
        </ToggleButton>
      </span>
    </Tooltip>
  );
}

export interface RebarToolbarProps {
  labels: RebarLabelToggles;
  onLabelsChange: (labels: RebarLabelToggles) => void;
  showSignal: boolean;
  onShowSignalChange: (value: boolean) => void;
  showAnalysis: boolean;
  onShowAnalysisChange: (value: boolean) => void;
  showCorrected: boolean;
  onShowCorrectedChange: (value: boolean) => void;
  isEditing: boolean;
  onEditingChange: (value: boolean) => void;
  hasCorrection: boolean;
}

/**
 * The Rebars tab's toggles (spec §2): diameter (Ø), cover and scan-distance labels; the GPR signal, analysis and
 * corrected layers; and "edit corrected results", available only while the corrected results show.
 */
export function RebarToolbar(props: RebarToolbarProps) {
  const { labels, onLabelsChange } = props;
  return (
    <Box
      role="toolbar"
      aria-label="Rebar view"
      data-testid="rebar-toolbar"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 0.5,
        p: 0.5,
        borderRadius: 3,
        bgcolor: 'action.hover',
      }}
    >
      <Toggle
        value="label-diameter"
        title="Diameter labels"
        selected={labels.diameter}
        onChange={(diameter) => onLabelsChange({ ...labels, diameter })}
      >
        <Box component="span" sx={{ fontWeight: 700, fontSize: 15, lineHeight: 1 }}>
          Ø
        </Box>
      </Toggle>
      <Toggle
        value="label-cover"
        title="Cover labels"
        selected={labels.cover}
        onChange={(cover) => onLabelsChange({ ...labels, cover })}
      >
        <VerticalAlignBottomRoundedIcon fontSize="small" />
        Cover
      </Toggle>
      <Toggle
        value="label-distance"
        title="Scan distance labels"
        selected={labels.distance}
        onChange={(distance) => onLabelsChange({ ...labels, distance })}
      >
        <StraightenRoundedIcon fontSize="small" />
        Distance
      </Toggle>
      <Divider orientation="vertical" flexItem sx={{ mx: 0.5 }} />
      <Toggle
        value="signal"
        title="GPR signal under the bars (converted to depth with the analysis' permittivity)"
        selected={props.showSignal}
        onChange={props.onShowSignalChange}
      >
        <WavesRoundedIcon fontSize="small" />
        GPR signal
      </Toggle>
      <Toggle
        value="analysis"
        title="Analysis results: the bars the engine found"
        selected={props.showAnalysis}
        onChange={props.onShowAnalysisChange}
      >
        <AutoFixHighRoundedIcon fontSize="small" sx={{ color: 'info.main' }} />
        Analysis
      </Toggle>
      <Toggle
        value="corrected"
        title={props.hasCorrection ? 'Corrected results (saved correction)' : 'Corrected results'}
        selected={props.showCorrected}
        onChange={props.onShowCorrectedChange}
      >
        <TuneRoundedIcon fontSize="small" sx={{ color: 'secondary.main' }} />
        Corrected
      </Toggle>
      <Toggle
        value="edit"
        title={props.showCorrected ? 'Edit corrected results' : 'Show the corrected results to edit them'}
        selected={props.isEditing}
        disabled={!props.showCorrected}
        onChange={props.onEditingChange}
      >
        <EditRoundedIcon fontSize="small" />
        Edit
      </Toggle>
    </Box>
  );
}
