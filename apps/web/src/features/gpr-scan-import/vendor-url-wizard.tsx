import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepButton from '@mui/material/StepButton';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { CreateGprScansResponse, ZipFileMapResponse } from '@gprhub/contract';
import { validateVendorUrl, VendorUrlMessages } from '@gprhub/contract';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { getErrorMessage } from '../../api/api-error';
import { useOrganizationSlug } from '../../api/organization-scope';
import { FileMapReview } from './file-map-review';
import { createFromUrl, readVendorUrl, useVendorLinkSettings } from './gpr-scan-import-api';
import { ReviewSummary } from './review-summary';
import { useSkippedPaths } from './use-skipped-paths';

const STEPS = ['Vendor URL', 'Create GPR Scans', 'Connect GPR Scans'] as const;

export interface VendorUrlWizardProps {
  parentId: string | null;
  onCancel: () => void;
  /** The scans were created; `connect` is the third step's content (pairing), or null when finished. */
  onCreated: (result: CreateGprScansResponse) => void;
  /** Rendered as the third step once the scans exist. */
  connectStep: ReactNode;
}

/**
 * "Upload from URL": the three-step wizard. Step 0 checks the vendor link with the shared validator and
 * reads the zip behind it; step 1 reviews its files and creates the scans; step 2 pairs them.
 */
export function VendorUrlWizard({ parentId, onCancel, onCreated, connectStep }: VendorUrlWizardProps) {
  const organization = useOrganizationSlug();
  const settings = useVendorLinkSettings();
  const host = settings.data?.vendorHost ?? null;
  const [step, setStep] = useState(0);
  const [url, setUrl] = useState('');
  const [isTouched, setIsTouched] = useState(false);
  const [review, setReview] = useState<ZipFileMapResponse | null>(null);
  const [hasCreated, setHasCreated] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [stepError, setStepError] = useState<{ step: number; message: string } | null>(null);
  const { skipped, reset, change } = useSkippedPaths();
  const urlError = host ? validateVendorUrl(url, host) : null;

  const read = async () => {
    setBusy('Reading the files behind the link…');
    setError(null);
    setStepError(null);
    try {
      const answer = await readVendorUrl(url.trim(), { organization });
      reset(answer.fileMap);
      setReview(answer);
      setStep(1);
    } catch (e) {
      setError(getErrorMessage(e));
    } finally {
      setBusy(null);
    }
  };

  const create = async () => {
    setBusy('Downloading and creating the GPR scans…');
    setError(null);
    try {
      const result = await createFromUrl(
        { parentId, url: url.trim(), pathsToSkip: [...skipped] },
        { organization },
      );
      setReview((current) => (current ? { ...current, fileMap: result.fileMap } : current));
      setHasCreated(true);
      setStepError(null);
      onCreated(result);
      if (result.gprScans.length > 0) setStep(2);
    } catch (e) {
      setError(getErrorMessage(e));
    } finally {
      setBusy(null);
    }
  };

  const goTo = (target: number) => {
    setStepError(null);
    if (hasCreated) return target === 2 ? setStep(2) : undefined;
    if (target >= 1 && !review) return setStepError({ step: 0, message: VendorUrlMessages.provideValidUrl });
    if (target === 2) return setStepError({ step: 1, message: VendorUrlMessages.createScansFirst });
    setStep(target);
  };

  return (
    <Stack spacing={2.5} data-testid="vendor-url-wizard" data-step={step}>
      <Stepper nonLinear activeStep={step} alternativeLabel>
        {STEPS.map((label, index) => (
          <Step key={label} completed={index < step || (index === 1 && hasCreated)}>
            <StepButton
              onClick={() => goTo(index)}
              disabled={Boolean(busy)}
              data-testid={`wizard-step-${index}`}
              // StepButton hands `optional` to its StepLabel (it would override the label's own).
              optional={
                stepError?.step === index ? (
                  <Typography variant="caption" color="error" data-testid="wizard-step-error">
                    {stepError.message}
                  </Typography>
                ) : undefined
              }
            >
              <StepLabel error={stepError?.step === index}>{label}</StepLabel>
            </StepButton>
          </Step>
        ))}
      </Stepper>
      {settings.isSuccess && !host && (
        <Alert severity="info" data-testid="vendor-link-not-configured">
          Import from a vendor link is not configured on this server (an administrator sets GPR_VENDOR_HOST).
          Use “Upload from file” with the exported zip instead.
        </Alert>
      )}
      {step === 0 && (
        <Stack spacing={1.5}>
          <TextField
            label="Vendor URL"
            placeholder={host ? `https://${host}/…?k=…&d=…` : undefined}
            value={url}
            onChange={(event) => {
              setUrl(event.target.value);
              setIsTouched(true);
            }}
            onBlur={() => setIsTouched(true)}
            error={Boolean(urlError) && isTouched}
            helperText={
              (isTouched || url.length > 0) && urlError
                ? urlError
                : 'The share link of the measurement, copied from the vendor’s cloud'
            }
            disabled={!host || Boolean(busy)}
            fullWidth
            autoFocus
            slotProps={{ htmlInput: { 'data-testid': 'vendor-url-input' } }}
          />
          {urlError && (
            <Typography variant="caption" sx={{ color: 'text.secondary' }} data-testid="vendor-url-hint">
              {VendorUrlMessages.provideValidUrl}
            </Typography>
          )}
        </Stack>
      )}
      {step === 1 && review && (
        <>
          <ReviewSummary review={review} skipped={skipped} />
          <FileMapReview
            fileMap={review.fileMap}
            skipped={skipped}
            onChange={change}
            isDisabled={Boolean(busy) || hasCreated}
          />
        </>
      )}
      {step === 2 && connectStep}
      {busy && (
        <Stack spacing={0.5} data-testid="wizard-progress">
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {busy}
          </Typography>
          <LinearProgress />
        </Stack>
      )}
      {error && (
        <Alert severity="error" data-testid="wizard-error">
          {error}
        </Alert>
      )}
      {step < 2 && (
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button color="inherit" onClick={onCancel} disabled={Boolean(busy)}>
            Cancel
          </Button>
          {step === 1 && (
            <Button onClick={() => setStep(0)} disabled={Boolean(busy) || hasCreated}>
              Back
            </Button>
          )}
          {step === 0 && (
            <Button
              variant="contained"
              onClick={() => void read()}
              disabled={!host || Boolean(urlError) || Boolean(busy)}
              data-testid="vendor-read-files"
            >
              Read Files
            </Button>
          )}
          {step === 1 && (
            <Button
              variant="contained"
              onClick={() => void create()}
              disabled={Boolean(busy) || hasCreated || !review?.gprScans.some((s) => !skipped.has(s.path))}
              data-testid="vendor-create-scans"
            >
              Create GPR Scans
            </Button>
          )}
        </Stack>
      )}
    </Stack>
  );
}
