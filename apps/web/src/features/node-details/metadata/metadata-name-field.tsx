import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { Ref } from 'react';
import { useState } from 'react';
import { useMetadataNameSuggestions } from '../node-details-api';
import { useDebouncedValue } from '../../nodes/use-debounced-value';

const SUGGESTION_DEBOUNCE_MS = 250;

export interface MetadataNameFieldProps {
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  inputRef?: Ref<HTMLInputElement>;
  error?: string | undefined;
  autoFocus?: boolean;
}

/** The metadata name, free text with suggestions of names already used in the organization. */
export function MetadataNameField({
  value,
  onChange,
  onBlur,
  inputRef,
  error,
  autoFocus,
}: MetadataNameFieldProps) {
  const [isOpen, setIsOpen] = useState(false);
  const query = useDebouncedValue(value.trim(), SUGGESTION_DEBOUNCE_MS);
  const suggestions = useMetadataNameSuggestions(query, isOpen);
  const options = (suggestions.data?.names ?? []).filter((name) => name !== value);

  return (
    <Autocomplete<string, false, true, true>
      freeSolo
      disableClearable
      options={options}
      inputValue={value}
      onInputChange={(_event, next) => onChange(next)}
      open={isOpen && options.length > 0}
      onOpen={() => setIsOpen(true)}
      onClose={() => setIsOpen(false)}
      filterOptions={(list) => list}
      data-testid="metadata-name-field"
      renderInput={(params) => (
        <TextField
          {...params}
          label="Name"
          size="small"
          autoFocus={autoFocus}
          inputRef={inputRef}
          onBlur={onBlur}
          error={Boolean(error)}
          helperText={error}
          slotProps={{
            ...params.slotProps,
            htmlInput: {
              ...params.slotProps.htmlInput,
              'data-testid': 'metadata-name-input',
              maxLength: 200,
            },
          }}
        />
      )}
    />
  );
}
