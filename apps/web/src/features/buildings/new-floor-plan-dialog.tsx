import { FormDialog, FormDialogActions } from '../../components/form-dialog';
import UploadFileRoundedIcon from '@mui/icons-material/UploadFileRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogContent from '@mui/material/DialogContent';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { BuildingMessages, FLOOR_PLAN_EXTENSIONS, NODE_NAME_MAX } from '@gprhub/contract';
import { useState } from 'react';
import { getErrorMessage } from '../../api/api-error';
import { useOrganizationSlug } from '../../api/organization-scope';
import { uploadFiles } from '../../api/upload-files';
import { useCreateFloorPlans } from './buildings-api';

export interface NewFloorPlanDialogProps {
  isOpen: boolean;
  buildingId: string;
  floorId: string;
  floorLabel: string;
  onClose: () => void;
}

const ACCEPT = FLOOR_PLAN_EXTENSIONS.map((ext) => `.${ext}`).join(',') + ',image/*,application/pdf';

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** The file's problem, if any: an image (png, jpg, jpeg, avif) or a PDF is required. */
export function floorPlanFileError(file: File | null): string | null {
  if (!file) return BuildingMessages.imageRequired;
  const ext = extensionOf(file.name);
  return (FLOOR_PLAN_EXTENSIONS as readonly string[]).includes(ext)
    ? null
    : `File extension ${ext || '(none)'} is not supported`;
}

function NewFloorPlanForm({
  buildingId,
  floorId,
  floorLabel,
  onClose,
}: Omit<NewFloorPlanDialogProps, 'isOpen'>) {
  const organization = useOrganizationSlug();
  const create = useCreateFloorPlans(buildingId);
  const [name, setName] = useState('');
  const [isNameTouched, setNameTouched] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const nameError = name.trim() === '' ? BuildingMessages.nameRequired : null;
  const fileError = floorPlanFileError(file);
  const isWorking = progress !== null;
  const isPdf = file !== null && extensionOf(file.name) === 'pdf';

  const save = async () => {
    if (!file || nameError || fileError) return;
    setError(null);
    setProgress(0);
    try {
      const ext = extensionOf(file.name);
      const [record] = await uploadFiles({
        organization,
        objectPathPrefix: 'floor-plans',
        files: [
          {
            nodeId: buildingId,
            name: file.name.slice(0, file.name.length - ext.length - 1),
            extension: ext,
            data: file,
          },
        ],
        onProgress: (p) => setProgress(p.fraction),
      });
      await create.mutateAsync({
        name: name.trim(),
        buildingNodeId: buildingId,
        floorId,
        fileId: record!.id,
      });
      onClose();
    } catch (caught) {
      setError(getErrorMessage(caught));
      setProgress(null);
    }
  };

  return (
    <form
      noValidate
      data-testid="new-floor-plan-form"
      onSubmit={(event) => {
        event.preventDefault();
        setNameTouched(true);
        void save();
      }}
    >
      <DialogContent sx={{ pt: 1 }}>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            On <strong>{floorLabel}</strong>
          </Typography>
          {error && (
            <Alert severity="error" data-testid="new-floor-plan-error">
              {error}
            </Alert>
          )}
          <TextField
            label="Name"
            value={name}
            autoFocus
            fullWidth
            autoComplete="off"
            onChange={(event) => {
              setName(event.target.value);
              setNameTouched(true);
            }}
            onBlur={() => setNameTouched(true)}
            error={isNameTouched && nameError !== null}
            helperText={isNameTouched && nameError ? nameError : ' '}
            slotProps={{ htmlInput: { 'data-testid': 'floor-plan-name-input', maxLength: NODE_NAME_MAX } }}
          />
          <Box
            sx={{
              border: 1,
              borderStyle: 'dashed',
              borderColor: file && fileError ? 'error.main' : 'divider',
              borderRadius: '10px',
              p: 2,
              display: 'flex',
              alignItems: 'center',
              gap: 2,
            }}
          >
            <Button
              component="label"
              variant="outlined"
              startIcon={<UploadFileRoundedIcon />}
              disabled={isWorking}
            >
              Choose image or PDF
              <input
                hidden
                type="file"
                accept={ACCEPT}
                data-testid="floor-plan-file-input"
                onChange={(event) => {
                  const picked = event.target.files?.[0] ?? null;
                  setFile(picked);
                  if (picked && name.trim() === '') setName(picked.name.replace(/\.[^.]+$/, ''));
                  event.target.value = '';
                }}
              />
            </Button>
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="body2" noWrap data-testid="floor-plan-file-name">
                {file ? file.name : 'No file chosen'}
              </Typography>
              <Typography
                variant="caption"
                sx={{ color: file && fileError ? 'error.main' : 'text.secondary' }}
              >
                {file && fileError
                  ? fileError
                  : isPdf
                    ? 'Each page of the PDF becomes a floor plan.'
                    : 'PNG, JPEG, AVIF or a PDF (one plan per page).'}
              </Typography>
            </Box>
          </Box>
          {isWorking && (
            <Box>
              <LinearProgress
                variant={progress < 1 ? 'determinate' : 'indeterminate'}
                value={progress * 100}
              />
              <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                {progress < 1 ? 'Uploading…' : isPdf ? 'Rendering the PDF pages…' : 'Creating the plan…'}
              </Typography>
            </Box>
          )}
        </Stack>
      </DialogContent>
      <FormDialogActions
        onCancel={onClose}
        isCancelDisabled={isWorking}
        isSubmitDisabled={isWorking || nameError !== null || fileError !== null}
        isSubmitting={isWorking}
        submitTestId="floor-plan-submit"
      />
    </form>
  );
}

/** New floor plan: a name ('Name is required') and an image or a PDF; Save is disabled while uploading or with errors. */
export function NewFloorPlanDialog({ isOpen, ...props }: NewFloorPlanDialogProps) {
  return (
    <FormDialog isOpen={isOpen} onClose={props.onClose} title="New floor plan" testId="new-floor-plan-dialog">
      <NewFloorPlanForm {...props} />
    </FormDialog>
  );
}
