import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';

const NAMES = ['Epsilon 0', 'Epsilon inf', 'Conductivity', 'Tau'] as const;
const UNITS = ['', '', ' S/m', ' s'] as const;

function formatValue(value: number): string {
  const magnitude = Math.abs(value);
  if (value !== 0 && (magnitude < 1e-3 || magnitude >= 1e5)) return value.toExponential(2);
  return String(Number(value.toPrecision(3)));
}

/**
 * The material properties of an analysis (Epsilon 0, Epsilon inf, Conductivity, Tau), or 'Insufficient
 * material properties data' when fewer than 4 values exist (spec §2, §8).
 */
export function MaterialPropertiesCard({
  values,
  testId = 'material-properties',
}: {
  values: number[];
  testId?: string;
}) {
  const hasAll = values.length >= 4;
  return (
    <Card variant="outlined" data-testid={testId}>
      <CardContent>
        <Typography variant="subtitle2" sx={{ mb: 1 }}>
          Material properties
        </Typography>
        {hasAll ? (
          <Box
            component="dl"
            sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5 }}
          >
            {NAMES.map((name, i) => (
              <Box key={name} sx={{ display: 'contents' }}>
                <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
                  {name}
                </Typography>
                <Typography component="dd" variant="body2" sx={{ m: 0 }} data-testid={`${testId}-${i}`}>
                  {formatValue(values[i]!)}
                  {UNITS[i]}
                </Typography>
              </Box>
            ))}
          </Box>
        ) : (
          <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid={`${testId}-insufficient`}>
            Insufficient material properties data
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}
