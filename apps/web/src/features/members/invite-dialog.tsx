import { zodResolver } from '@hookform/resolvers/zod';
import DialogContent from '@mui/material/DialogContent';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import type { Invitation } from '@gprhub/contract';
import { INVITATION_EMAIL_MAX } from '@gprhub/contract';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormDialog, FormDialogActions } from '../../components/form-dialog';
import { FormServerError } from '../../components/form-server-error';
import { FormTextField } from '../../components/form-text-field';
import { applyServerErrors } from '../../lib/apply-server-errors';
import { useCreateInvitation } from './members-api';
import { ROLE_LABELS } from './role-labels';

const InviteSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, 'Enter the email address to invite')
    .max(INVITATION_EMAIL_MAX, `Use at most ${INVITATION_EMAIL_MAX} characters`)
    .pipe(z.email('Enter a valid email address')),
  role: z.enum(['owner', 'admin', 'member']),
});
type InviteValues = z.infer<typeof InviteSchema>;

export interface InviteDialogProps {
  isOpen: boolean;
  onClose: () => void;
  onInvited: (invitation: Invitation) => void;
  /** Whether the owner role may be given (owners only). */
  canInviteOwner: boolean;
}

function InviteForm({ onClose, onInvited, canInviteOwner }: Omit<InviteDialogProps, 'isOpen'>) {
  const create = useCreateInvitation();
  const form = useForm<InviteValues>({
    resolver: zodResolver(InviteSchema),
    defaultValues: { email: '', role: 'member' },
    mode: 'onChange',
  });
  const { control, handleSubmit, formState } = form;
  const onSubmit = handleSubmit(async (values) => {
    try {
      onInvited(await create.mutateAsync(values));
      onClose();
    } catch (error) {
      applyServerErrors(form.setError, error, ['email', 'role']);
    }
  });
  return (
    <form noValidate onSubmit={onSubmit}>
      <DialogContent sx={{ pt: 1 }}>
        <Stack spacing={2.5} sx={{ pt: 1 }}>
          <FormTextField
            control={control}
            name="email"
            label="Email"
            type="email"
            autoFocus
            fullWidth
            autoComplete="off"
            helperText="They join by opening the invitation link with this address"
            slotProps={{ htmlInput: { 'data-testid': 'invite-email' } }}
          />
          <FormTextField
            control={control}
            name="role"
            label="Role"
            select
            fullWidth
            slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'invite-role' } as object } }}
          >
            {(['member', 'admin', 'owner'] as const).map((role) => (
              <MenuItem
                key={role}
                value={role}
                disabled={role === 'owner' && !canInviteOwner}
                data-testid={`invite-role-${role}`}
              >
                {ROLE_LABELS[role]}
              </MenuItem>
            ))}
          </FormTextField>
          <FormServerError errors={formState.errors} />
        </Stack>
      </DialogContent>
      <FormDialogActions
        onCancel={onClose}
        isSubmitDisabled={!formState.isValid || formState.isSubmitting}
        isSubmitting={formState.isSubmitting}
        submitTestId="invite-submit"
        submitLabel="Invite"
      />
    </form>
  );
}

/** "Invite member": email and role; the page then shows the invitation link to pass on. */
export function InviteDialog({ isOpen, ...props }: InviteDialogProps) {
  return (
    <FormDialog isOpen={isOpen} onClose={props.onClose} title="Invite member" testId="invite-dialog" maxWidth="xs">
      <InviteForm {...props} />
    </FormDialog>
  );
}
