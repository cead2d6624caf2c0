import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { DataGrid } from '@mui/x-data-grid';
import type { GridColDef, GridPaginationModel, GridRowSelectionModel, GridSortModel } from '@mui/x-data-grid';
import type { HubPath, Node, NodeQuery } from '@gprhub/contract';
import { DEFAULT_QUERY_LIMIT, NODE_TYPE_LABELS } from '@gprhub/contract';
import { useEffect, useMemo, useState } from 'react';
import { COMPACT_PAGINATION_SX, FLUSH_GRID_SX } from '../../components/grid-styles';
import { formatDateTime } from '../../lib/format-date';
import { NodeNameCell } from '../nodes/node-name-cell';
import { getNodeScreenPath } from '../nodes/node-routes';
import { usePrimeHubPath, useNodes } from '../nodes/nodes-api';
import { isInteractiveClick, useOpenNode } from '../nodes/use-open-node';
import { HubEmptyState, HubLoadError } from './hub-states';
import type { ScreenClass } from './hub-layout';
import { getColumnVisibility } from './hub-layout';

const DEFAULT_SORT: GridSortModel = [{ field: 'createdAt', sort: 'desc' }];
const SORTABLE = new Set(['createdAt', 'type', 'name']);

export interface HubListingProps {
  folderId: string | null;
  /** Breadcrumbs of the folder (empty at the top level), to seed those of the folders it opens. */
  path: HubPath['path'];
  screen: ScreenClass;
  selection: GridRowSelectionModel;
  onSelectionChange: (selection: GridRowSelectionModel) => void;
  detailsId: string | null;
  onShowDetails: (nodeId: string) => void;
  onNewFolder: () => void;
}

function itemCount(count: number | undefined): string | undefined {
  if (count === undefined) return undefined;
  return count === 1 ? '1 item' : `${count} items`;
}

/**
 * The children of a folder (the top level when `folderId` is null): paged and sorted by the
 * server, newest first; multi-row selection; a row opens its node, the info button its details.
 */
export function HubListing({
  folderId,
  path,
  screen,
  selection,
  onSelectionChange,
  detailsId,
  onShowDetails,
  onNewFolder,
}: HubListingProps) {
  const [paginationModel, setPaginationModel] = useState<GridPaginationModel>({
    page: 0,
    pageSize: DEFAULT_QUERY_LIMIT,
  });
  const [sortModel, setSortModel] = useState<GridSortModel>(DEFAULT_SORT);
  const query = useMemo(() => {
    const sort = sortModel[0] ?? DEFAULT_SORT[0]!;
    return {
      filter: { parentId: folderId },
      includeChildrenMap: true,
      limit: paginationModel.pageSize,
      skip: paginationModel.page * paginationModel.pageSize,
      sort: {
        field: (SORTABLE.has(sort.field) ? sort.field : 'createdAt') as NodeQuery['sort']['field'],
        direction: sort.sort === 'asc' ? ('asc' as const) : ('desc' as const),
      },
    };
  }, [folderId, paginationModel, sortModel]);
  const nodes = useNodes(query);
  const openNode = useOpenNode();
  const primeHubPath = usePrimeHubPath();
  const childrenMap = nodes.data?.childrenMap;
  const total = nodes.data?.total;

  // After deleting the last rows of the last page, step back to the page that still has rows.
  useEffect(() => {
    if (total === undefined || total === 0) return;
    const lastPage = Math.max(0, Math.ceil(total / paginationModel.pageSize) - 1);
    if (paginationModel.page > lastPage) setPaginationModel((model) => ({ ...model, page: lastPage }));
  }, [total, paginationModel]);

  const open = (node: Node, isNewTab = false) => {
    if (node.type === 'FOLDER' && !isNewTab) primeHubPath(path, node);
    if (node.type !== 'FOLDER' && !getNodeScreenPath(node)) onShowDetails(node.nodeId);
    else openNode(node, { isNewTab });
  };

  const columns = useMemo<GridColDef<Node>[]>(
    () => [
      {
        field: 'name',
        headerName: 'Name',
        flex: 1.6,
        minWidth: 130,
        sortingOrder: ['asc', 'desc'],
        renderCell: ({ row }) => (
          <NodeNameCell
            node={row}
            onNavigate={() => row.type === 'FOLDER' && primeHubPath(path, row)}
            secondary={screen === 'small' ? NODE_TYPE_LABELS[row.type] : undefined}
          />
        ),
      },
      {
        field: 'type',
        headerName: 'Type',
        flex: 1,
        minWidth: 110,
        maxWidth: 220,
        sortingOrder: ['asc', 'desc'],
        renderCell: ({ row }) => (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0, height: '100%' }}>
            <Typography noWrap variant="body2">
              {NODE_TYPE_LABELS[row.type]}
            </Typography>
            {row.type === 'FOLDER' && (
              <Typography noWrap variant="caption" sx={{ color: 'text.secondary' }}>
                {itemCount(childrenMap?.[row.nodeId])}
              </Typography>
            )}
          </Box>
        ),
      },
      {
        field: 'createdAt',
        headerName: 'Created at',
        width: 180,
        sortingOrder: ['desc', 'asc'],
        valueFormatter: (value: string) => formatDateTime(value),
      },
      {
        field: 'details',
        headerName: '',
        width: 52,
        sortable: false,
        disableColumnMenu: true,
        align: 'right',
        renderCell: ({ row }) => (
          <Tooltip title="Details">
            <IconButton
              size="small"
              aria-label={`Details of ${row.name}`}
              aria-pressed={detailsId === row.nodeId}
              color={detailsId === row.nodeId ? 'primary' : 'default'}
              onClick={() => onShowDetails(row.nodeId)}
              data-testid="hub-row-details"
            >
              <InfoOutlinedIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        ),
      },
    ],
    [childrenMap, detailsId, onShowDetails, path, primeHubPath, screen],
  );
  const columnVisibilityModel = useMemo(
    () => getColumnVisibility(screen, ['name', 'type', 'createdAt']),
    [screen],
  );

  if (nodes.isError && !nodes.data) return <HubLoadError onRetry={() => void nodes.refetch()} />;
  if (total === 0 && paginationModel.page === 0)
    return <HubEmptyState isTopLevel={folderId === null} onNewFolder={onNewFolder} />;

  const isFilling = screen !== 'small';
  return (
    <Card
      data-testid="hub-grid"
      sx={{
        ...(isFilling && { flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }),
        ...COMPACT_PAGINATION_SX,
      }}
    >
      <DataGrid
        label="Folder contents"
        rows={nodes.data?.nodes ?? []}
        getRowId={(row) => row.nodeId}
        columns={columns}
        columnVisibilityModel={columnVisibilityModel}
        rowCount={total ?? 0}
        loading={!nodes.data || nodes.isPlaceholderData}
        paginationMode="server"
        sortingMode="server"
        paginationModel={paginationModel}
        onPaginationModelChange={setPaginationModel}
        sortModel={sortModel}
        onSortModelChange={(model) => setSortModel(model.length ? model : DEFAULT_SORT)}
        pageSizeOptions={[10, 20, 50, 100]}
        checkboxSelection
        disableRowSelectionOnClick
        disableRowSelectionExcludeModel
        keepNonExistentRowsSelected
        rowSelectionModel={selection}
        onRowSelectionModelChange={onSelectionChange}
        onRowClick={({ row }, event) => {
          if (isInteractiveClick(event.target)) return;
          open(row, event.ctrlKey || event.metaKey);
        }}
        onCellKeyDown={({ row, field }, event) => {
          if (event.key === 'Enter' && field !== '__check__' && field !== 'details') open(row);
        }}
        getRowClassName={({ id }) => (id === detailsId ? 'hub-row--details' : '')}
        disableColumnFilter
        autoHeight={!isFilling}
        rowHeight={screen === 'small' ? 60 : 52}
        localeText={{ noRowsLabel: 'Nothing here' }}
        slotProps={{ loadingOverlay: { variant: 'linear-progress', noRowsVariant: 'skeleton' } }}
        sx={{
          ...FLUSH_GRID_SX,
          ...(isFilling ? { flex: 1, minHeight: 0 } : { minHeight: 240 }),
          '& .MuiDataGrid-row': { cursor: 'pointer' },
          '& .hub-row--details': { bgcolor: 'action.selected' },
          '& .MuiDataGrid-cell:focus, & .MuiDataGrid-cell:focus-within': { outline: 'none' },
          '& .MuiDataGrid-columnHeader:focus, & .MuiDataGrid-columnHeader:focus-within': { outline: 'none' },
        }}
      />
    </Card>
  );
}
