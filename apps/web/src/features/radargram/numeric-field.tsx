import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { describeNumericInput } from './numeric-input';
import type { NumericBounds } from './signal-settings';

export interface NumericFieldProps {
  /** The property's name, as the messages say it ("Linear gain"). */
  name: string;
  label: string;
  value: number;
  bounds: NumericBounds;
  onCommit: (value: number) => void;
  disabled?: boolean;
  testId?: string;
  width?: number;
}

/**
 * A number typed by hand: a comma works as the decimal separator, and on Enter or leaving the field the value
 * is clamped to its bounds (seed 000 §5) with the spec's message saying so; text that is no number keeps the
 * previous value and says 'Please provide a valid value for property {name}'.
 */
export function NumericField({
  name,
  label,
  value,
  bounds,
  onCommit,
  disabled,
  testId,
  width = 96,
}: NumericFieldProps) {
  const [text, setText] = useState(() => formatValue(value));
  const [message, setMessage] = useState<{ text: string; isError: boolean } | null>(null);
  const [isEditing, setIsEditing] = useState(false);
  useEffect(() => {
    if (!isEditing) setText(formatValue(value));
  }, [value, isEditing]);

  const commit = () => {
    setIsEditing(false);
    const result = describeNumericInput(text, name, bounds);
    if (result.value === null) {
      setMessage({ text: result.message ?? '', isError: true });
      setText(formatValue(value));
      return;
    }
    setMessage(result.message ? { text: result.message, isError: false } : null);
    setText(formatValue(result.value));
    if (result.value !== value) onCommit(result.value);
  };

  return (
    <TextField
      size="small"
      label={label}
      value={text}
      disabled={disabled}
      onFocus={() => setIsEditing(true)}
      onChange={(event) => setText(event.target.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') (event.target as HTMLInputElement).blur();
      }}
      error={message?.isError ?? false}
      helperText={message?.text}
      slotProps={{
        htmlInput: { inputMode: 'decimal', 'data-testid': testId, 'aria-label': label },
        formHelperText: { sx: { mx: 0, maxWidth: width * 2 } },
      }}
      sx={{ width }}
    />
  );
}

function formatValue(value: number): string {
  return String(Math.round(value * 1000) / 1000);
}
