import type { Area, Observation } from '@gprhub/contract';
import AddRoundedIcon from '@mui/icons-material/AddRounded';
import RemoveRoundedIcon from '@mui/icons-material/RemoveRounded';
import RotateLeftRoundedIcon from '@mui/icons-material/RotateLeftRounded';
import RotateRightRoundedIcon from '@mui/icons-material/RotateRightRounded';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AreaAxis } from './area-edit';
import { isAreaChanged, MOVE_STEP_M, moveArea, ROTATION_STEP_DEG, rotateArea } from './area-edit';
import { HoldButton } from './hold-button';

const AXES: { axis: AreaAxis; label: string }[] = [
  { axis: 'x', label: 'along the line' },
  { axis: 'y', label: 'across the line' },
  { axis: 'z', label: 'into the surface' },
];

export interface ObservationEditorProps {
  observation: Observation;
  draft: Area;
  onDraft: (area: Area) => void;
  onSave: () => void;
  onCancel: () => void;
  isSaving: boolean;
}

/** Rotate about and move along the observation's own axes; Save only when changed (spec 001 §4). */
export function ObservationEditor({ observation, draft, onDraft, onSave, onCancel, isSaving }: ObservationEditorProps) {
  const isChanged = isAreaChanged(draft, observation.observationArea);
  return (
    <Stack spacing={1} data-testid="observation-editor" sx={{ p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Typography variant="subtitle2">{`Position of ${observation.observationName}`}</Typography>
      {AXES.map(({ axis, label }) => (
        <Stack key={axis} direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
          <Typography variant="body2" sx={{ width: 130 }}>{`${axis.toUpperCase()} (${label})`}</Typography>
          <HoldButton label={`Rotate about ${axis} −1°`} onStep={() => onDraft(rotateArea(draft, axis, -ROTATION_STEP_DEG))}>
            <RotateLeftRoundedIcon fontSize="small" />
          </HoldButton>
          <HoldButton label={`Rotate about ${axis} +1°`} onStep={() => onDraft(rotateArea(draft, axis, ROTATION_STEP_DEG))}>
            <RotateRightRoundedIcon fontSize="small" />
          </HoldButton>
          <HoldButton label={`Move along ${axis} −1 cm`} onStep={() => onDraft(moveArea(draft, axis, -MOVE_STEP_M))} testId={`move-${axis}-minus`}>
            <RemoveRoundedIcon fontSize="small" />
          </HoldButton>
          <HoldButton label={`Move along ${axis} +1 cm`} onStep={() => onDraft(moveArea(draft, axis, MOVE_STEP_M))} testId={`move-${axis}-plus`}>
            <AddRoundedIcon fontSize="small" />
          </HoldButton>
        </Stack>
      ))}
      <Typography variant="caption" sx={{ color: 'text.secondary' }} data-testid="observation-origin">
        {`Origin ${draft.origin.map((v) => v.toFixed(3)).join(', ')} m`}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
        <Button size="small" variant="contained" disabled={!isChanged || isSaving} onClick={onSave} data-testid="observation-save">
          Save
        </Button>
        <Button size="small" color="inherit" onClick={onCancel} data-testid="observation-cancel">
          Cancel
        </Button>
        <Button size="small" disabled={!observation.scanArea} onClick={() => observation.scanArea && onDraft(observation.scanArea)}>
          Use 3D tracker positions
        </Button>
      </Stack>
    </Stack>
  );
}
