import type { AnalysisInput } from '@gprhub/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { useTriggerAnalysis } from '../analyses/use-analysis-by-input';
import {
  describePermittivity,
  NOMINAL_BAR_DIAMETERS_MM,
  parseMeasuredCover,
  readPermittivityInUse,
  type MeasuredPoint,
} from './permittivity-calibration';

/** A place the surveyor may have measured: a line scan's bar, or one line's crossing of an area's bar. */
export interface CalibrationPoint {
  id: string;
  label: string;
  /** Heading the point is listed under (an area's bar). */
  group?: string;
  position: MeasuredPoint;
}

/**
 * The analysis' permittivity with its uncertainty and source, the engine's plausibility note, and the known-cover
 * calibration (issue #13 items 7, 8): pick the bar (on an area, the bar where a line crosses it), enter the cover
 * measured on site (cover meter, drill hole), and the analysis reruns with εr calibrated on it, every cover
 * recomputed (on an area, every line's); a calibration can be removed. Also the bars' diameter when the drawings
 * give it (decision 0084): every bar is then fitted with it, and εr and the covers follow. Each rerun keeps the
 * other option.
 */
export function PermittivityCard({
  analysisType,
  input,
  results,
  points,
  pointLabel,
  caption,
  testId = 'permittivity-card',
}: {
  analysisType:
    | 'LINE_SCAN_REBAR_2'
    | 'AREA_SCAN_REBAR_2'
    | 'LINE_SCAN_DUAL_ORIENTATION_REBAR_2'
    | 'AREA_SCAN_DUAL_ORIENTATION_REBAR_2';
  /** The analysis' node ids (the run options are added here). */
  input: AnalysisInput;
  results: Record<string, unknown> | null;
  points: readonly CalibrationPoint[];
  /** Label of the point picker, e.g. "Measured bar". */
  pointLabel: string;
  /** A line under the value, e.g. what the value serves. */
  caption?: string;
  testId?: string;
}) {
  const permittivity = readPermittivityInUse(results);
  const { trigger, isPending, error } = useTriggerAnalysis();
  const [pointId, setPointId] = useState('');
  const [coverText, setCoverText] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  if (!permittivity) return null;
  const { calibration, barDiameterM } = permittivity;
  const run = (
    knownCover: (MeasuredPoint & { coverM: number }) | null,
    diameterM: number | null = barDiameterM,
  ) =>
    trigger({
      analysisType,
      analysisInput: {
        ...input,
        ...(knownCover ? { knownCover } : {}),
        ...(diameterM !== null ? { barDiameterM: diameterM } : {}),
      },
    });
  const calibrate = () => {
    const point = points.find((p) => p.id === pointId);
    if (!point) return setFormError('Pick the bar you measured');
    const parsed = parseMeasuredCover(coverText);
    if ('error' in parsed) return setFormError(parsed.error);
    setFormError(null);
    run({ ...point.position, coverM: parsed.coverM });
  };
  const sizesMm: number[] = [...NOMINAL_BAR_DIAMETERS_MM];
  const currentMm = barDiameterM === null ? null : Math.round(barDiameterM * 10000) / 10;
  if (currentMm !== null && !sizesMm.includes(currentMm)) sizesMm.push(currentMm);
  sizesMm.sort((a, b) => a - b);
  const options: ReactNode[] = [];
  points.forEach((point, i) => {
    if (point.group !== undefined && point.group !== points[i - 1]?.group)
      options.push(<ListSubheader key={`group-${point.id}`}>{point.group}</ListSubheader>);
    options.push(
      <MenuItem key={point.id} value={point.id}>
        {point.label}
      </MenuItem>,
    );
  });
  return (
    <Card sx={{ p: 2, display: 'grid', gap: 1.5 }} data-testid={testId}>
      <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
        Permittivity
      </Typography>
      <Typography variant="body2" data-testid="permittivity-value" data-source={permittivity.source}>
        {describePermittivity(permittivity)}
      </Typography>
      {caption && (
        <Typography variant="caption" sx={{ color: 'text.secondary', mt: -1 }}>
          {caption}
        </Typography>
      )}
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
            onClick={() => run(null)}
            data-testid="calibration-remove"
          >
            Remove calibration
          </Button>
        </Box>
      ) : points.length === 0 ? null : (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start' }}>
          <TextField
            select
            size="small"
            label={pointLabel}
            value={pointId}
            onChange={(e) => setPointId(e.target.value)}
            sx={{ flex: '1 1 280px', minWidth: 0, maxWidth: 480 }}
            slotProps={{ htmlInput: { 'data-testid': 'calibration-bar' } }}
          >
            {options}
          </TextField>
          <TextField
            size="small"
            label="Measured cover (mm)"
            value={coverText}
            onChange={(e) => setCoverText(e.target.value)}
            onKeyDown={(e) => e.key === 'Enter' && calibrate()}
            sx={{ width: 210 }}
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
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <TextField
          select
          size="small"
          label="Bar diameter"
          value={currentMm === null ? '' : String(currentMm)}
          disabled={isPending}
          onChange={(e) =>
            run(
              permittivity.source === 'calibrated' ? calibration : null,
              e.target.value === '' ? null : Number(e.target.value) / 1000,
            )
          }
          sx={{ flex: '0 1 200px', minWidth: 140 }}
          slotProps={{
            select: { displayEmpty: true },
            inputLabel: { shrink: true },
            htmlInput: { 'data-testid': 'bar-diameter' },
          }}
        >
          <MenuItem value="">Estimated</MenuItem>
          {sizesMm.map((mm) => (
            <MenuItem key={mm} value={String(mm)}>
              {mm} mm
            </MenuItem>
          ))}
        </TextField>
        <Typography variant="caption" sx={{ color: 'text.secondary', flex: '1 1 220px' }}>
          {currentMm === null
            ? 'Estimated from the data. Known from the drawings? Every bar is then fitted with that size: thick bars no longer read εr low and deep.'
            : `Every bar is fitted as ${currentMm} mm; εr and the covers follow.`}
        </Typography>
      </Box>
      {(formError ?? error) && (
        <Typography variant="body2" color="error" data-testid="calibration-error">
          {formError ?? error}
        </Typography>
      )}
    </Card>
  );
}
