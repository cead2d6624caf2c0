import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { formatSignificant, readMaterialProperties } from './gpr-scan-format';

const NAMES = ['Epsilon 0', 'Epsilon inf', 'Conductivity', 'Tau'] as const;
const UNITS = ['', '', 'S/m', 's'] as const;

interface MaterialDetail {
  source?: string;
  note?: string;
}

function readDetails(value: unknown): (MaterialDetail | undefined)[] {
  return Array.isArray(value)
    ? value.map((d) => (typeof d === 'object' && d ? (d as MaterialDetail) : undefined))
    : [];
}

/**
 * The material properties of the rebar analysis (spec §2): Epsilon 0, Epsilon inf, Conductivity and Tau, each
 * with where it comes from; 'Insufficient material properties data' when fewer than 4 values exist.
 */
export function MaterialPropertiesCard({
  results,
  testId = 'material-properties-card',
}: {
  /** The analysis results (`materialProperties`, `materialPropertyDetails`); null until it has finished. */
  results: Record<string, unknown> | null | undefined;
  testId?: string;
}) {
  const values = results ? readMaterialProperties(results.materialProperties) : null;
  const details = readDetails(results?.materialPropertyDetails);
  return (
    <Card sx={{ p: 2 }} data-testid={testId}>
      <Typography variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
        Material properties
      </Typography>
      {!results ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          Available when the rebar analysis has finished.
        </Typography>
      ) : !values ? (
        <Typography
          variant="body2"
          sx={{ color: 'text.secondary' }}
          data-testid="material-properties-insufficient"
        >
          Insufficient material properties data
        </Typography>
      ) : (
        <Box
          component="dl"
          sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.75 }}
        >
          {NAMES.map((name, i) => {
            const detail = details[i];
            return (
              <Box key={name} sx={{ display: 'contents' }}>
                <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
                  {name}
                </Typography>
                <Tooltip title={detail?.note ?? ''} placement="left">
                  <Typography
                    component="dd"
                    variant="body2"
                    data-testid={`material-${i}`}
                    sx={{ m: 0, fontVariantNumeric: 'tabular-nums', fontWeight: 500, textAlign: 'right' }}
                  >
                    {formatSignificant(values[i]!)}
                    {UNITS[i] && ` ${UNITS[i]}`}
                    {detail?.source && (
                      <Typography component="span" variant="caption" sx={{ color: 'text.secondary', ml: 1 }}>
                        {detail.source}
                      </Typography>
                    )}
                  </Typography>
                </Tooltip>
              </Box>
            );
          })}
        </Box>
      )}
    </Card>
  );
}
