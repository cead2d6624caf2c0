import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { CreatedTenantKey } from '@gprhub/contract';
import { CopyButton } from '../../components/copy-button';

/** The secret of a key just created, shown this once with a copy button. */
export function NewKeyAlert({ createdKey, onClose }: { createdKey: CreatedTenantKey; onClose: () => void }) {
  return (
    <Alert
      severity="success"
      onClose={onClose}
      data-testid="new-key-alert"
      sx={{ mb: 3, '& .MuiAlert-message': { width: '100%', minWidth: 0 } }}
    >
      <AlertTitle>New key created</AlertTitle>
      <Typography variant="body2" sx={{ mb: 1.5 }}>
        Copy it now and keep it somewhere safe: for your security it is shown only this once.
      </Typography>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          pl: 1.5,
          pr: 0.5,
          py: 0.5,
          borderRadius: '10px',
          bgcolor: 'background.paper',
          border: 1,
          borderColor: 'divider',
          maxWidth: 720,
        }}
      >
        <Typography
          component="code"
          data-testid="new-key-value"
          sx={{
            flex: 1,
            minWidth: 0,
            fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
            fontSize: 13,
            color: 'text.primary',
            overflowWrap: 'anywhere',
          }}
        >
          {createdKey.key}
        </Typography>
        <CopyButton value={createdKey.key} label="Copy key" testId="copy-new-key" />
      </Box>
    </Alert>
  );
}
