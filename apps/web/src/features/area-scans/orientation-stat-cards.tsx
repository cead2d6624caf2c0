import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { RebarStatistics, StatValues } from './rebar-statistics';

/** Spec §2: the C-C card's explanation. */
const CC_HINT = 'Center to center distance between two adjacent rebars';

function StatCard({
  title,
  hint,
  values,
  overlay,
  testId,
}: {
  title: string;
  hint?: string;
  values: StatValues | null;
  /** A note shown under the figures ('Diameter not optimized by this analysis'). */
  overlay?: string;
  testId: string;
}) {
  return (
    <Card
      variant="outlined"
      data-testid={testId}
      sx={{ position: 'relative', flex: '1 1 150px', minWidth: 150 }}
    >
      <CardContent sx={{ p: 1.5, '&:last-child': { pb: 1.5 } }}>
        <Tooltip title={hint ?? ''} disableHoverListener={!hint}>
          <Typography variant="caption" sx={{ color: 'text.secondary', fontWeight: 600 }}>
            {title}
          </Typography>
        </Tooltip>
        {values ? (
          <>
            <Typography variant="h6" sx={{ lineHeight: 1.3 }}>
              <Box component="span" sx={{ whiteSpace: 'nowrap' }} data-testid={`${testId}-avg`}>
                {values.avgMm.toFixed(1)} mm
              </Box>
              {values.sdMm !== undefined && (
                <Tooltip title="Typical uncertainty (1 σ) of one bar's value">
                  <Typography
                    component="span"
                    variant="body2"
                    sx={{ color: 'text.secondary', ml: 0.75, whiteSpace: 'nowrap', display: 'inline-block' }}
                    data-testid={`${testId}-sd`}
                  >
                    ± {values.sdMm.toFixed(1)} mm
                  </Typography>
                </Tooltip>
              )}
            </Typography>
            <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
              min {values.minMm.toFixed(0)} · max {values.maxMm.toFixed(0)} mm
            </Typography>
          </>
        ) : (
          <Typography variant="body2" sx={{ color: 'text.secondary', py: 0.5 }}>
            —
          </Typography>
        )}
        {overlay && (
          // Under the figures, not over them: a diameter set by hand stays readable.
          <Typography
            variant="caption"
            component="div"
            data-testid={`${testId}-note`}
            sx={{ mt: 0.5, fontWeight: 600, color: 'warning.dark' }}
          >
            {overlay}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * 'Diameter not optimized by this analysis' when bars keep the engine's default radius; with how many, when
 * others have a known diameter (those alone make the figures; decision 0054).
 */
function diameterNote(stats: RebarStatistics): string | undefined {
  if (!stats.hasDefaultRadius) return undefined;
  const message = 'Diameter not optimized by this analysis';
  return stats.diameter ? `${message} for ${stats.defaultRadiusCount} of ${stats.barCount} bars` : message;
}

/**
 * The Diameter, Cover and C-C distance cards of one layer of bars (avg with 1 decimal, min and max whole, mm),
 * with the spec's messages: 'No rebars found during analysis' when the layer is empty, and 'Diameter not
 * optimized by this analysis' under the diameter's figures when a default radius was used (the figures are those
 * of the bars whose diameter is known).
 */
export function OrientationStatCards({
  title,
  stats,
  testId,
}: {
  title: string;
  stats: RebarStatistics;
  testId: string;
}) {
  return (
    <Box data-testid={testId}>
      <Typography variant="subtitle2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {stats.isEmpty ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid={`${testId}-empty`}>
          No rebars found during analysis
        </Typography>
      ) : (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          <StatCard
            title="Diameter"
            values={stats.diameter}
            overlay={diameterNote(stats)}
            testId={`${testId}-diameter`}
          />
          <StatCard title="Cover" values={stats.cover} testId={`${testId}-cover`} />
          <StatCard title="C-C distance" hint={CC_HINT} values={stats.spacing} testId={`${testId}-spacing`} />
        </Box>
      )}
    </Box>
  );
}
