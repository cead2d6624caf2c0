import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { CreateOrganizationForm } from './create-organization-form';
import type { Organization } from './organization-context';

/** "Create organization" from the switcher; the new organization opens in this tab. */
export function CreateOrganizationDialog({
  isOpen,
  onClose,
  onCreated,
}: {
  isOpen: boolean;
  onClose: () => void;
  onCreated: (organization: Organization) => Promise<void>;
}) {
  return (
    <Dialog
      open={isOpen}
      onClose={onClose}
      fullWidth
      maxWidth="xs"
      aria-labelledby="create-organization-title"
    >
      <DialogTitle id="create-organization-title" sx={{ pb: 0.5 }}>
        Create organization
      </DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 3 }}>
          A separate space for scans, analyses and API keys.
        </Typography>
        {isOpen && (
          <CreateOrganizationForm
            onCreated={async (organization) => {
              await onCreated(organization);
              onClose();
            }}
            secondaryAction={
              <Button onClick={onClose} color="inherit">
                Cancel
              </Button>
            }
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
