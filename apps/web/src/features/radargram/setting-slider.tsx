import Box from '@mui/material/Box';
import Slider from '@mui/material/Slider';
import Typography from '@mui/material/Typography';
import { NumericField } from './numeric-field';
import type { NumericBounds } from './signal-settings';

export interface SettingSliderProps {
  name: string;
  label: string;
  unit?: string;
  value: number;
  bounds: NumericBounds;
  onChange: (value: number) => void;
  disabled?: boolean;
  testId: string;
}

/**
 * A setting with a slider (live: every move redraws the radargram) and a field for an exact value (comma
 * decimals, clamped).
 */
export function SettingSlider({
  name,
  label,
  unit,
  value,
  bounds,
  onChange,
  disabled,
  testId,
}: SettingSliderProps) {
  const title = unit ? `${label} (${unit})` : label;
  return (
    <Box>
      <Typography
        variant="body2"
        id={`${testId}-label`}
        sx={{ color: disabled ? 'text.disabled' : 'text.secondary' }}
      >
        {title}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 2 }}>
        <Slider
          size="small"
          value={value}
          min={bounds.min}
          max={bounds.max}
          step={bounds.step}
          disabled={disabled}
          onChange={(_, next) => onChange(next as number)}
          aria-labelledby={`${testId}-label`}
          data-testid={`${testId}-slider`}
          sx={{ flexGrow: 1, mt: 0.75 }}
        />
        <NumericField
          name={name}
          label={unit ?? label}
          value={value}
          bounds={bounds}
          onCommit={onChange}
          disabled={disabled}
          testId={`${testId}-input`}
          width={88}
        />
      </Box>
    </Box>
  );
}
