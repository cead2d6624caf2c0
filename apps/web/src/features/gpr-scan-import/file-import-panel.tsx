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
import {
  createFromZip,
  extensionOf,
  importScanFiles,
  reviewZipFile,
  zipLooseFiles,
} from './gpr-scan-import-api';
import { MissingGeometryFields } from './missing-geometry-fields';
import { ReviewSummary } from './review-summary';
import { buildScanGeometry, findScansWithoutSpacing } from './scan-geometry-input';
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
 * scan files with their sidecars (read first too, so a file storing no trace spacing is asked for it before
 * anything is created). Progress while sending; the server's message on failure.
 */
export function FileImportPanel({ parentId, onCreated, onCancel }: FileImportPanelProps) {
  const organization = useOrganizationSlug();
  const input = useRef<HTMLInputElement>(null);
  const [files, setFiles] = useState<File[]>([]);
  const [review, setReview] = useState<ZipFileMapResponse | null>(null);
  const [busy, setBusy] = useState<Busy>(null);
  const [error, setError] = useState<string | null>(null);
  const [geometryText, setGeometryText] = useState<Record<string, string>>({});
  const { skipped, reset, change } = useSkippedPaths();
  const zip = files.length === 1 && extensionOf(files[0]!.name) === 'zip' ? files[0]! : null;
  const request = { organization };

  const pick = async (picked: File[]) => {
    setFiles(picked);
    setReview(null);
    setError(null);
    setGeometryText({});
    if (picked.length === 0) return;
    const isZip = picked.length === 1 && extensionOf(picked[0]!.name) === 'zip';
    const label = `Reading ${picked.length === 1 ? picked[0]!.name : `${picked.length} files`}…`;
    setBusy({ label, fraction: 0 });
    try {
      // Loose files are read as the zip the top level sends them in: its paths are their names.
      const { zip, fileName } = isZip
        ? { zip: picked[0]!, fileName: picked[0]!.name }
        : await zipLooseFiles(picked);
      const answer = await reviewZipFile(zip, fileName, request, (fraction) => setBusy({ label, fraction }));
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
      const scanGeometry = geometry ?? [];
      const result = zip
        ? await createFromZip(
            { parentId, zip, fileName: zip.name, pathsToSkip: [...skipped], scanGeometry },
            request,
            onFraction,
          )
        : await importScanFiles({ parentId, files, scanGeometry }, request, onFraction);
      onCreated(result);
    } catch (e) {
      setError(getErrorMessage(e));
    } finally {
      setBusy(null);
    }
  };

  const importable = review ? review.gprScans.some((scan) => !skipped.has(scan.path)) : false;
  const withoutSpacing = findScansWithoutSpacing(review, skipped);
  const geometry = buildScanGeometry(withoutSpacing, geometryText);
  // Loose files whose reading failed may still be sent: the import answers with the reason.
  const canCreate =
    !busy && files.length > 0 && geometry !== null && (zip ? review !== null && importable : true);

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
      {review && zip && (
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
      {withoutSpacing.length > 0 && (
        <MissingGeometryFields
          scans={withoutSpacing}
          values={geometryText}
          onChange={(path, text) => setGeometryText((current) => ({ ...current, [path]: text }))}
          isDisabled={Boolean(busy)}
        />
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
