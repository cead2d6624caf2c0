import { zodResolver } from '@hookform/resolvers/zod';
import MyLocationRoundedIcon from '@mui/icons-material/MyLocationRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { METADATA_TYPES } from '@gprhub/contract';
import type { Location, MetadataItem } from '@gprhub/contract';
import { Controller, useForm } from 'react-hook-form';
import type { FieldPath } from 'react-hook-form';
import { FormServerError } from '../../../components/form-server-error';
import { FormTextField } from '../../../components/form-text-field';
import { applyServerErrors } from '../../../lib/apply-server-errors';
import { usePutMetadata } from '../node-details-api';
import { NodeSearchField } from '../node-search-field';
import { renameErrorPaths } from '../server-errors';
import { LocationMap } from './location-map';
import type { MetadataFormValues } from './metadata-form-schema';
import {
  formatCoordinate,
  formLocation,
  METADATA_TYPE_LABELS,
  metadataFieldOfPath,
  MetadataFormSchema,
  toPutMetadataBody,
} from './metadata-form-schema';
import { MetadataNameField } from './metadata-name-field';
import { useCurrentLocation } from './use-current-location';

const FIELDS: FieldPath<MetadataFormValues>[] = [
  'name',
  'type',
  'text',
  'json',
  'latitude',
  'longitude',
  'relatedNode',
];

export interface MetadataFormProps {
  nodeId: string;
  /** The item being edited; none for a new one. */
  item?: MetadataItem;
  initialValues: MetadataFormValues;
  /** Leaves edit mode (after saving, or on Cancel). */
  onDone: () => void;
}

/**
 * A metadata item in edit mode: name (with suggestions), type and the type's value. Save is enabled
 * once the form is valid and changed.
 */
export function MetadataForm({ nodeId, item, initialValues, onDone }: MetadataFormProps) {
  const put = usePutMetadata(nodeId);
  const form = useForm<MetadataFormValues>({
    resolver: zodResolver(MetadataFormSchema),
    defaultValues: initialValues,
    mode: 'onChange',
  });
  const { control, handleSubmit, formState, watch, setValue } = form;
  const type = watch('type');
  const [latitude, longitude] = watch(['latitude', 'longitude']);
  const location = formLocation({ latitude, longitude });
  const setLocation = (next: Location) => {
    setValue('latitude', formatCoordinate(next.latitude), { shouldDirty: true, shouldValidate: true });
    setValue('longitude', formatCoordinate(next.longitude), { shouldDirty: true, shouldValidate: true });
  };
  const currentLocation = useCurrentLocation(setLocation);
  const testId = item ? `metadata-form-${item.id}` : 'metadata-form-new';

  const onSubmit = handleSubmit(async (values) => {
    try {
      await put.mutateAsync(toPutMetadataBody(values, nodeId, item?.id));
      onDone();
    } catch (error) {
      const renamed = renameErrorPaths(error, (path) => metadataFieldOfPath(path, values.type));
      applyServerErrors(form.setError, renamed, FIELDS);
    }
  });

  return (
    <Box
      component="form"
      noValidate
      onSubmit={onSubmit}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          onDone();
        }
      }}
      data-testid={testId}
      data-valid={formState.isValid}
      data-dirty={formState.isDirty}
      data-errors={Object.keys(formState.errors).join(',')}
      sx={{ p: 2, borderRadius: '12px', border: 1, borderColor: 'primary.main', bgcolor: 'background.paper' }}
    >
      <Stack spacing={2}>
        <FormServerError errors={formState.errors} />
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, '& > *': { flex: '1 1 180px' } }}>
          <Controller
            control={control}
            name="name"
            render={({ field, fieldState }) => (
              <MetadataNameField
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                inputRef={field.ref}
                error={fieldState.error?.message}
                autoFocus={!item}
              />
            )}
          />
          <FormTextField
            control={control}
            name="type"
            label="Type"
            select
            size="small"
            data-testid="metadata-type-field"
            sx={{ maxWidth: { sm: 200 } }}
          >
            {METADATA_TYPES.map((option) => (
              <MenuItem key={option} value={option} data-testid={`metadata-type-option-${option}`}>
                {METADATA_TYPE_LABELS[option]}
              </MenuItem>
            ))}
          </FormTextField>
        </Box>

        {type === 'TEXT' && (
          <FormTextField
            control={control}
            name="text"
            label="Value"
            multiline
            minRows={2}
            maxRows={10}
            size="small"
            slotProps={{ htmlInput: { 'data-testid': 'metadata-text-input' } }}
          />
        )}
        {type === 'JSON' && (
          <FormTextField
            control={control}
            name="json"
            label="JSON"
            multiline
            minRows={4}
            maxRows={16}
            size="small"
            placeholder={'{\n  "key": "value"\n}'}
            slotProps={{
              htmlInput: { 'data-testid': 'metadata-json-input', spellCheck: false },
              input: {
                sx: { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: 13 },
              },
            }}
          />
        )}
        {type === 'LOCATION' && (
          <Stack spacing={1.5}>
            <LocationMap value={location} onChange={setLocation} />
            <Box
              sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, '& > .coordinate': { flex: '1 1 140px' } }}
            >
              <FormTextField
                className="coordinate"
                control={control}
                name="latitude"
                label="Latitude"
                size="small"
                placeholder="48.858370"
                slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'metadata-latitude-input' } }}
              />
              <FormTextField
                className="coordinate"
                control={control}
                name="longitude"
                label="Longitude"
                size="small"
                placeholder="2.294481"
                slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'metadata-longitude-input' } }}
              />
              {currentLocation.isAvailable && (
                <Button
                  size="small"
                  startIcon={<MyLocationRoundedIcon />}
                  onClick={currentLocation.locate}
                  loading={currentLocation.isLocating}
                  sx={{ alignSelf: 'flex-start', mt: 0.5 }}
                >
                  My location
                </Button>
              )}
            </Box>
            {currentLocation.error && <Alert severity="warning">{currentLocation.error}</Alert>}
          </Stack>
        )}
        {type === 'RELATED_NODE' && (
          <Controller
            control={control}
            name="relatedNode"
            render={({ field, fieldState }) => (
              <NodeSearchField
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                inputRef={field.ref}
                label="Related node"
                placeholder="Search nodes by name"
                excludeNodeIds={[nodeId]}
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message}
                testId="metadata-related-node"
              />
            )}
          />
        )}
        {type === '' && !formState.errors.type && (
          <TextField size="small" label="Value" disabled placeholder="Pick a type first" value="" />
        )}

        <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1 }}>
          <Button onClick={onDone} color="inherit" size="small" data-testid="metadata-cancel">
            Cancel
          </Button>
          <Button
            type="submit"
            variant="contained"
            size="small"
            loading={formState.isSubmitting}
            disabled={!formState.isValid || !formState.isDirty}
            data-testid="metadata-submit"
          >
            {item ? 'Save' : 'Add'}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
