import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { CoverScale } from './cover-colors';
import { COVER_GRADIENT } from './cover-colors';

/** The legend of the plan's colours: cover in centimetres, shallow (warm) to deep (cool). */
export function CoverLegend({ scale }: { scale: CoverScale }) {
  return (
    <Box data-testid="cover-legend" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
        Cover
      </Typography>
      <Typography variant="caption">{(scale.minM * 100).toFixed(0)} cm</Typography>
      <Box sx={{ width: 120, height: 10, borderRadius: 5, background: COVER_GRADIENT }} />
      <Typography variant="caption">{(scale.maxM * 100).toFixed(0)} cm</Typography>
    </Box>
  );
}
