import StraightenRoundedIcon from '@mui/icons-material/StraightenRounded';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { GprScan, UpdateGprScanGeometryBody } from '@gprhub/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { apiMutation } from '../../api/api-client';
import { useOrganizationSlug } from '../../api/organization-scope';
import { orgQueryKey, useApiMutation } from '../../api/use-api-query';
import { ANALYSES } from '../analyses/analyses-api';
import { GPR_SCANS } from './gpr-scans-api';

/** A decimal typed with a comma or a point, or NaN. */
const parseDecimal = (text: string) =>
  text.trim() === '' ? Number.NaN : Number(text.trim().replace(',', '.'));

/**
 * "Edit scan geometry": the trace spacing a file lacks (a gprMax output stores none) or got wrong. Saving sets
 * the scan's length and runs its analyses again; every scan screen refreshes.
 */
export function EditScanGeometryDialog({
  scan,
  isOpen,
  onClose,
}: {
  scan: GprScan;
  isOpen: boolean;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const organization = useOrganizationSlug();
  const [text, setText] = useState(
    scan.traceSpacingM > 0 ? String(+(scan.traceSpacingM * 1000).toFixed(4)) : '',
  );
  const spacingMm = parseDecimal(text);
  const isValid = Number.isFinite(spacingMm) && spacingMm > 0 && spacingMm <= 500;
  const save = useApiMutation<{ gprScan: GprScan }, UpdateGprScanGeometryBody>(
    (body, request) => apiMutation('PATCH', `/api/gpr-scans/${scan.nodeId}/geometry`, body, request),
    {
      onSuccess: async () => {
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: orgQueryKey(organization, GPR_SCANS) }),
          queryClient.invalidateQueries({ queryKey: orgQueryKey(organization, ANALYSES) }),
        ]);
        onClose();
      },
    },
  );
  return (
    <Dialog open={isOpen} onClose={onClose} maxWidth="xs" fullWidth data-testid="scan-geometry-dialog">
      <DialogTitle>Edit scan geometry</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
          The distance between two traces along the line. The scan length becomes {scan.traces} traces × this
          spacing, and the rebar analysis and the preview run again.
        </Typography>
        <TextField
          autoFocus
          fullWidth
          label="Trace spacing"
          value={text}
          onChange={(event) => setText(event.target.value)}
          error={text !== '' && !isValid}
          helperText={
            text !== '' && !isValid
              ? 'A spacing greater than 0 and at most 500 mm'
              : isValid
                ? `Scan length ${((scan.traces * spacingMm) / 10).toFixed(1)} cm`
                : ' '
          }
          slotProps={{
            htmlInput: { inputMode: 'decimal', 'data-testid': 'scan-geometry-spacing' },
            input: { endAdornment: <InputAdornment position="end">mm</InputAdornment> },
          }}
        />
        {save.error && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {save.error.message}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button color="inherit" onClick={onClose}>
          Cancel
        </Button>
        <Button
          variant="contained"
          disabled={!isValid}
          loading={save.isPending}
          onClick={() => save.mutate({ traceSpacingM: spacingMm / 1000 })}
          data-testid="scan-geometry-save"
        >
          Save and analyse again
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The page's notice for a scan without trace spacing, and the button that opens the dialog. */
export function ScanGeometryButton({ scan, isMissing }: { scan: GprScan; isMissing: boolean }) {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      {isMissing ? (
        <Alert
          severity="warning"
          sx={{ mb: 2 }}
          data-testid="scan-geometry-missing"
          action={
            <Button
              color="inherit"
              size="small"
              onClick={() => setIsOpen(true)}
              data-testid="edit-scan-geometry"
            >
              Edit scan geometry
            </Button>
          }
        >
          This file stores no trace spacing, so the scan has no length and its bars no positions. Enter the
          spacing the scan was recorded with.
        </Alert>
      ) : (
        <Button
          size="small"
          variant="text"
          startIcon={<StraightenRoundedIcon />}
          onClick={() => setIsOpen(true)}
          data-testid="edit-scan-geometry"
        >
          Edit scan geometry
        </Button>
      )}
      {isOpen && <EditScanGeometryDialog scan={scan} isOpen={isOpen} onClose={() => setIsOpen(false)} />}
    </>
  );
}
