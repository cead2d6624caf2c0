import ImageRoundedIcon from '@mui/icons-material/ImageRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useAnalysisByInput, useTriggerAnalysis } from '../analyses/use-analysis-by-input';
import { isActiveStatus } from '../analyses/analysis-polling';

/**
 * A line's radargram as the GPR scan preview analysis rendered it, with the spec's preview states (seed 001 §2
 * "Labeling screen", §4 "Preview"): 'Preview not generated yet' with 'Generate preview', 'Creating preview'
 * while it runs, 'Retry preview creation' after a failure.
 */
export function ScanPreview({ scanId, label }: { scanId: string; label: string }) {
  const input = useMemo(() => ({ gprScanNodeId: scanId }), [scanId]);
  const preview = useAnalysisByInput('GPR_SCAN_PREVIEW', input);
  const { trigger, isPending, error } = useTriggerAnalysis();
  const status = preview.data?.analysisRun?.status ?? null;
  const url = preview.data?.results?.previewImageUrl;
  const generate = () => trigger({ analysisType: 'GPR_SCAN_PREVIEW', analysisInput: input });

  if (status === 'FINISHED' && typeof url === 'string')
    return (
      <Box
        component="img"
        src={url}
        alt={`Radargram of ${label}`}
        data-testid="scan-preview-image"
        sx={{ width: '100%', maxHeight: 260, objectFit: 'fill', borderRadius: 1, display: 'block' }}
      />
    );
  const isCreating = isPending || isActiveStatus(status);
  // Until the preview's state has loaded there is nothing to offer: a Generate button shown now would vanish
  // the moment the state says the preview exists (it starts at import).
  const isLoading = !preview.data && !preview.isError;
  return (
    <Box
      data-testid="scan-preview-empty"
      sx={{ display: 'flex', alignItems: 'center', gap: 1.5, py: 2, color: 'text.secondary' }}
    >
      {isLoading ? (
        <>
          <CircularProgress size={18} />
          <Typography variant="body2">Loading preview</Typography>
        </>
      ) : isCreating ? (
        <>
          <CircularProgress size={18} />
          <Typography variant="body2">Creating preview</Typography>
        </>
      ) : (
        <>
          {status !== 'FAILED' && (
            <Typography variant="body2" data-testid="scan-preview-not-generated">
              Preview not generated yet
            </Typography>
          )}
          <Button
            size="small"
            variant="outlined"
            startIcon={<ImageRoundedIcon />}
            onClick={generate}
            data-testid="scan-preview-generate"
          >
            {status === 'FAILED' ? 'Retry preview creation' : 'Generate preview'}
          </Button>
        </>
      )}
      {error && (
        <Typography variant="caption" color="error">
          {error}
        </Typography>
      )}
    </Box>
  );
}
