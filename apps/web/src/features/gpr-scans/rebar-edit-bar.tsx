import AddCircleOutlineRoundedIcon from '@mui/icons-material/AddCircleOutlineRounded';
import CheckCircleRoundedIcon from '@mui/icons-material/CheckCircleRounded';
import RestartAltRoundedIcon from '@mui/icons-material/RestartAltRounded';
import SaveRoundedIcon from '@mui/icons-material/SaveRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Fade from '@mui/material/Fade';
import Typography from '@mui/material/Typography';

export interface RebarEditBarProps {
  isDirty: boolean;
  isAdding: boolean;
  isSaving: boolean;
  isSaved: boolean;
  isEqualToAnalysis: boolean;
  onSave: () => void;
  onCancel: () => void;
  onAddChange: (value: boolean) => void;
  onReset: () => void;
}

/**
 * Edit mode's actions (spec §2, §4): Save (only when dirty), Cancel, Add (a click on the canvas then adds a
 * bar), Reset to analysis (disabled when already equal), and the saved indicator for 2 s.
 */
export function RebarEditBar(props: RebarEditBarProps) {
  return (
    <Box
      data-testid="rebar-edit-bar"
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}
    >
      <Button
        variant="contained"
        size="small"
        startIcon={<SaveRoundedIcon />}
        disabled={!props.isDirty || props.isSaving}
        onClick={props.onSave}
        data-testid="rebar-save"
      >
        Save
      </Button>
      <Button
        variant="outlined"
        size="small"
        disabled={!props.isDirty || props.isSaving}
        onClick={props.onCancel}
        data-testid="rebar-cancel"
      >
        Cancel
      </Button>
      <Button
        variant={props.isAdding ? 'contained' : 'outlined'}
        color="secondary"
        size="small"
        startIcon={<AddCircleOutlineRoundedIcon />}
        aria-pressed={props.isAdding}
        onClick={() => props.onAddChange(!props.isAdding)}
        data-testid="rebar-add"
      >
        Add
      </Button>
      <Button
        variant="text"
        size="small"
        startIcon={<RestartAltRoundedIcon />}
        disabled={props.isEqualToAnalysis || props.isSaving}
        onClick={props.onReset}
        data-testid="rebar-reset"
      >
        Reset to analysis
      </Button>
      <Fade in={props.isSaved}>
        <Box
          data-testid="rebar-saved"
          aria-live="polite"
          sx={{ display: 'flex', alignItems: 'center', gap: 0.5, color: 'success.main' }}
        >
          <CheckCircleRoundedIcon fontSize="small" />
          <Typography variant="body2">Saved</Typography>
        </Box>
      </Fade>
      {props.isAdding && (
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          Click in the concrete to place a bar (Esc to stop)
        </Typography>
      )}
    </Box>
  );
}
