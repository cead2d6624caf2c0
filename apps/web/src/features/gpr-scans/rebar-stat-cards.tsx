import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { formatMm } from './gpr-scan-format';
import type { LineRebarStatistics, StatCardValues } from './rebar-statistics';

const CARDS = [
  { key: 'diameter', title: 'Diameter', hint: 'Bar diameter (2 × radius)' },
  { key: 'cover', title: 'Cover', hint: 'Depth from the surface to the top of the bar' },
  { key: 'spacing', title: 'C-C distance', hint: 'Center to center distance between two adjacent rebars' },
] as const;

/**
 * The three stat cards (spec §2 "Stat cards", §8, §9): average (1 decimal), min and max (0 decimals) in mm;
 * 'No rebars found during analysis' without bars; the diameter card's 'Diameter not optimized by this
 * analysis' overlay when no counted bar has a known diameter, and a note under the figures when only some keep
 * the default radius (their diameters are not measured, so they stay out of the figures).
 */
export function RebarStatCards({ statistics }: { statistics: LineRebarStatistics }) {
  return (
    <Box
      data-testid="rebar-stat-cards"
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' } }}
    >
      {CARDS.map((card) => (
        <StatCard
          key={card.key}
          testId={`stat-card-${card.key}`}
          title={card.title}
          hint={card.hint}
          values={statistics[card.key]}
          isEmpty={statistics.isEmpty}
          overlay={card.key === 'diameter' ? diameterOverlay(statistics) : null}
          note={card.key === 'diameter' ? diameterNote(statistics) : null}
        />
      ))}
    </Box>
  );
}

const NOT_OPTIMIZED = 'Diameter not optimized by this analysis';

/** Over the whole diameter card when no counted bar has a known diameter: there is nothing measured to show. */
function diameterOverlay(statistics: LineRebarStatistics): string | null {
  return !statistics.isEmpty && statistics.hasDefaultRadius && !statistics.diameter ? NOT_OPTIMIZED : null;
}

/**
 * Under the figures when only some counted bars keep the default radius: the diameters set by hand (or claimed
 * by the engine) stay readable, and the card says how many bars it leaves out (decision 0054).
 */
function diameterNote(statistics: LineRebarStatistics): string | null {
  if (!statistics.hasDefaultRadius || !statistics.diameter) return null;
  return `${NOT_OPTIMIZED} for ${statistics.defaultRadiusCount} of ${statistics.countedCount} bars`;
}

function StatCard({
  testId,
  title,
  hint,
  values,
  isEmpty,
  overlay,
  note,
}: {
  testId: string;
  title: string;
  hint: string;
  values: StatCardValues | null;
  isEmpty: boolean;
  overlay: string | null;
  note: string | null;
}) {
  const message = isEmpty
    ? 'No rebars found during analysis'
    : values || overlay
      ? null
      : title === 'C-C distance'
        ? 'Fewer than two bars in the cover range'
        : 'No rebars in the cover range';
  return (
    <Card data-testid={testId} sx={{ p: 2, position: 'relative', minHeight: 118 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, mb: 1 }}>
        <Typography variant="overline" sx={{ color: 'text.secondary', lineHeight: 1.5 }}>
          {title}
        </Typography>
        <Tooltip title={hint}>
          <InfoOutlinedIcon sx={{ fontSize: 15, color: 'text.disabled' }} aria-label={hint} />
        </Tooltip>
        {values && (
          <Typography variant="caption" sx={{ ml: 'auto', color: 'text.secondary' }} data-testid="stat-count">
            n = {values.count}
          </Typography>
        )}
      </Box>
      {message || !values ? (
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 2 }} data-testid="stat-message">
          {message}
        </Typography>
      ) : (
        <>
          <Typography
            component="p"
            sx={{ fontSize: 30, fontWeight: 600, lineHeight: 1.15, fontVariantNumeric: 'tabular-nums' }}
          >
            <span data-testid="stat-avg">{formatMm(values.avgMm, 1)}</span>
            <Typography component="span" sx={{ fontSize: 15, color: 'text.secondary', ml: 0.75 }}>
              mm avg
            </Typography>
            {values.sdMm !== undefined && (
              <Tooltip title="Typical uncertainty (1 σ) of one bar's value">
                <Typography
                  component="span"
                  sx={{ fontSize: 15, color: 'text.secondary', ml: 1 }}
                  data-testid="stat-sd"
                >
                  ± {formatMm(values.sdMm, 1)} mm
                </Typography>
              </Tooltip>
            )}
          </Typography>
          <Box sx={{ display: 'flex', gap: 2.5, mt: 1, color: 'text.secondary', fontSize: 14 }}>
            <span>
              min <b data-testid="stat-min">{formatMm(values.minMm, 0)}</b> mm
            </span>
            <span>
              max <b data-testid="stat-max">{formatMm(values.maxMm, 0)}</b> mm
            </span>
          </Box>
          {note && (
            <Typography
              variant="caption"
              component="div"
              data-testid="stat-note"
              sx={{ mt: 0.5, fontWeight: 600, color: 'warning.dark' }}
            >
              {note}
            </Typography>
          )}
        </>
      )}
      {overlay && (
        <Box
          data-testid="stat-overlay"
          sx={{
            position: 'absolute',
            inset: 0,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            textAlign: 'center',
            p: 2,
            borderRadius: 'inherit',
            bgcolor: 'rgba(var(--gpr-palette-background-paperChannel) / 0.82)',
            backdropFilter: 'blur(1.5px)',
          }}
        >
          <Typography variant="body2" sx={{ fontWeight: 500 }}>
            {overlay}
          </Typography>
        </Box>
      )}
    </Card>
  );
}
