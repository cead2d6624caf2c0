import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Alert from '@mui/material/Alert';
import type { CreatedTenantKey } from '@gprhub/contract';
import { TENANT_KEY_NAME_MAX } from '@gprhub/contract';
import { useState } from 'react';
import { getErrorMessage } from '../../api/api-error';
import { useCreateTenantKey } from './keys-api';

/** Expiry choices, in days (0: never). */
const EXPIRY_OPTIONS = [
  { days: 0, label: 'Never' },
  { days: 7, label: 'In 7 days' },
  { days: 30, label: 'In 30 days' },
  { days: 90, label: 'In 90 days' },
  { days: 365, label: 'In 1 year' },
] as const;

/** "New key": an optional name and expiry, then the key is created and shown once by the page. */
export function NewKeyDialog({
  isOpen,
  onClose,
  onCreated,
}: {
  isOpen: boolean;
  onClose: () => void;
  onCreated: (key: CreatedTenantKey) => void;
}) {
  const create = useCreateTenantKey();
  const [name, setName] = useState('');
  const [expiryDays, setExpiryDays] = useState(0);
  const close = () => {
    if (create.isPending) return;
    setName('');
    setExpiryDays(0);
    create.reset();
    onClose();
  };
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    const body = {
      ...(trimmed ? { name: trimmed } : {}),
      ...(expiryDays > 0 ? { expiresAt: new Date(Date.now() + expiryDays * 86_400_000).toISOString() } : {}),
    };
    try {
      onCreated(await create.mutateAsync(body));
      close();
    } catch {
      // Shown below from create.error.
    }
  };
  return (
    <Dialog open={isOpen} onClose={close} maxWidth="xs" fullWidth data-testid="new-key-dialog">
      <DialogTitle>New API key</DialogTitle>
      <form noValidate onSubmit={submit}>
        <DialogContent sx={{ pt: 1 }}>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            <TextField
              label="Name (optional)"
              placeholder="e.g. Nightly export script"
              value={name}
              onChange={(e) => setName(e.target.value)}
              autoFocus
              fullWidth
              autoComplete="off"
              helperText="What the key is for, so that it can be recognised later"
              slotProps={{ htmlInput: { maxLength: TENANT_KEY_NAME_MAX, 'data-testid': 'new-key-name' } }}
            />
            <TextField
              select
              label="Expires"
              value={expiryDays}
              onChange={(e) => setExpiryDays(Number(e.target.value))}
              fullWidth
              slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'new-key-expiry' } as object } }}
            >
              {EXPIRY_OPTIONS.map((o) => (
                <MenuItem key={o.days} value={o.days} data-testid={`new-key-expiry-${o.days}`}>
                  {o.label}
                </MenuItem>
              ))}
            </TextField>
            {create.error && <Alert severity="error">{getErrorMessage(create.error)}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button onClick={close} color="inherit" disabled={create.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={create.isPending} data-testid="new-key-create">
            Create key
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
