import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { LineRebar } from './line-rebars';
import { formatCoverCm, getDiameterMm, getRebarX } from './line-rebars';
import { parseDecimal } from './selected-rebar-parse';

/**
 * The selected bar (spec §2, §5): where it is, Remove, and "Diameter (mm)" applied on Enter or blur (≤ 0
 * becomes 1; the stored radius is diameter / 2000).
 */
export function SelectedRebarPanel({
  rebar,
  onDiameterChange,
  onRemove,
}: {
  rebar: LineRebar;
  onDiameterChange: (diameterMm: number) => void;
  onRemove: () => void;
}) {
  const shown = String(getDiameterMm(rebar.R));
  // The draft resets whenever another bar is selected or the bar's diameter changes.
  const [draft, setDraft] = useState<{ key: string; text: string }>({ key: '', text: shown });
  const key = `${rebar.id}:${shown}`;
  const text = draft.key === key ? draft.text : shown;
  const apply = () => {
    if (text === shown) return;
    const value = parseDecimal(text);
    onDiameterChange(Number.isNaN(value) ? 0 : value);
    setDraft({ key: '', text: '' });
  };
  return (
    <Box
      data-testid="selected-rebar-panel"
      data-rebar-id={rebar.id}
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 2,
        px: 2,
        py: 1.25,
        borderRadius: 3,
        border: 1,
        borderColor: 'secondary.main',
      }}
    >
      <Box sx={{ minWidth: 150 }}>
        <Typography variant="subtitle2">Selected rebar</Typography>
        <Typography variant="caption" sx={{ color: 'text.secondary', fontVariantNumeric: 'tabular-nums' }}>
          at {(getRebarX(rebar) * 100).toFixed(1)} cm · cover {formatCoverCm(rebar)} cm
        </Typography>
      </Box>
      <TextField
        label="Diameter (mm)"
        size="small"
        value={text}
        onChange={(event) => setDraft({ key, text: event.target.value })}
        onBlur={apply}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            event.stopPropagation();
            apply();
          }
        }}
        slotProps={{
          htmlInput: { inputMode: 'decimal', 'data-testid': 'rebar-diameter-input' },
          input: { endAdornment: <InputAdornment position="end">mm</InputAdornment> },
        }}
        sx={{ width: 150 }}
      />
      <Button
        color="error"
        variant="outlined"
        size="small"
        startIcon={<DeleteOutlineRoundedIcon />}
        onClick={onRemove}
        data-testid="rebar-remove"
      >
        Remove
      </Button>
    </Box>
  );
}
