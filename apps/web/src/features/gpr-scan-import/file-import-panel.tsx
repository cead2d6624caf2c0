import UploadFileRoundedIcon from '@mui/icons-material/UploadFileRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { CreateGprScansResponse, ZipFileMapResponse } from '@gprhub/contract';
import { useRef, useState } from 'react';
import { getErrorMessage } from '../../api/api-error';
import { useOrganizationSlug } from '../../api/organization-scope';
import { FileMapReview } from './file-map-review';
import { formatBytes } from './format-bytes';
import { createFromZip, extensionOf, importScanFiles, reviewZipFile } from './gpr-scan-import-api';
import { ReviewSummary } from './review-summary';
import { useSkippedPaths } from './use-skipped-paths';

/** Files the picker offers: vendor zips and every scan format (with sidecars) the server reads. */
const ACCEPT = '.zip,.dzt,.dzx,.dzg,.sgy,.segy,.dt1,.hd,.rd3,.rd7,.rad,.cor,.out';

type Busy = { label: string; fraction: number } | null;

export interface FileImportPanelProps {
  parentId: string | null;
  onCreated: (result: CreateGprScansResponse) => void;
  onCancel: () => void;
}

/**
 * "Upload from file": one vendor zip (read first, its file map reviewed, paths skipped, then created) or any
 * scan files with their sidecars (created at once). Progress while sending; the server's message on failure.
 */
export function FileImportPanel({ parentId, onCreated, onCancel }: FileImportPanelProps) {
  const organization = useOrganizationSlug();
  const input = useRef<HTMLInputElement>(null);
  const [files, setFiles] = useState<File[]>([]);
  const [review, setReview] = useState<ZipFileMapResponse | null>(null);
  const [busy, setBusy] = useState<Busy>(null);
  const [error, setError] = useState<string | null>(null);
  const { skipped, reset, change } = useSkippedPaths();
  const zip = files.length === 1 && extensionOf(files[0]!.name) === 'zip' ? files[0]! : null;
  const request = { organization };

  const pick = async (picked: File[]) => {
    setFiles(picked);
    setReview(null);
    setError(null);
    if (picked.length !== 1 || extensionOf(picked[0]!.name) !== 'zip') return;
    setBusy({ label: `Reading ${picked[0]!.name}…`, fraction: 0 });
    try {
      const answer = await reviewZipFile(picked[0]!, picked[0]!.name, request, (fraction) =>
        setBusy({ label: `Reading ${picked[0]!.name}…`, fraction }),
      );
      reset(answer.fileMap);
      setReview(answer);
    } catch (e) {
      setError(getErrorMessage(e));
    } finally {
      setBusy(null);
    }
  };

  const create = async () => {
    setError(null);
    const label = zip
      ? `Importing ${zip.name}…`
      : `Uploading ${files.length === 1 ? files[0]!.name : `${files.length} files`}…`;
    setBusy({ label, fraction: 0 });
    const onFraction = (fraction: number) => setBusy({ label, fraction });
    try {
      const result = zip
        ? await createFromZip(
            { parentId, zip, fileName: zip.name, pathsToSkip: [...skipped] },
            request,
            onFraction,
          )
        : await importScanFiles({ parentId, files }, request, onFraction);
      onCreated(result);
    } catch (e) {
      setError(getErrorMessage(e));
    } finally {
      setBusy(null);
    }
  };

  const importable = review ? review.gprScans.some((scan) => !skipped.has(scan.path)) : false;
  const canCreate = !busy && files.length > 0 && (zip ? review !== null && importable : true);

  return (
    <Stack spacing={2} data-testid="file-import-panel">
      <input
        ref={input}
        type="file"
        multiple
        accept={ACCEPT}
        hidden
        data-testid="gpr-scan-file-input"
        onChange={(event) => {
          void pick([...(event.target.files ?? [])]);
          event.target.value = '';
        }}
      />
      <Box
        sx={{
          border: 2,
          borderStyle: 'dashed',
          borderColor: 'divider',
          borderRadius: 2,
          p: 3,
          textAlign: 'center',
        }}
        onDragOver={(event) => event.preventDefault()}
        onDrop={(event) => {
          event.preventDefault();
          if (!busy) void pick([...event.dataTransfer.files]);
        }}
      >
        <Button
          variant="outlined"
          startIcon={<UploadFileRoundedIcon />}
          disabled={Boolean(busy)}
          onClick={() => input.current?.click()}
          data-testid="gpr-scan-choose-files"
        >
          Choose files
        </Button>
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
          A vendor export (.zip), or scan files with their sidecars: DZT (+DZX, DZG), SEG-Y, DT1 + HD, RD3/RD7
          + RAD, gprMax .out.
        </Typography>
      </Box>
      {files.length > 0 && !zip && (
        <Stack spacing={0.5} data-testid="picked-files">
          {files.map((file) => (
            <Typography key={file.name} variant="body2">
              {file.name}{' '}
              <Box component="span" sx={{ color: 'text.secondary' }}>
                · {formatBytes(file.size)}
              </Box>
            </Typography>
          ))}
        </Stack>
      )}
      {review && (
        <>
          <ReviewSummary review={review} skipped={skipped} />
          <FileMapReview
            fileMap={review.fileMap}
            skipped={skipped}
            onChange={change}
            isDisabled={Boolean(busy)}
          />
        </>
      )}
      {busy && (
        <Box data-testid="import-progress">
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {busy.label}{' '}
            {busy.fraction < 1 ? `${Math.round(busy.fraction * 100)} %` : 'processing on the server'}
          </Typography>
          <LinearProgress
            variant={busy.fraction < 1 ? 'determinate' : 'indeterminate'}
            value={busy.fraction * 100}
          />
        </Box>
      )}
      {error && (
        <Alert severity="error" data-testid="import-error">
          {error}
        </Alert>
      )}
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button color="inherit" onClick={onCancel} disabled={Boolean(busy)}>
          Cancel
        </Button>
        <Button
          variant="contained"
          disabled={!canCreate}
          onClick={() => void create()}
          data-testid="gpr-scan-create"
        >
          Create
        </Button>
      </Stack>
    </Stack>
  );
}
