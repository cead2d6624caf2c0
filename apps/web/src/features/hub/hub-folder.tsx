import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { GridRowSelectionModel } from '@mui/x-data-grid';
import type { HubPath, Node } from '@gprhub/contract';
import { useCallback, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useOrgNavigate } from '../../components/org-link';
import { useSnackbar } from '../../components/snackbar-provider';
import { isUuid } from '../../lib/uuid';
import { HEADER_HEIGHT } from '../../theme/theme';
import { FileDropZone, type FileDropZoneHandle } from '../files/file-drop-zone';
import { NodeDetailsPanel } from '../node-details/node-details-panel';
import { DETAILS_PARAM, getHubPath } from '../nodes/node-routes';
import { usePrimeHubPath } from '../nodes/nodes-api';
import { DeleteNodesDialog } from './delete-nodes-dialog';
import { HubBreadcrumbs } from './hub-breadcrumbs';
import { HubListing } from './hub-listing';
import { HubSplit } from './hub-split';
import { HubToolbar } from './hub-toolbar';
import { NewFolderDialog } from './new-folder-dialog';
import { useScreenClass } from './use-screen-class';

const EMPTY_SELECTION: GridRowSelectionModel = { type: 'include', ids: new Set() };

/** The page fills the window below the header (minus the layout's 28 px padding top and bottom). */
const FILL_HEIGHT = `calc(100dvh - ${HEADER_HEIGHT}px - 56px)`;

/** A folder (or the top level): breadcrumbs, title, toolbar, listing and the details split. */
export function HubFolder({ folderId, path }: { folderId: string | null; path: HubPath['path'] }) {
  const screen = useScreenClass();
  const navigate = useOrgNavigate();
  const showSnackbar = useSnackbar();
  const primeHubPath = usePrimeHubPath();
  const [searchParams, setSearchParams] = useSearchParams();
  const detailsParam = searchParams.get(DETAILS_PARAM);
  const detailsId = isUuid(detailsParam) ? detailsParam : null;
  const [selection, setSelection] = useState<GridRowSelectionModel>(EMPTY_SELECTION);
  const [isNewFolderOpen, setIsNewFolderOpen] = useState(false);
  const [idsToDelete, setIdsToDelete] = useState<readonly string[] | null>(null);
  const title = path.at(-1)?.name ?? 'Hub';
  const dropZone = useRef<FileDropZoneHandle>(null);

  const setDetails = useCallback(
    (nodeId: string | null) =>
      setSearchParams(
        (params) => {
          const next = new URLSearchParams(params);
          if (nodeId) next.set(DETAILS_PARAM, nodeId);
          else next.delete(DETAILS_PARAM);
          return next;
        },
        { replace: true },
      ),
    [setSearchParams],
  );
  const toggleDetails = useCallback(
    (nodeId: string) => setDetails(nodeId === detailsId ? null : nodeId),
    [detailsId, setDetails],
  );
  const onFolderCreated = (folder: Node) => {
    setIsNewFolderOpen(false);
    primeHubPath(path, folder);
    navigate(getHubPath(folder.nodeId));
  };
  const onDeleted = (nodeIds: readonly string[]) => {
    setIdsToDelete(null);
    setSelection(EMPTY_SELECTION);
    if (detailsId && nodeIds.includes(detailsId)) setDetails(null);
    showSnackbar(nodeIds.length === 1 ? '1 node deleted' : `${nodeIds.length} nodes deleted`, {
      severity: 'success',
      testId: 'hub-deleted-snackbar',
    });
  };

  return (
    <Box
      data-testid="hub-page"
      data-folder-id={folderId ?? ''}
      sx={
        screen === 'small'
          ? undefined
          : { display: 'flex', flexDirection: 'column', height: FILL_HEIGHT, minHeight: 480 }
      }
    >
      <HubBreadcrumbs path={path} screen={screen} />
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          flexWrap: 'wrap',
          gap: 1.5,
          mb: 2.5,
        }}
      >
        <Typography variant="h4" component="h1" noWrap sx={{ minWidth: 0, flex: '1 1 200px' }} title={title}>
          {title}
        </Typography>
        <HubToolbar
          screen={screen}
          folderId={folderId}
          folderName={title}
          selectedCount={selection.ids.size}
          onNewFolder={() => setIsNewFolderOpen(true)}
          onDeleteSelected={() => setIdsToDelete([...selection.ids].map(String))}
          onClearSelection={() => setSelection(EMPTY_SELECTION)}
          onUploadFiles={() => dropZone.current?.pick()}
        />
      </Box>
      <HubSplit
        screen={screen}
        onClosePanel={() => setDetails(null)}
        listing={
          <FileDropZone ref={dropZone} folderId={folderId}>
            <HubListing
              folderId={folderId}
              path={path}
              screen={screen}
              selection={selection}
              onSelectionChange={setSelection}
              detailsId={detailsId}
              onShowDetails={toggleDetails}
              onNewFolder={() => setIsNewFolderOpen(true)}
            />
          </FileDropZone>
        }
        panel={
          detailsId && (
            <NodeDetailsPanel
              key={detailsId}
              nodeId={detailsId}
              onClose={() => setDetails(null)}
              onDeleted={(nodeId) => {
                setDetails(null);
                setSelection((current) => {
                  const ids = new Set(current.ids);
                  ids.delete(nodeId);
                  return { type: 'include', ids };
                });
              }}
            />
          )
        }
      />
      <NewFolderDialog
        isOpen={isNewFolderOpen}
        parentId={folderId}
        parentName={title}
        onClose={() => setIsNewFolderOpen(false)}
        onCreated={onFolderCreated}
      />
      <DeleteNodesDialog nodeIds={idsToDelete} onClose={() => setIdsToDelete(null)} onDeleted={onDeleted} />
    </Box>
  );
}
