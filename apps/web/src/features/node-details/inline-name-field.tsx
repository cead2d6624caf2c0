import EditRoundedIcon from '@mui/icons-material/EditRounded';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import CircularProgress from '@mui/material/CircularProgress';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { getErrorMessage } from '../../api/api-error';
import { parseNodeName } from './node-name';

export interface InlineNameFieldProps {
  name: string;
  /** Saves the new (trimmed) name; a rejection keeps the field open with the error shown. */
  onSave: (name: string) => Promise<unknown>;
  disabled?: boolean;
}

/**
 * The node's name as a heading that becomes a text field on click. Enter or leaving the field
 * saves, Escape cancels; an empty name is refused ('Name is required').
 */
export function InlineNameField({ name, onSave, disabled }: InlineNameFieldProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  // Enter saves, and so does the blur that may follow it: one request only.
  const isSavingRef = useRef(false);

  const cancel = () => {
    setDraft(null);
    setError(null);
  };
  const save = async () => {
    if (draft === null || isSavingRef.current) return;
    const parsed = parseNodeName(draft);
    if (!parsed.success) {
      setError(parsed.error);
      return;
    }
    if (parsed.name === name) {
      cancel();
      return;
    }
    isSavingRef.current = true;
    setIsSaving(true);
    try {
      await onSave(parsed.name);
      cancel();
    } catch (caught) {
      setError(getErrorMessage(caught));
    } finally {
      isSavingRef.current = false;
      setIsSaving(false);
    }
  };

  if (draft === null) {
    return (
      <ButtonBase
        onClick={() => setDraft(name)}
        disabled={disabled}
        aria-label={`Rename ${name}`}
        data-testid="node-details-name"
        sx={{
          display: 'flex',
          alignItems: 'flex-start',
          gap: 0.75,
          maxWidth: '100%',
          mx: -0.75,
          px: 0.75,
          py: 0.25,
          borderRadius: '8px',
          textAlign: 'left',
          '&:hover, &.Mui-focusVisible': { bgcolor: 'action.hover' },
          '&:hover .rename-hint, &.Mui-focusVisible .rename-hint': { opacity: 1 },
        }}
      >
        <Typography
          variant="h6"
          component="h2"
          sx={{ lineHeight: 1.35, overflowWrap: 'anywhere', minWidth: 0 }}
        >
          {name}
        </Typography>
        <EditRoundedIcon
          className="rename-hint"
          fontSize="small"
          sx={{ mt: 0.5, color: 'text.secondary', opacity: { xs: 0.6, md: 0 }, transition: 'opacity 120ms' }}
        />
      </ButtonBase>
    );
  }

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <TextField
        value={draft}
        onChange={(event) => {
          setDraft(event.target.value);
          setError(null);
        }}
        onBlur={() => void save()}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.stopPropagation();
            cancel();
          }
        }}
        autoFocus
        onFocus={(event) => event.target.select()}
        size="small"
        label="Name"
        error={Boolean(error)}
        helperText={error ?? 'Enter to save, Esc to cancel'}
        disabled={isSaving}
        slotProps={{
          htmlInput: { 'data-testid': 'node-details-name-input', maxLength: 255 },
          input: {
            sx: { fontWeight: 600, fontSize: '1.05rem' },
            endAdornment: isSaving ? (
              <InputAdornment position="end">
                <CircularProgress size={16} />
              </InputAdornment>
            ) : undefined,
          },
        }}
      />
    </Box>
  );
}
