import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTriggerAnalysis } from '../analyses/use-analysis-by-input';
import type { LineRebar } from './line-rebars';
import { getRebarCover, getRebarX } from './line-rebars';
import { describePermittivity, parseMeasuredCover, readPermittivityInUse } from './permittivity-calibration';

/**
 * The scan's permittivity with its uncertainty and source, the engine's plausibility note, and the known-cover
 * calibration (issue #13 items 7, 8): pick a bar, enter the cover measured on site (cover meter, drill hole),
 * and the analysis reruns with εr calibrated on it, every cover recomputed; a calibration can be removed.
 */
export function PermittivityCard({
  scanNodeId,
  results,
  bars,
}: {
  scanNodeId: string;
  results: Record<string, unknown> | null;
  bars: readonly LineRebar[];
}) {
  const permittivity = readPermittivityInUse(results);
  const { trigger, isPending, error } = useTriggerAnalysis();
  const [barId, setBarId] = useState('');
  const [coverText, setCoverText] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  if (!permittivity) return null;
  const run = (knownCover?: { xM: number; coverM: number }) =>
    trigger({
      analysisType: 'LINE_SCAN_REBAR_2',
      analysisInput: { gprScanNodeId: scanNodeId, ...(knownCover ? { knownCover } : {}) },
    });
  const calibrate = () => {
    const bar = bars.find((b) => b.id === barId);
    if (!bar) return setFormError('Pick the bar you measured');
    const parsed = parseMeasuredCover(coverText);
    if ('error' in parsed) return setFormError(parsed.error);
    setFormError(null);
    run({ xM: getRebarX(bar), coverM: parsed.coverM });
  };
  return (
    <Card sx={{ p: 2, display: 'grid', gap: 1.5 }} data-testid="permittivity-card">
      <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
        Permittivity
      </Typography>
      <Typography variant="body2" data-testid="permittivity-value" data-source={permittivity.source}>
        {describePermittivity(permittivity)}
      </Typography>
      {permittivity.note && (
        <Alert severity="warning" data-testid="permittivity-note">
          {permittivity.note}
        </Alert>
      )}
      {permittivity.source === 'calibrated' ? (
        <Box>
          <Button
            size="small"
            variant="outlined"
            disabled={isPending}
            onClick={() => run()}
            data-testid="calibration-remove"
          >
            Remove calibration
          </Button>
        </Box>
      ) : (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start' }}>
          <TextField
            select
            size="small"
            label="Measured bar"
            value={barId}
            onChange={(e) => setBarId(e.target.value)}
            sx={{ width: 280 }}
            slotProps={{ htmlInput: { 'data-testid': 'calibration-bar' } }}
          >
            {bars.map((bar) => (
              <MenuItem key={bar.id} value={bar.id}>
                x {getRebarX(bar).toFixed(3)} m, cover {(getRebarCover(bar) * 1000).toFixed(1)} mm
              </MenuItem>
            ))}
          </TextField>
          <TextField
            size="small"
            label="Measured (mm)"
            value={coverText}
            onChange={(e) => setCoverText(e.target.value)}
            onKeyDown={(e) => e.key === 'Enter' && calibrate()}
            sx={{ width: 190 }}
            slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'calibration-cover' } }}
          />
          <Button
            variant="contained"
            disabled={isPending}
            onClick={calibrate}
            data-testid="calibration-apply"
          >
            Calibrate
          </Button>
        </Box>
      )}
      {(formError ?? error) && (
        <Typography variant="body2" color="error" data-testid="calibration-error">
          {formError ?? error}
        </Typography>
      )}
    </Card>
  );
}
