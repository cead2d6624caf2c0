import { FormDialog } from '../../components/form-dialog';
import DialogContent from '@mui/material/DialogContent';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { CreateGprScansResponse } from '@gprhub/contract';
import { useState } from 'react';
import { useInvalidateNodes } from '../nodes/nodes-api';
import type { CreatedPair } from './connect-scans';
import { ConnectScans } from './connect-scans';
import { FileImportPanel } from './file-import-panel';
import { ImportFinished } from './import-finished';
import { candidatesOf, hasPairingChoices } from './pairing-candidates';
import { VendorUrlWizard } from './vendor-url-wizard';

type Mode = 'url' | 'file';

export interface NewGprScanDialogProps {
  isOpen: boolean;
  /** The folder to import into; null for the top level. */
  parentId: string | null;
  parentName: string;
  onClose: () => void;
}

function NewGprScanFlow({ parentId, parentName, onClose }: Omit<NewGprScanDialogProps, 'isOpen'>) {
  const invalidateNodes = useInvalidateNodes();
  const [mode, setMode] = useState<Mode>('file');
  const [result, setResult] = useState<CreateGprScansResponse | null>(null);
  const [pairs, setPairs] = useState<CreatedPair[] | null>(null);
  const candidates = result ? candidatesOf(result) : null;
  const canPair = candidates ? hasPairingChoices(candidates) : false;

  const onCreated = (created: CreateGprScansResponse) => {
    void invalidateNodes();
    setResult(created);
    if (!hasPairingChoices(candidatesOf(created))) setPairs([]);
  };
  const onMatched = (made: CreatedPair[]) => {
    void invalidateNodes();
    setPairs(made);
  };

  const finished = result && pairs ? <ImportFinished result={result} pairs={pairs} onDone={onClose} /> : null;
  const connect =
    result && candidates && canPair && !pairs ? (
      <ConnectScans candidates={candidates} onSkip={() => setPairs([])} onMatched={onMatched} />
    ) : null;

  return (
    <DialogContent sx={{ pt: 1 }}>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
        Into <strong>{parentName}</strong>
      </Typography>
      {!result && (
        <ToggleButtonGroup
          exclusive
          size="small"
          color="primary"
          value={mode}
          onChange={(_, value: Mode | null) => value && setMode(value)}
          sx={{ mb: 2.5 }}
        >
          <ToggleButton value="url" data-testid="gpr-scan-mode-url">
            Upload from URL
          </ToggleButton>
          <ToggleButton value="file" data-testid="gpr-scan-mode-file">
            Upload from file
          </ToggleButton>
        </ToggleButtonGroup>
      )}
      {mode === 'url' ? (
        <VendorUrlWizard
          parentId={parentId}
          onCancel={onClose}
          onCreated={onCreated}
          connectStep={connect ?? finished}
        />
      ) : !result ? (
        <FileImportPanel parentId={parentId} onCreated={onCreated} onCancel={onClose} />
      ) : (
        ((connect && (
          <>
            <Typography variant="subtitle1" sx={{ mb: 1.5 }}>
              Connect GPR Scans
            </Typography>
            {connect}
          </>
        )) ??
        finished)
      )}
    </DialogContent>
  );
}

/**
 * "New GPR scan": a toggle between "Upload from URL" (the vendor link wizard) and "Upload from file" (a vendor
 * zip or scan files), then pairing of the created scans into dual-orientation scans.
 */
export function NewGprScanDialog({ isOpen, ...props }: NewGprScanDialogProps) {
  return (
    <FormDialog
      isOpen={isOpen}
      onClose={props.onClose}
      title="New GPR scan"
      testId="new-gpr-scan-dialog"
      maxWidth="md"
      isBackdropClickIgnored
    >
      <NewGprScanFlow {...props} />
    </FormDialog>
  );
}
