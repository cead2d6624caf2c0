import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { ColormapSelect } from './colormap-select';
import { NumericField } from './numeric-field';
import { SettingSlider } from './setting-slider';
import { DEFAULT_SIGNAL_SETTINGS, SIGNAL_BOUNDS, type SignalSettings } from './signal-settings';

export interface SignalOptionsPanelProps {
  settings: SignalSettings;
  onChange: (change: Partial<SignalSettings>) => void;
}

/**
 * The signal viewer's option panel (seed 000 §2, §5): smoothing, mean removal, time scaling, average
 * permittivity, linear gain, time gain, colour map (Reset to viridis), time zero / start offset and signal
 * length. Every change redraws at once and is remembered in the browser.
 */
export function SignalOptionsPanel({ settings, onChange }: SignalOptionsPanelProps) {
  const switchRow = (key: 'meanRemoval' | 'timeScaling' | 'isAutoTimeZero', label: string) => (
    <FormControlLabel
      control={
        <Switch
          size="small"
          checked={settings[key]}
          onChange={(event) => onChange({ [key]: event.target.checked })}
          slotProps={{ input: { 'data-testid': `signal-${key}` } as object }}
        />
      }
      label={<Typography variant="body2">{label}</Typography>}
    />
  );
  return (
    <Card variant="outlined" sx={{ p: 2, display: 'grid', gap: 1.5 }} data-testid="signal-options">
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="subtitle2">Signal</Typography>
        <Button
          size="small"
          onClick={() => onChange({ ...DEFAULT_SIGNAL_SETTINGS })}
          data-testid="signal-defaults"
        >
          Defaults
        </Button>
      </Box>
      <SettingSlider
        name="Linear gain"
        label="Linear gain"
        unit="dB"
        value={settings.linearGainDb}
        bounds={SIGNAL_BOUNDS.linearGainDb}
        onChange={(linearGainDb) => onChange({ linearGainDb })}
        testId="signal-linear-gain"
      />
      {switchRow('timeScaling', 'Time scaling')}
      <SettingSlider
        name="Time gain"
        label="Time gain"
        unit="dB/ns"
        value={settings.timeGainDbPerNs}
        bounds={SIGNAL_BOUNDS.timeGainDbPerNs}
        onChange={(timeGainDbPerNs) => onChange({ timeGainDbPerNs })}
        disabled={!settings.timeScaling}
        testId="signal-time-gain"
      />
      <SettingSlider
        name="Average permittivity"
        label="Average permittivity"
        unit="εr"
        value={settings.permittivity}
        bounds={SIGNAL_BOUNDS.permittivity}
        onChange={(permittivity) => onChange({ permittivity })}
        testId="signal-permittivity"
      />
      <SettingSlider
        name="Smoothing"
        label="Smoothing"
        unit="samples"
        value={settings.smoothing}
        bounds={SIGNAL_BOUNDS.smoothing}
        onChange={(smoothing) => onChange({ smoothing })}
        testId="signal-smoothing"
      />
      {switchRow('meanRemoval', 'Mean removal')}
      <ColormapSelect value={settings.colormap} onChange={(colormap) => onChange({ colormap })} />
      <Divider />
      {switchRow('isAutoTimeZero', 'Time zero from the direct wave')}
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
        <NumericField
          name="Start offset"
          label="Start offset"
          value={settings.startOffset}
          bounds={SIGNAL_BOUNDS.startOffset}
          onCommit={(startOffset) => onChange({ startOffset })}
          disabled={settings.isAutoTimeZero}
          testId="signal-start-offset-input"
          width={120}
        />
        <NumericField
          name="Signal length"
          label="Signal length"
          value={settings.signalLength}
          bounds={SIGNAL_BOUNDS.signalLength}
          onCommit={(signalLength) => onChange({ signalLength })}
          testId="signal-length-input"
          width={120}
        />
      </Box>
      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
        Start offset and signal length are in samples; the start offset applies when time zero is not taken
        from the direct wave.
      </Typography>
    </Card>
  );
}
