import type { PointLabelType } from '@gprhub/contract';
import { LABEL_TYPE_NAMES, POINT_LABEL_TYPES } from '@gprhub/contract';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useRebarAnalysisLabels } from './rebar-analysis-labels';
import type { LabelingSession } from './use-labeling-session';
import { LABEL_COLORS } from './use-label-overlay';

const SHORT: Record<PointLabelType, string> = {
  REBAR_POSITION: 'Rebar (R)',
  REBAR_POSITION_WITH_DIAMETER: 'With Ø (D)',
  BACKGROUND_REFLECTION: 'Background (B)',
};

/** The Depth field: metres, step 0.01 (spec §9); empty means no depth label. */
function DepthField({ value, onChange }: { value: number | null; onChange: (v: number | null) => void }) {
  const [text, setText] = useState(value === null ? '' : String(value));
  useEffect(() => setText(value === null ? '' : String(value)), [value]);
  const number = Number(text);
  const isValid = text.trim() === '' || (Number.isFinite(number) && number >= 0 && number <= 100);
  return (
    <TextField
      label="Depth"
      size="small"
      type="number"
      value={text}
      slotProps={{ htmlInput: { step: 0.01, min: 0, 'data-testid': 'label-depth' }, input: { endAdornment: 'm' } }}
      error={!isValid}
      helperText={isValid ? ' ' : 'A depth from 0 to 100 m'}
      onChange={(e) => {
        setText(e.target.value);
        const n = Number(e.target.value);
        if (e.target.value.trim() === '') onChange(null);
        else if (Number.isFinite(n) && n >= 0 && n <= 100) onChange(n);
      }}
    />
  );
}

/** The right panel (seed 001 §2): label type, global labels, the table of positioned labels and its actions. */
export function LabelsPanel({ session }: { session: LabelingSession }) {
  const { draft, actions, active } = session;
  const rebars = useRebarAnalysisLabels(active?.nodeId ?? null);
  const analysisHint =
    rebars.status === 'FINISHED'
      ? `${rebars.labels.length} bars found`
      : rebars.status === 'FAILED'
        ? 'The rebar analysis failed'
        : 'Rebar analysis running';
  return (
    <Card variant="outlined" sx={{ p: 2, display: 'grid', gap: 1.5, alignContent: 'start' }} data-testid="labels-panel">
      <Typography variant="subtitle2">Label type</Typography>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={session.type}
        onChange={(_, v: PointLabelType | null) => v && actions.setType(v)}
        aria-label="Label type"
      >
        {POINT_LABEL_TYPES.map((t) => (
          <ToggleButton key={t} value={t} data-testid={`label-type-${t}`} sx={{ textTransform: 'none', px: 1 }}>
            <Box component="span" sx={{ width: 10, height: 10, border: `2px solid ${LABEL_COLORS[t]}`, mr: 0.75 }} />
            {SHORT[t]}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <Typography variant="body2" color="text.secondary" data-testid="label-diameter">
        Diameter for new labels: {session.diameterMm} mm (type digits)
      </Typography>
      <Typography variant="subtitle2">Global labels</Typography>
      <DepthField value={draft.depthM} onChange={actions.setDepth} />
      <Typography variant="subtitle2">
        Labels ({draft.points.length}){session.isDirty ? ' · not saved' : ''}
      </Typography>
      <TableContainer sx={{ maxHeight: 320 }}>
        <Table size="small" stickyHeader data-testid="labels-table" sx={{ '& td, & th': { px: 0.75 } }}>
          <TableHead>
            <TableRow>
              <TableCell>#</TableCell>
              <TableCell>Trace</TableCell>
              <TableCell>Sample</TableCell>
              <TableCell>Type</TableCell>
              <TableCell>Ø mm</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {draft.points.map((p, i) => (
              <TableRow key={`${i}-${p.signalRowIndex}-${p.timeColumnIndex}`} data-testid="label-row">
                <TableCell>{i + 1}</TableCell>
                <TableCell>{p.signalRowIndex}</TableCell>
                <TableCell>{p.timeColumnIndex}</TableCell>
                <TableCell>
                  <Select
                    size="small"
                    variant="standard"
                    value={p.type}
                    renderValue={(t) => SHORT[t].replace(/ \(.\)$/, '')}
                    sx={{ fontSize: 14 }}
                    aria-label={`Type of label ${i + 1}`}
                    onChange={(e) => {
                      const type = e.target.value as PointLabelType;
                      const { diameter: _d, ...rest } = p;
                      actions.updateAt(
                        i,
                        type === 'REBAR_POSITION_WITH_DIAMETER' ? { ...rest, type, diameter: p.diameter ?? session.diameterMm } : { ...rest, type },
                      );
                    }}
                  >
                    {POINT_LABEL_TYPES.map((t) => (
                      <MenuItem key={t} value={t}>
                        {LABEL_TYPE_NAMES[t]}
                      </MenuItem>
                    ))}
                  </Select>
                </TableCell>
                <TableCell>
                  {p.type === 'REBAR_POSITION_WITH_DIAMETER' && (
                    <TextField
                      size="small"
                      variant="standard"
                      type="number"
                      value={p.diameter ?? ''}
                      sx={{ width: 44 }}
                      slotProps={{ htmlInput: { min: 1, max: 100, 'aria-label': `Diameter of label ${i + 1}` } }}
                      onChange={(e) => {
                        const n = Number(e.target.value);
                        if (n > 0 && n <= 100) actions.updateAt(i, { ...p, diameter: n });
                      }}
                    />
                  )}
                </TableCell>
                <TableCell padding="none">
                  <IconButton size="small" aria-label={`Delete label ${i + 1}`} onClick={() => actions.removeAt(i)}>
                    <DeleteOutlineRoundedIcon fontSize="small" />
                  </IconButton>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {draft.points.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          Click on the signal to add a label.
        </Typography>
      )}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <Button
          variant="outlined"
          size="small"
          disabled={rebars.status !== 'FINISHED' || rebars.labels.length === 0}
          onClick={() => actions.addPoints(rebars.labels)}
          data-testid="add-from-rebar-analysis"
        >
          Add From Rebar Analysis
        </Button>
        <Typography variant="caption" color="text.secondary" data-testid="rebar-analysis-hint">
          {analysisHint}
        </Typography>
      </Box>
      <Button
        variant="outlined"
        color="error"
        size="small"
        disabled={session.isClearing || (draft.points.length === 0 && draft.depthM === null && !session.hasStoredLabels)}
        onClick={actions.clearLabels}
        data-testid="clear-labels"
      >
        Clear labels
      </Button>
    </Card>
  );
}
