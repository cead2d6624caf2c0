import Box from '@mui/material/Box';
import Slider from '@mui/material/Slider';
import Typography from '@mui/material/Typography';
import { COVER_RANGE_MAX_M, COVER_RANGE_MIN_GAP_M, normalizeCoverRange } from './cover-range';

const formatCm = (m: number) => `${(m * 100).toFixed(0)} cm`;

/** The cover range filter: which bars count in the statistics and are highlighted. */
export function CoverRangeSlider({
  value,
  onChange,
}: {
  value: readonly [number, number];
  onChange: (value: [number, number]) => void;
}) {
  return (
    <Box
      sx={{ display: 'flex', alignItems: 'center', gap: { xs: 1.5, sm: 2 }, minWidth: 0, flex: '1 1 260px' }}
    >
      <Typography
        variant="body2"
        sx={{ color: 'text.secondary', whiteSpace: 'nowrap' }}
        id="cover-range-label"
      >
        Cover range
      </Typography>
      <Slider
        data-testid="cover-range-slider"
        aria-labelledby="cover-range-label"
        getAriaLabel={(index) => (index === 0 ? 'Minimum cover' : 'Maximum cover')}
        getAriaValueText={formatCm}
        valueLabelFormat={formatCm}
        valueLabelDisplay="auto"
        min={0}
        max={COVER_RANGE_MAX_M}
        step={COVER_RANGE_MIN_GAP_M}
        value={[value[0], value[1]]}
        disableSwap
        onChange={(_, next, activeThumb) => {
          if (!Array.isArray(next)) return;
          const [low, high] = next as [number, number];
          // Keep the minimum gap: the dragged thumb stops short of the other one.
          if (high - low < COVER_RANGE_MIN_GAP_M) {
            onChange(
              normalizeCoverRange(
                activeThumb === 0 ? [high - COVER_RANGE_MIN_GAP_M, high] : [low, low + COVER_RANGE_MIN_GAP_M],
              ),
            );
            return;
          }
          onChange(normalizeCoverRange([low, high]));
        }}
        sx={{ flex: 1, minWidth: 100 }}
      />
      <Typography
        variant="body2"
        data-testid="cover-range-value"
        sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap', minWidth: 64, textAlign: 'right' }}
      >
        {`${(value[0] * 100).toFixed(0)}–${(value[1] * 100).toFixed(0)} cm`}
      </Typography>
    </Box>
  );
}
