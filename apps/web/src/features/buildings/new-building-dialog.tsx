import { FormDialog, FormDialogActions } from '../../components/form-dialog';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import DialogContent from '@mui/material/DialogContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Location } from '@gprhub/contract';
import { BuildingMessages, Messages, NODE_NAME_MAX } from '@gprhub/contract';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormServerError } from '../../components/form-server-error';
import { FormTextField } from '../../components/form-text-field';
import { useOrgNavigate } from '../../components/org-link';
import { applyServerErrors } from '../../lib/apply-server-errors';
import { LocationMap } from '../node-details/metadata/location-map';
import { formatCoordinate, parseCoordinate } from '../node-details/metadata/metadata-form-schema';
import { useInvalidateNodes } from '../nodes/nodes-api';
import { useCreateBuilding } from './buildings-api';

const LIMITS = { latitude: 90, longitude: 180 } as const;

/** Building name required; the location is optional, but both coordinates or neither, within range. */
const NewBuildingSchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, BuildingMessages.nameRequired)
      .max(NODE_NAME_MAX, `Use at most ${NODE_NAME_MAX} characters`),
    latitude: z.string(),
    longitude: z.string(),
  })
  .superRefine((values, ctx) => {
    if (!values.latitude.trim() && !values.longitude.trim()) return;
    for (const key of ['latitude', 'longitude'] as const) {
      const text = values[key];
      const value = parseCoordinate(text);
      const limit = LIMITS[key];
      const message = !text.trim()
        ? 'Location is required'
        : value === null
          ? Messages.invalidType('number', key)
          : value > limit
            ? Messages.tooBig(key, limit)
            : value < -limit
              ? Messages.tooSmall(key, -limit)
              : null;
      if (message) ctx.addIssue({ code: 'custom', path: [key], message });
    }
  });
type NewBuildingValues = z.infer<typeof NewBuildingSchema>;

function toLocation(values: Pick<NewBuildingValues, 'latitude' | 'longitude'>): Location | null {
  const latitude = parseCoordinate(values.latitude);
  const longitude = parseCoordinate(values.longitude);
  if (latitude === null || longitude === null || Math.abs(latitude) > 90 || Math.abs(longitude) > 180)
    return null;
  return { latitude, longitude };
}

export interface NewBuildingDialogProps {
  isOpen: boolean;
  parentId: string | null;
  parentName: string;
  onClose: () => void;
}

function NewBuildingForm({ parentId, parentName, onClose }: Omit<NewBuildingDialogProps, 'isOpen'>) {
  const create = useCreateBuilding();
  const invalidate = useInvalidateNodes();
  const navigate = useOrgNavigate();
  const form = useForm<NewBuildingValues>({
    resolver: zodResolver(NewBuildingSchema),
    defaultValues: { name: '', latitude: '', longitude: '' },
    mode: 'onChange',
  });
  const { control, handleSubmit, formState, watch, setValue } = form;
  const { isDirty, isValid, isSubmitting, errors } = formState;
  const [latitude, longitude] = watch(['latitude', 'longitude']);
  const location = toLocation({ latitude, longitude });
  const setLocation = (next: Location) => {
    setValue('latitude', formatCoordinate(next.latitude), { shouldDirty: true, shouldValidate: true });
    setValue('longitude', formatCoordinate(next.longitude), { shouldDirty: true, shouldValidate: true });
  };
  const onSubmit = handleSubmit(async (values) => {
    try {
      const building = await create.mutateAsync({
        name: values.name,
        parentId,
        location: toLocation(values),
      });
      void invalidate();
      onClose();
      navigate(`/hub/${building.node.nodeId}`);
    } catch (error) {
      applyServerErrors(form.setError, error, ['name', 'latitude', 'longitude']);
    }
  });
  return (
    <form noValidate onSubmit={onSubmit} data-testid="new-building-form">
      <DialogContent sx={{ pt: 1 }}>
        <Stack spacing={2}>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            Inside <strong>{parentName}</strong>
          </Typography>
          <FormServerError errors={errors} />
          <FormTextField
            control={control}
            name="name"
            label="Building name"
            placeholder="e.g. Tower A, Bahnhofstrasse 12"
            autoFocus
            fullWidth
            autoComplete="off"
            slotProps={{ htmlInput: { 'data-testid': 'new-building-name', maxLength: NODE_NAME_MAX + 1 } }}
          />
          <Box>
            <Typography variant="subtitle2" sx={{ mb: 1 }}>
              Location
            </Typography>
            <LocationMap value={location} onChange={setLocation} height={240} />
            <Box sx={{ display: 'flex', gap: 1.5, mt: 1.5 }}>
              <FormTextField
                control={control}
                name="latitude"
                label="Latitude"
                size="small"
                placeholder="47.376900"
                sx={{ flex: 1 }}
                slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'new-building-latitude' } }}
              />
              <FormTextField
                control={control}
                name="longitude"
                label="Longitude"
                size="small"
                placeholder="8.541700"
                sx={{ flex: 1 }}
                slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'new-building-longitude' } }}
              />
            </Box>
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              Click the map or type the coordinates (WGS 84). Optional.
            </Typography>
          </Box>
        </Stack>
      </DialogContent>
      <FormDialogActions
        onCancel={onClose}
        isSubmitDisabled={!isDirty || !isValid}
        isSubmitting={isSubmitting}
        submitTestId="new-building-submit"
      />
    </form>
  );
}

/** "Create building": name and location; Save waits for a changed, valid form; then `/hub/{id}` (the building page). */
export function NewBuildingDialog({ isOpen, ...props }: NewBuildingDialogProps) {
  return (
    <FormDialog isOpen={isOpen} onClose={props.onClose} title="Create building" testId="new-building-dialog">
      <NewBuildingForm {...props} />
    </FormDialog>
  );
}
