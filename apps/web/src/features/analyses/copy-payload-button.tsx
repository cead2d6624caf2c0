import CheckRoundedIcon from '@mui/icons-material/CheckRounded';
import DataObjectRoundedIcon from '@mui/icons-material/DataObjectRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { AnalysisType } from '@gprhub/contract';
import { useState } from 'react';
import { useOrganizationSlug } from '../../api/organization-scope';
import { fetchJobPayload } from './analyses-api';
import { copyJobPayload, getClipboardWriter, PAYLOAD_COPIED_MS } from './payload-copy';
import type { PayloadCopyResult } from './payload-copy';
import { useTransientMessage } from './use-transient-message';

/** Failures stay longer than the success message, so they can be read. */
const PAYLOAD_ERROR_MS = 10_000;

/**
 * Copies a job's payload (what its worker was given) to the clipboard, for reproducing a run locally.
 * The outcome shows beside the button: the success for 2 s, a failure for 10 s.
 */
export function CopyPayloadButton({
  jobId,
  analysisType,
}: {
  jobId: string | null | undefined;
  analysisType: AnalysisType;
}) {
  const organization = useOrganizationSlug();
  const [isCopying, setIsCopying] = useState(false);
  const result = useTransientMessage<PayloadCopyResult>(PAYLOAD_COPIED_MS);
  const copy = async () => {
    setIsCopying(true);
    const outcome = await copyJobPayload(jobId, {
      fetchPayload: (id) => fetchJobPayload(id, analysisType, { organization }),
      writeText: getClipboardWriter(),
    });
    setIsCopying(false);
    result.show(outcome, outcome.isSuccess ? PAYLOAD_COPIED_MS : PAYLOAD_ERROR_MS);
  };
  const outcome = result.value;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, minWidth: 0 }}>
      <Button
        size="small"
        variant="outlined"
        color={outcome?.isSuccess ? 'success' : 'primary'}
        startIcon={outcome?.isSuccess ? <CheckRoundedIcon /> : <DataObjectRoundedIcon />}
        onClick={() => void copy()}
        loading={isCopying}
        data-testid={`copy-payload-${jobId ?? 'missing'}`}
      >
        Copy payload
      </Button>
      {outcome && (
        <Typography
          variant="body2"
          role="status"
          data-testid="payload-copy-message"
          data-success={outcome.isSuccess}
          sx={{ color: outcome.isSuccess ? 'success.main' : 'error.main', fontWeight: 500 }}
        >
          {outcome.message}
        </Typography>
      )}
    </Box>
  );
}
