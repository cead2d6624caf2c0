import AddRoundedIcon from '@mui/icons-material/AddRounded';
import ApartmentRoundedIcon from '@mui/icons-material/ApartmentRounded';
import UploadFileRoundedIcon from '@mui/icons-material/UploadFileRounded';
import CreateNewFolderRoundedIcon from '@mui/icons-material/CreateNewFolderRounded';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import DeselectRoundedIcon from '@mui/icons-material/DeselectRounded';
import ExpandMoreRoundedIcon from '@mui/icons-material/ExpandMoreRounded';
import LabelRoundedIcon from '@mui/icons-material/LabelRounded';
import SensorsRoundedIcon from '@mui/icons-material/SensorsRounded';
import ViewInArRoundedIcon from '@mui/icons-material/ViewInArRounded';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { OrgLink } from '../../components/org-link';
import { isBuilt } from '../../lib/built-features';
import { NewBuildingDialog } from '../buildings/new-building-dialog';
import { NewGprScanDialog } from '../gpr-scan-import/new-gpr-scan-dialog';
import { NewThreeDModelDialog } from '../three-d-models/new-three-d-model-dialog';
import type { ScreenClass } from './hub-layout';

export interface HubToolbarProps {
  screen: ScreenClass;
  folderId: string | null;
  /** The current folder's name (shown in create dialogs). */
  folderName?: string;
  selectedCount: number;
  onNewFolder: () => void;
  onDeleteSelected: () => void;
  onClearSelection: () => void;
  /** Opens the file picker of the folder's drop zone (files become FILE nodes). */
  onUploadFiles?: () => void;
}

/** The hub's actions: start labeling (large screens, once built), the selection menu and the "New" menu. */
export function HubToolbar({
  screen,
  folderId,
  folderName = 'Hub',
  selectedCount,
  onNewFolder,
  onDeleteSelected,
  onClearSelection,
  onUploadFiles,
}: HubToolbarProps) {
  const [newAnchor, setNewAnchor] = useState<HTMLElement | null>(null);
  const [selectionAnchor, setSelectionAnchor] = useState<HTMLElement | null>(null);
  const [isGprScanOpen, setIsGprScanOpen] = useState(false);
  const [isThreeDModelOpen, setIsThreeDModelOpen] = useState(false);
  const [isBuildingOpen, setIsBuildingOpen] = useState(false);
  const labelingPath = folderId ? `/labelers/gpr-scans?nodeId=${folderId}` : '/labelers/gpr-scans';

  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexShrink: 0 }}>
      {screen === 'large' && isBuilt('labeling') && (
        <Button
          component={OrgLink}
          to={labelingPath}
          variant="text"
          startIcon={<LabelRoundedIcon />}
          data-testid="hub-start-labeling"
        >
          Start labeling session
        </Button>
      )}
      {selectedCount > 0 && (
        <>
          <Button
            variant="outlined"
            color="inherit"
            endIcon={<ExpandMoreRoundedIcon />}
            onClick={(event) => setSelectionAnchor(event.currentTarget)}
            aria-haspopup="menu"
            aria-expanded={Boolean(selectionAnchor)}
            data-testid="hub-selection-button"
            sx={{ borderColor: 'divider', whiteSpace: 'nowrap' }}
          >
            {`${selectedCount} selected`}
          </Button>
          <Menu
            anchorEl={selectionAnchor}
            open={Boolean(selectionAnchor)}
            onClose={() => setSelectionAnchor(null)}
            anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
            transformOrigin={{ vertical: 'top', horizontal: 'right' }}
            slotProps={{ paper: { sx: { minWidth: 200, mt: 0.5 } } }}
          >
            <MenuItem
              onClick={() => {
                setSelectionAnchor(null);
                onDeleteSelected();
              }}
              sx={{ color: 'error.main' }}
              data-testid="hub-delete-selected"
            >
              <ListItemIcon sx={{ color: 'inherit' }}>
                <DeleteOutlineRoundedIcon fontSize="small" />
              </ListItemIcon>
              <ListItemText>Delete</ListItemText>
            </MenuItem>
            <Divider />
            <MenuItem
              onClick={() => {
                setSelectionAnchor(null);
                onClearSelection();
              }}
            >
              <ListItemIcon>
                <DeselectRoundedIcon fontSize="small" />
              </ListItemIcon>
              <ListItemText>Clear selection</ListItemText>
            </MenuItem>
          </Menu>
        </>
      )}
      <Button
        variant="contained"
        startIcon={<AddRoundedIcon />}
        endIcon={<ExpandMoreRoundedIcon />}
        onClick={(event) => setNewAnchor(event.currentTarget)}
        aria-haspopup="menu"
        aria-expanded={Boolean(newAnchor)}
        data-testid="hub-new-button"
      >
        New
      </Button>
      <Menu
        anchorEl={newAnchor}
        open={Boolean(newAnchor)}
        onClose={() => setNewAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { minWidth: 220, mt: 0.5 } } }}
      >
        <MenuItem
          onClick={() => {
            setNewAnchor(null);
            onNewFolder();
          }}
          data-testid="hub-new-folder"
        >
          <ListItemIcon>
            <CreateNewFolderRoundedIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>Folder</ListItemText>
        </MenuItem>
        <MenuItem
          onClick={() => {
            setNewAnchor(null);
            setIsGprScanOpen(true);
          }}
          data-testid="hub-new-gpr-scan"
        >
          <ListItemIcon>
            <SensorsRoundedIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>GPR scan</ListItemText>
        </MenuItem>
        {isBuilt('threeDModels') && (
          <MenuItem
            onClick={() => {
              setNewAnchor(null);
              setIsThreeDModelOpen(true);
            }}
            data-testid="hub-new-3d-model"
          >
            <ListItemIcon>
              <ViewInArRoundedIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>3D model</ListItemText>
          </MenuItem>
        )}
        {isBuilt('buildings') && (
          <MenuItem
            onClick={() => {
              setNewAnchor(null);
              setIsBuildingOpen(true);
            }}
            data-testid="hub-new-building"
          >
            <ListItemIcon>
              <ApartmentRoundedIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>Building</ListItemText>
          </MenuItem>
        )}
        {isBuilt('files') && onUploadFiles && (
          <MenuItem
            onClick={() => {
              setNewAnchor(null);
              onUploadFiles();
            }}
            data-testid="hub-upload-files"
          >
            <ListItemIcon>
              <UploadFileRoundedIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>Upload files</ListItemText>
          </MenuItem>
        )}
      </Menu>
      <NewBuildingDialog
        isOpen={isBuildingOpen}
        parentId={folderId}
        parentName={folderName}
        onClose={() => setIsBuildingOpen(false)}
      />
      <NewGprScanDialog
        isOpen={isGprScanOpen}
        parentId={folderId}
        parentName={folderName}
        onClose={() => setIsGprScanOpen(false)}
      />
      <NewThreeDModelDialog
        isOpen={isThreeDModelOpen}
        parentId={folderId}
        parentName={folderName}
        onClose={() => setIsThreeDModelOpen(false)}
      />
    </Stack>
  );
}
