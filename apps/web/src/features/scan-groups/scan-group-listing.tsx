import Card from '@mui/material/Card';
import { DataGrid } from '@mui/x-data-grid';
import type { GridColDef, GridPaginationModel, GridSortModel } from '@mui/x-data-grid';
import type { Node, NodeQuery } from '@gprhub/contract';
import { DEFAULT_QUERY_LIMIT, NODE_TYPE_LABELS } from '@gprhub/contract';
import { useMemo, useState } from 'react';
import { COMPACT_PAGINATION_SX } from '../../components/grid-styles';
import { formatDateTime } from '../../lib/format-date';
import { NodeNameCell } from '../nodes/node-name-cell';
import { useNodes } from '../nodes/nodes-api';
import { isInteractiveClick, useOpenNode } from '../nodes/use-open-node';

const DEFAULT_SORT: GridSortModel = [{ field: 'name', sort: 'asc' }];

const COLUMNS: GridColDef<Node>[] = [
  {
    field: 'name',
    headerName: 'Name',
    flex: 1,
    minWidth: 220,
    renderCell: ({ row }) => <NodeNameCell node={row} />,
  },
  {
    field: 'type',
    headerName: 'Type',
    width: 170,
    valueGetter: (_, row) => NODE_TYPE_LABELS[row.type],
  },
  {
    field: 'createdAt',
    headerName: 'Created at',
    width: 190,
    valueFormatter: (value: string) => formatDateTime(value),
  },
];

/**
 * The scans and child groups of a group (node types GPR_SCAN and GPR_SCAN_GROUP), paged and sorted by the
 * server; a row opens the scan (in a new tab, the app's default for node screens).
 */
export function ScanGroupListing({ groupId }: { groupId: string }) {
  const [paginationModel, setPaginationModel] = useState<GridPaginationModel>({
    page: 0,
    pageSize: DEFAULT_QUERY_LIMIT,
  });
  const [sortModel, setSortModel] = useState<GridSortModel>(DEFAULT_SORT);
  const openNode = useOpenNode();
  const query = useMemo((): Partial<NodeQuery> => {
    const sort = sortModel[0];
    return {
      filter: { parentId: groupId, typeIn: ['GPR_SCAN', 'GPR_SCAN_GROUP'] },
      limit: paginationModel.pageSize,
      skip: paginationModel.page * paginationModel.pageSize,
      ...(sort?.sort ? { sort: { field: sort.field as 'name', direction: sort.sort } } : {}),
    };
  }, [groupId, paginationModel, sortModel]);
  const nodes = useNodes(query);
  return (
    <Card variant="outlined">
      <DataGrid
        data-testid="scan-group-grid"
        rows={nodes.data?.nodes ?? []}
        rowCount={nodes.data?.total ?? 0}
        getRowId={(row) => row.nodeId}
        columns={COLUMNS}
        loading={nodes.isLoading}
        paginationMode="server"
        sortingMode="server"
        paginationModel={paginationModel}
        onPaginationModelChange={setPaginationModel}
        sortModel={sortModel}
        onSortModelChange={setSortModel}
        pageSizeOptions={[10, 20, 50, 100]}
        disableColumnFilter
        disableRowSelectionOnClick
        onRowClick={(params, event) => {
          if (!isInteractiveClick(event.target)) openNode(params.row);
        }}
        localeText={{ noRowsLabel: 'This group holds no scans.' }}
        sx={{ border: 0, '& .MuiDataGrid-row': { cursor: 'pointer' }, ...COMPACT_PAGINATION_SX }}
        autoHeight
      />
    </Card>
  );
}
