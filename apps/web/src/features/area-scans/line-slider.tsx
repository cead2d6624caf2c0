import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Slider from '@mui/material/Slider';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ChevronLeftRoundedIcon from '@mui/icons-material/ChevronLeftRounded';
import ChevronRightRoundedIcon from '@mui/icons-material/ChevronRightRounded';

export interface LineSliderItem {
  nodeId: string;
  label: string;
}

/** Most labels written under the slider; beyond this only every n-th line is labelled. */
const MAX_MARK_LABELS = 12;

/**
 * The line-scan slider (spec §2: labelled L001 etc., in csvLineNumber order), with previous and next
 * buttons; the arrow keys move it once focused.
 */
export function LineSlider({
  items,
  value,
  onChange,
  testId = 'line-slider',
}: {
  items: LineSliderItem[];
  /** Index of the selected line. */
  value: number;
  onChange: (index: number) => void;
  testId?: string;
}) {
  if (items.length === 0) return null;
  const every = Math.ceil(items.length / MAX_MARK_LABELS);
  const marks = items.map((item, i) => ({ value: i, label: i % every === 0 ? item.label : undefined }));
  const go = (index: number) => onChange(Math.min(items.length - 1, Math.max(0, index)));
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }} data-testid={testId}>
      <Typography variant="body2" sx={{ fontWeight: 600, minWidth: 44 }} data-testid={`${testId}-value`}>
        {items[value]?.label}
      </Typography>
      <Tooltip title="Previous line">
        <span>
          <IconButton
            size="small"
            aria-label="Previous line"
            disabled={value <= 0}
            onClick={() => go(value - 1)}
          >
            <ChevronLeftRoundedIcon />
          </IconButton>
        </span>
      </Tooltip>
      <Slider
        aria-label="Line scan"
        value={value}
        min={0}
        max={Math.max(0, items.length - 1)}
        step={1}
        marks={marks}
        disabled={items.length < 2}
        valueLabelDisplay="auto"
        valueLabelFormat={(i) => items[i]?.label ?? ''}
        getAriaValueText={(i) => items[i]?.label ?? ''}
        onChange={(_, next) => go(next)}
        sx={{ mx: 1, '& .MuiSlider-markLabel': { fontSize: 11 } }}
      />
      <Tooltip title="Next line">
        <span>
          <IconButton
            size="small"
            aria-label="Next line"
            disabled={value >= items.length - 1}
            onClick={() => go(value + 1)}
          >
            <ChevronRightRoundedIcon />
          </IconButton>
        </span>
      </Tooltip>
    </Box>
  );
}
