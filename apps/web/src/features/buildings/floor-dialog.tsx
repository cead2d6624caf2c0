import { FormDialog, FormDialogActions } from '../../components/form-dialog';
import { zodResolver } from '@hookform/resolvers/zod';
import DialogContent from '@mui/material/DialogContent';
import Stack from '@mui/material/Stack';
import type { Floor } from '@gprhub/contract';
import { FLOOR_ORDER_LIMIT, floorLabel, NODE_NAME_MAX } from '@gprhub/contract';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormServerError } from '../../components/form-server-error';
import { FormTextField } from '../../components/form-text-field';
import { applyServerErrors } from '../../lib/apply-server-errors';
import { useCreateFloor, useUpdateFloor } from './buildings-api';

const FloorFormSchema = z.object({
  name: z.string().max(NODE_NAME_MAX, `Use at most ${NODE_NAME_MAX} characters`),
  order: z
    .string()
    .trim()
    .min(1, 'Order is required')
    .regex(/^[-+]?\d+$/, 'Order must be a whole number')
    .refine(
      (text) => Math.abs(Number(text)) <= FLOOR_ORDER_LIMIT,
      `Order must be between -${FLOOR_ORDER_LIMIT} and ${FLOOR_ORDER_LIMIT}`,
    ),
});
type FloorFormValues = z.infer<typeof FloorFormSchema>;

export interface FloorDialogProps {
  isOpen: boolean;
  buildingId: string;
  /** The floor to edit; none: a new floor. */
  floor?: Floor;
  /** A new floor's default order (the highest plus 1). */
  defaultOrder: number;
  onClose: () => void;
  onSaved?: (floor: Floor) => void;
}

function FloorForm({ buildingId, floor, defaultOrder, onClose, onSaved }: Omit<FloorDialogProps, 'isOpen'>) {
  const create = useCreateFloor(buildingId);
  const update = useUpdateFloor(buildingId);
  const form = useForm<FloorFormValues>({
    resolver: zodResolver(FloorFormSchema),
    defaultValues: { name: floor?.name ?? '', order: String(floor?.order ?? defaultOrder) },
    mode: 'onChange',
  });
  const { control, handleSubmit, formState, watch } = form;
  const { isDirty, isValid, isSubmitting, errors } = formState;
  const [name, order] = watch(['name', 'order']);
  const preview = /^[-+]?\d+$/.test(order.trim())
    ? floorLabel({ name: name.trim() || null, order: Number(order) })
    : '';
  const onSubmit = handleSubmit(async (values) => {
    const body = { name: values.name.trim() || null, order: Number(values.order) };
    try {
      const saved = floor
        ? await update.mutateAsync({ id: floor.id, ...body })
        : await create.mutateAsync(body);
      onSaved?.(saved);
      onClose();
    } catch (error) {
      applyServerErrors(form.setError, error, ['name', 'order']);
    }
  });
  return (
    <form noValidate onSubmit={onSubmit} data-testid="floor-form">
      <DialogContent sx={{ pt: 1 }}>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <FormServerError errors={errors} />
          <FormTextField
            control={control}
            name="name"
            label="Name"
            placeholder="Optional, e.g. Car park"
            autoFocus
            fullWidth
            autoComplete="off"
            helperText={preview ? `Shown as “${preview}”` : ' '}
            slotProps={{ htmlInput: { 'data-testid': 'floor-name', maxLength: NODE_NAME_MAX + 1 } }}
          />
          <FormTextField
            control={control}
            name="order"
            label="Order"
            fullWidth
            helperText="0 is the ground floor, negative numbers are below ground (U1, U2…)"
            slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'floor-order' } }}
          />
        </Stack>
      </DialogContent>
      <FormDialogActions
        onCancel={onClose}
        isSubmitDisabled={(floor !== undefined && !isDirty) || !isValid}
        isSubmitting={isSubmitting}
        submitTestId="floor-submit"
      />
    </form>
  );
}

/** New floor / Edit floor: an optional name (blank: the order is the label) and the order. */
export function FloorDialog({ isOpen, ...props }: FloorDialogProps) {
  return (
    <FormDialog
      isOpen={isOpen}
      onClose={props.onClose}
      title={props.floor ? 'Edit floor' : 'New floor'}
      testId="floor-dialog"
      maxWidth="xs"
    >
      <FloorForm {...props} />
    </FormDialog>
  );
}
