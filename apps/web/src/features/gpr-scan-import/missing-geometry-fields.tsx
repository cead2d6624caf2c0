import Alert from '@mui/material/Alert';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ZipFileMapResponse } from '@gprhub/contract';
import { parseTraceSpacingMm } from './scan-geometry-input';

type ScanPreview = ZipFileMapResponse['gprScans'][number];

/**
 * The import's question for files that store no trace spacing (a gprMax output, a time-triggered DZT): one
 * field per file, in millimetres, before anything is created, so the scan has a length and its first
 * analysis places its bars (issue #14 item 6).
 */
export function MissingGeometryFields({
  scans,
  values,
  onChange,
  isDisabled,
}: {
  /** One line per file lacking a spacing. */
  scans: ScanPreview[];
  /** Typed text per path. */
  values: Readonly<Record<string, string>>;
  onChange: (path: string, text: string) => void;
  isDisabled: boolean;
}) {
  return (
    <Stack spacing={1.5} data-testid="import-missing-geometry">
      <Alert severity="warning" variant="outlined">
        {scans.length === 1 ? 'This file stores' : 'These files store'} no trace spacing: without it a scan
        has no length and its bars no positions. Enter the spacing each was recorded with.
      </Alert>
      {scans.map((scan, index) => {
        const text = values[scan.path] ?? '';
        const spacingMm = parseTraceSpacingMm(text);
        const isInvalid = text !== '' && spacingMm === null;
        return (
          <Stack
            key={scan.path}
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1.5}
            sx={{ alignItems: 'baseline' }}
          >
            <Typography variant="body2" sx={{ minWidth: 180, overflowWrap: 'anywhere' }}>
              {scan.path}
              <Typography
                component="span"
                variant="caption"
                sx={{ color: 'text.secondary', display: 'block' }}
              >
                {scan.traces} traces
              </Typography>
            </Typography>
            <TextField
              size="small"
              label="Trace spacing"
              value={text}
              disabled={isDisabled}
              onChange={(event) => onChange(scan.path, event.target.value)}
              error={isInvalid}
              helperText={
                isInvalid
                  ? 'A spacing greater than 0 and at most 500 mm'
                  : spacingMm !== null
                    ? `Scan length ${((scan.traces * spacingMm) / 10).toFixed(1)} cm`
                    : 'Required'
              }
              slotProps={{
                htmlInput: { inputMode: 'decimal', 'data-testid': `import-geometry-spacing-${index}` },
                input: { endAdornment: <InputAdornment position="end">mm</InputAdornment> },
              }}
            />
          </Stack>
        );
      })}
    </Stack>
  );
}
