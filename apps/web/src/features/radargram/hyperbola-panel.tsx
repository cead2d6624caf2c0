import AddRoundedIcon from '@mui/icons-material/AddRounded';
import CheckCircleRoundedIcon from '@mui/icons-material/CheckCircleRounded';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Slider from '@mui/material/Slider';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { getErrorMessage } from '../../api/api-error';
import type { HyperbolaEditor } from './use-hyperbola-editor';
import { isActiveStatus } from '../analyses/analysis-polling';

export interface HyperbolaPanelProps {
  editor: HyperbolaEditor;
  threshold: number;
  onThreshold: (value: number) => void;
  layers: { analysis: boolean; corrected: boolean };
  onLayers: (layers: { analysis: boolean; corrected: boolean }) => void;
  /** Hyperbolas shown / in the set, for the count line. */
  shownCount: number;
}

/**
 * Hyperbolas on the radargram: the detection's state, the confidence threshold (0–1, step 0.01), the analysis
 * and corrected layers, and the edit actions (Add, Remove, Save, Cancel, Reset to analysis) with the saved
 * indicator (seed 000 §2, §4).
 */
export function HyperbolaPanel({
  editor,
  threshold,
  onThreshold,
  layers,
  onLayers,
  shownCount,
}: HyperbolaPanelProps) {
  const run = editor.analysis.data?.analysisRun;
  const status = run?.status ?? null;
  const isRunning = editor.analysis.isTriggering || isActiveStatus(status);
  const canEdit = layers.corrected && status === 'FINISHED';
  return (
    <Card variant="outlined" sx={{ p: 2, display: 'grid', gap: 1.25 }} data-testid="hyperbola-panel">
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
        <Typography variant="subtitle2">Hyperbolas</Typography>
        {editor.isSaved && (
          <Box
            sx={{ display: 'flex', alignItems: 'center', gap: 0.5, color: 'success.main' }}
            data-testid="hyperbolas-saved"
          >
            <CheckCircleRoundedIcon fontSize="small" />
            <Typography variant="caption">Saved</Typography>
          </Box>
        )}
      </Box>
      {isRunning && (
        <Box data-testid="hyperbolas-running">
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            Detecting hyperbolas{run?.progress != null ? ` (${run.progress} %)` : ''}
          </Typography>
          <LinearProgress
            variant={run?.progress != null ? 'determinate' : 'indeterminate'}
            value={run?.progress ?? 0}
            sx={{ mt: 0.5 }}
          />
        </Box>
      )}
      {status === 'FAILED' && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => editor.analysis.trigger(true)}>
              Retry
            </Button>
          }
        >
          {run?.message ?? 'The hyperbola detection failed'}
        </Alert>
      )}
      {editor.analysis.triggerError && <Alert severity="error">{editor.analysis.triggerError}</Alert>}
      <Box>
        <Typography variant="body2" id="hyperbola-confidence-label" sx={{ color: 'text.secondary' }}>
          Confidence threshold: {threshold.toFixed(2)}
        </Typography>
        <Slider
          size="small"
          min={0}
          max={1}
          step={0.01}
          value={threshold}
          onChange={(_, value) => onThreshold(value as number)}
          aria-labelledby="hyperbola-confidence-label"
          data-testid="hyperbola-confidence-slider"
        />
        <Typography variant="caption" sx={{ color: 'text.secondary' }} data-testid="hyperbola-count">
          {shownCount} of {editor.corrected.length} hyperbolas shown
        </Typography>
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1 }}>
        <FormControlLabel
          control={
            <Switch
              size="small"
              checked={layers.analysis}
              onChange={(e) => onLayers({ ...layers, analysis: e.target.checked })}
              slotProps={{ input: { 'data-testid': 'hyperbola-layer-analysis' } as object }}
            />
          }
          label={<Typography variant="body2">Analysis results</Typography>}
        />
        <FormControlLabel
          control={
            <Switch
              size="small"
              checked={layers.corrected}
              onChange={(e) => onLayers({ ...layers, corrected: e.target.checked })}
              slotProps={{ input: { 'data-testid': 'hyperbola-layer-corrected' } as object }}
            />
          }
          label={<Typography variant="body2">Corrected results</Typography>}
        />
      </Box>
      {canEdit && !editor.hasCorrection && !editor.isEditing && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="hyperbola-hint">
          No correction applied yet. Click on the hyperbolas to edit them.
        </Typography>
      )}
      {canEdit && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          <Button
            size="small"
            variant={editor.isAddMode ? 'contained' : 'outlined'}
            startIcon={<AddRoundedIcon />}
            onClick={() => editor.setIsAddMode(!editor.isAddMode)}
            data-testid="hyperbola-add"
          >
            Add
          </Button>
          <Button
            size="small"
            variant="outlined"
            color="error"
            startIcon={<DeleteOutlineRoundedIcon />}
            disabled={!editor.selectedId}
            onClick={editor.removeSelected}
            data-testid="hyperbola-remove"
          >
            Remove
          </Button>
          <Button
            size="small"
            variant="outlined"
            disabled={!editor.canResetToAnalysis}
            onClick={editor.resetToAnalysis}
            data-testid="hyperbola-reset"
          >
            Reset to analysis
          </Button>
          <Box sx={{ flexGrow: 1 }} />
          <Button
            size="small"
            disabled={!editor.isEditing}
            onClick={editor.cancel}
            data-testid="hyperbola-cancel"
          >
            Cancel
          </Button>
          <Button
            size="small"
            variant="contained"
            disabled={!editor.isDirty || editor.isSaving}
            onClick={() => void editor.save()}
            data-testid="hyperbola-save"
          >
            Save
          </Button>
        </Box>
      )}
      {editor.isAddMode && (
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          Click on the radargram to add a hyperbola at its apex. Escape leaves add mode.
        </Typography>
      )}
      {editor.saveError && <Alert severity="error">{getErrorMessage(editor.saveError)}</Alert>}
    </Card>
  );
}
