import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { COLORMAP_NAMES, DEFAULT_SIGNAL_COLORMAP, getColormap } from '@gprhub/gpr';
import { useMemo } from 'react';

/** A CSS gradient of a colour map (11 stops), for the picker's swatches. */
export function colormapGradient(name: string): string {
  const { lut } = getColormap(name);
  const stops = Array.from({ length: 11 }, (_, i) => {
    const k = Math.round((i / 10) * 255) * 4;
    return `rgb(${lut[k]}, ${lut[k + 1]}, ${lut[k + 2]}) ${i * 10}%`;
  });
  return `linear-gradient(90deg, ${stops.join(', ')})`;
}

/** The colour map picker: the 43 maps with a swatch each, and Reset back to viridis (seed 000 §2). */
export function ColormapSelect({ value, onChange }: { value: string; onChange: (name: string) => void }) {
  const gradients = useMemo(() => new Map(COLORMAP_NAMES.map((name) => [name, colormapGradient(name)])), []);
  const swatch = (name: string) => (
    <Box
      component="span"
      sx={{ width: 56, height: 12, borderRadius: 0.5, flexShrink: 0, background: gradients.get(name) }}
    />
  );
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <TextField
        select
        size="small"
        label="Colour map"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        sx={{ minWidth: 190 }}
        slotProps={{
          htmlInput: { 'data-testid': 'signal-colormap' },
          select: {
            renderValue: (selected) => (
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                {swatch(String(selected))}
                {String(selected)}
              </Box>
            ),
            MenuProps: { slotProps: { paper: { sx: { maxHeight: 360 } } } },
          },
        }}
      >
        {COLORMAP_NAMES.map((name) => (
          <MenuItem key={name} value={name} data-testid={`colormap-option-${name}`} sx={{ gap: 1 }}>
            {swatch(name)}
            {name}
          </MenuItem>
        ))}
      </TextField>
      <Button
        size="small"
        onClick={() => onChange(DEFAULT_SIGNAL_COLORMAP)}
        disabled={value === DEFAULT_SIGNAL_COLORMAP}
        data-testid="signal-colormap-reset"
      >
        Reset
      </Button>
    </Box>
  );
}
