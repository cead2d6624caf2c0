import type { Area, Observation } from '@gprhub/contract';
import { ThreeDModelMessages } from '@gprhub/contract';
import AddRoundedIcon from '@mui/icons-material/AddRounded';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import EditLocationAltRoundedIcon from '@mui/icons-material/EditLocationAltRounded';
import MoreVertRoundedIcon from '@mui/icons-material/MoreVertRounded';
import VisibilityOffRoundedIcon from '@mui/icons-material/VisibilityOffRounded';
import VisibilityRoundedIcon from '@mui/icons-material/VisibilityRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { getErrorMessage } from '../../api/api-error';
import { downloadExport } from '../reports/reports-api';
import { AddScansDialog } from './add-scans-dialog';
import { setGprCloudShown, useGprCloudDrawn, useGprPointCloud, useIsGprCloudShown } from './gpr-point-cloud';
import { ObservationEditor } from './observation-editor';
import { useObservationDetails, useRemoveObservation, useUpdateObservation } from './three-d-models-api';

export interface ObservationsPanelProps {
  modelId: string;
  versionId: string;
  observations: Observation[];
  canEdit: boolean;
  selectedId: string | null;
  onSelect: (id: string | null) => void;
  /** The area being edited (drawn live in the view), or null. */
  draft: Area | null;
  onDraft: (area: Area | null) => void;
}

function ObservationInfo({ observation }: { observation: Observation }) {
  const details = useObservationDetails(observation.id).data;
  if (!details) return null;
  const source = details.rebarSource === 'correction' ? 'corrected by hand' : details.rebarSource === 'analysis' ? 'from the analysis' : 'no analysis yet';
  return (
    <Box sx={{ px: 2, pb: 1 }} data-testid="observation-info">
      <Typography variant="body2">{`${details.rebars.length} rebar${details.rebars.length === 1 ? '' : 's'} (${source})`}</Typography>
      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
        {`Line ${details.gprScan.lengthM.toFixed(2)} m, depth shown ${details.gprScan.depthM.toFixed(2)} m${observation.scanArea ? ', placed by the 3D tracker' : ', placed by hand'}`}
      </Typography>
      <GprCloudInfo observation={observation} gprScanNodeId={details.pointCloudSource.gprScanNodeId} sourceName={details.pointCloudSource.kind === 'area' ? `area scan ${details.pointCloudSource.name}` : 'this scan'} />
    </Box>
  );
}

/** One line on the GPR point cloud of the scan (or of its area scan): running, failed, drawn, or how to get it. */
function GprCloudInfo({ observation, gprScanNodeId, sourceName }: { observation: Observation; gprScanNodeId: string; sourceName: string }) {
  const cloud = useGprPointCloud(gprScanNodeId);
  const drawn = useGprCloudDrawn(observation.id);
  const isShown = useIsGprCloudShown(observation.id);
  const text = cloud.isRunning
    ? `Generating the GPR point cloud of ${sourceName}${cloud.progress !== null ? ` (${cloud.progress} %)` : ''}…`
    : cloud.failure
      ? `GPR point cloud failed: ${cloud.failure}`
      : cloud.results
        ? drawn !== null
          ? `GPR point cloud of ${sourceName}: ${drawn.toLocaleString('en')} points shown (εr ${cloud.results.permittivity.toFixed(1)}; red = strong reflection)`
          : isShown
            ? 'Loading the GPR point cloud…'
            : `GPR point cloud of ${sourceName}: ${cloud.results.points.toLocaleString('en')} points (menu: Show)`
        : `No GPR point cloud of ${sourceName} yet (menu: Generate)`;
  return (
    <Typography variant="caption" component="div" sx={{ color: cloud.failure ? 'error.main' : 'text.secondary' }} data-testid="observation-gpr-cloud" data-drawn-points={drawn ?? undefined}>
      {text}
    </Typography>
  );
}

/** The observations side panel: list, info, visibility, removal and position editing (signed-in users only). */
export function ObservationsPanel({ modelId, versionId, observations, canEdit, selectedId, onSelect, draft, onDraft }: ObservationsPanelProps) {
  const [isAdding, setIsAdding] = useState(false);
  const update = useUpdateObservation(modelId);
  const remove = useRemoveObservation(modelId);
  const editing = draft ? observations.find((o) => o.id === selectedId) : undefined;
  return (
    <Stack sx={{ height: '100%', overflow: 'auto', p: 1 }} spacing={1} data-testid="observations-panel">
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="subtitle1">GPR scans</Typography>
        {canEdit && (
          <Button size="small" startIcon={<AddRoundedIcon />} onClick={() => setIsAdding(true)} data-testid="add-scans-button">
            Add
          </Button>
        )}
      </Stack>
      {observations.length === 0 ? (
        <Typography sx={{ color: 'text.secondary', p: 1 }} data-testid="observations-empty">
          {ThreeDModelMessages.noObservations}
        </Typography>
      ) : (
        <List dense disablePadding>
          {observations.map((o) => (
            <Box key={o.id}>
              <ListItemButton selected={o.id === selectedId} onClick={() => onSelect(o.id === selectedId ? null : o.id)} data-testid="observation-row">
                <ListItemText primary={o.observationName} secondary={o.observationDate ?? undefined} sx={{ opacity: o.isVisible ? 1 : 0.5 }} />
                {canEdit && (
                  <Stack direction="row" onClick={(e) => e.stopPropagation()}>
                    <Tooltip title="Edit position">
                      <IconButton size="small" aria-label="Edit position" data-testid="observation-edit" onClick={() => {
                        onSelect(o.id);
                        onDraft(o.observationArea);
                      }}>
                        <EditLocationAltRoundedIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                    <Tooltip title={o.isVisible ? 'Hide' : 'Show'}>
                      <IconButton size="small" aria-label={o.isVisible ? 'Hide' : 'Show'} onClick={() => update.mutate({ id: o.id, isVisible: !o.isVisible })}>
                        {o.isVisible ? <VisibilityRoundedIcon fontSize="small" /> : <VisibilityOffRoundedIcon fontSize="small" />}
                      </IconButton>
                    </Tooltip>
                    <Tooltip title="Remove from the model">
                      <IconButton size="small" aria-label="Remove from the model" onClick={() => remove.mutate(o.id)}>
                        <DeleteOutlineRoundedIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  </Stack>
                )}
                <ObservationMenu observation={o} />
              </ListItemButton>
              {o.id === selectedId && <ObservationInfo observation={o} />}
            </Box>
          ))}
        </List>
      )}
      {editing && draft && (
        <ObservationEditor
          observation={editing}
          draft={draft}
          onDraft={onDraft}
          isSaving={update.isPending}
          onCancel={() => onDraft(null)}
          onSave={() => update.mutate({ id: editing.id, observationArea: draft }, { onSuccess: () => onDraft(null) })}
        />
      )}
      {canEdit && <AddScansDialog modelId={modelId} versionId={versionId} isOpen={isAdding} onClose={() => setIsAdding(false)} />}
    </Stack>
  );
}

/**
 * The observation's menu: export its 3D bars as glTF (`GET /api/3d-model-observations/{id}/export?format=gltf`,
 * one cylinder per bar in the model's frame, as the viewer draws them).
 */
function ObservationMenu({ observation }: { observation: Observation }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [error, setError] = useState<string | null>(null);
  const source = useObservationDetails(observation.id).data?.pointCloudSource;
  const cloud = useGprPointCloud(source?.gprScanNodeId);
  const isShown = useIsGprCloudShown(observation.id);
  const downloadCloud = async () => {
    setAnchor(null);
    setError(null);
    try {
      await downloadExport(`/api/files/${cloud.results!.pointCloudFileId}/download`, `${source?.name ?? observation.observationName}-gpr-point-cloud.ply`);
    } catch (caught) {
      setError(getErrorMessage(caught));
    }
  };
  const exportGltf = async () => {
    setAnchor(null);
    setError(null);
    try {
      await downloadExport(`/api/3d-model-observations/${observation.id}/export?format=gltf`, `${observation.observationName}-rebars.glb`);
    } catch (caught) {
      setError(getErrorMessage(caught));
    }
  };
  return (
    <Box onClick={(e) => e.stopPropagation()} sx={{ display: 'flex', alignItems: 'center' }}>
      {(error ?? cloud.error) && (
        <Typography variant="caption" color="error" data-testid="observation-export-error">
          {error ?? cloud.error}
        </Typography>
      )}
      <IconButton size="small" aria-label="More" data-testid="observation-menu-button" onClick={(e) => setAnchor(e.currentTarget)}>
        <MoreVertRoundedIcon fontSize="small" />
      </IconButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem onClick={() => void exportGltf()} data-testid="observation-export-gltf">
          Export bars as glTF (.glb)
        </MenuItem>
        {cloud.results ? (
          [
            <MenuItem key="show" onClick={() => { setAnchor(null); setGprCloudShown(observation.id, !isShown); }} data-testid="observation-gpr-cloud-toggle">
              {isShown ? 'Hide GPR point cloud' : 'Show GPR point cloud'}
            </MenuItem>,
            <MenuItem key="download" onClick={() => void downloadCloud()} data-testid="observation-gpr-cloud-download">
              Download GPR point cloud (PLY)
            </MenuItem>,
          ]
        ) : (
          <MenuItem
            disabled={!source || cloud.isRunning}
            onClick={() => {
              setAnchor(null);
              setGprCloudShown(observation.id, true);
              cloud.generate();
            }}
            data-testid="observation-gpr-cloud-generate"
          >
            {cloud.isRunning ? 'Generating GPR point cloud…' : source?.kind === 'area' ? 'Generate GPR point cloud (whole area scan)' : 'Generate GPR point cloud'}
          </MenuItem>
        )}
      </Menu>
    </Box>
  );
}
