import ChevronRightRoundedIcon from '@mui/icons-material/ChevronRightRounded';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { getGridSingleSelectOperators } from '@mui/x-data-grid';
import type { GridColDef, GridColumnVisibilityModel } from '@mui/x-data-grid';
import type { Analysis, Node } from '@gprhub/contract';
import { ANALYSIS_TYPE_LABELS, ANALYSIS_TYPES } from '@gprhub/contract';
import { formatDateShort, formatDateTime } from '../../lib/format-date';
import type { ScreenClass } from '../hub/hub-layout';
import { TYPE_FIELD, TYPE_FILTER_OPERATOR } from './analyses-query';
import { AnalysisDetailsCell } from './analysis-details-cell';
import { AnalysisInput } from './analysis-input';
import { AnalysisStatusChip } from './analysis-status-chip';

/** A grid row: an analysis, or the full-width panel of an opened one right below it. */
export type AnalysesGridRow = { id: string; kind: 'analysis' | 'details'; analysis: Analysis };

export const EXPAND_FIELD = 'expand';
export const DETAILS_SUFFIX = ':details';

/** Rows for the grid: each analysis, followed by its details panel when it is open. */
export function buildGridRows(
  analyses: readonly Analysis[],
  isOpen: (nodeId: string) => boolean,
): AnalysesGridRow[] {
  return analyses.flatMap((analysis) => {
    const row: AnalysesGridRow = { id: analysis.nodeId, kind: 'analysis', analysis };
    return isOpen(analysis.nodeId)
      ? [row, { id: `${analysis.nodeId}${DETAILS_SUFFIX}`, kind: 'details' as const, analysis }]
      : [row];
  });
}

/** Columns shown at first: ID is hidden (the columns panel shows it); narrow screens fold input and date into the type cell. */
export function getDefaultColumnVisibility(screen: ScreenClass): GridColumnVisibilityModel {
  return {
    nodeId: false,
    input: screen === 'large',
    createdAt: screen !== 'small',
  };
}

const TYPE_OPERATORS = getGridSingleSelectOperators().filter((op) => op.value === TYPE_FILTER_OPERATOR);

interface ColumnOptions {
  screen: ScreenClass;
  nodes: Map<string, Node>;
  isOpen: (nodeId: string) => boolean;
  onToggle: (nodeId: string) => void;
  /** How many columns are visible: an open analysis' panel spans them all. */
  visibleCount: number;
}

export function getAnalysesColumns({ screen, nodes, isOpen, onToggle, visibleCount }: ColumnOptions) {
  const columns: GridColDef<AnalysesGridRow>[] = [
    {
      field: EXPAND_FIELD,
      headerName: '',
      width: screen === 'small' ? 46 : 56,
      cellClassName: ({ row }) => (row.kind === 'analysis' ? 'analysis-expand-cell' : ''),
      sortable: false,
      filterable: false,
      hideable: false,
      disableColumnMenu: true,
      resizable: false,
      colSpan: (_value, row) => (row.kind === 'details' ? visibleCount : undefined),
      renderCell: ({ row }) =>
        row.kind === 'details' ? (
          <AnalysisDetailsCell analysis={row.analysis} nodes={nodes} />
        ) : (
          <IconButton
            size="small"
            aria-label={isOpen(row.id) ? 'Close analysis' : 'Open analysis'}
            aria-expanded={isOpen(row.id)}
            onClick={(event) => {
              event.stopPropagation();
              onToggle(row.id);
            }}
            data-testid={`analysis-expand-${row.id}`}
          >
            <ChevronRightRoundedIcon
              sx={{ transition: 'transform 150ms', transform: isOpen(row.id) ? 'rotate(90deg)' : 'none' }}
            />
          </IconButton>
        ),
    },
    {
      field: 'status',
      headerName: 'Status',
      width: screen === 'small' ? 118 : 184,
      sortable: false,
      filterable: false,
      valueGetter: (_value, row) => row.analysis.status,
      renderCell: ({ row }) => (
        <AnalysisStatusChip status={row.analysis.status} progress={row.analysis.progress} />
      ),
    },
    {
      field: TYPE_FIELD,
      headerName: 'Type',
      type: 'singleSelect',
      valueOptions: ANALYSIS_TYPES.map((value) => ({ value, label: ANALYSIS_TYPE_LABELS[value] })),
      filterOperators: TYPE_OPERATORS,
      flex: 1,
      minWidth: screen === 'small' ? 150 : 220,
      sortingOrder: ['asc', 'desc'],
      valueGetter: (_value, row) => row.analysis.analysisType,
      renderCell: ({ row }) => <TypeCell analysis={row.analysis} nodes={nodes} screen={screen} />,
    },
    {
      field: 'input',
      headerName: 'Input',
      flex: 1,
      minWidth: 200,
      sortable: false,
      filterable: false,
      renderCell: ({ row }) => <AnalysisInput analysis={row.analysis} nodes={nodes} />,
    },
    {
      field: 'nodeId',
      headerName: 'ID',
      width: 310,
      sortable: false,
      filterable: false,
      valueGetter: (_value, row) => row.analysis.nodeId,
      renderCell: ({ value }) => (
        <Box
          component="span"
          sx={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: 13 }}
        >
          {value as string}
        </Box>
      ),
    },
    {
      field: 'createdAt',
      headerName: 'Created at',
      width: 180,
      filterable: false,
      sortingOrder: ['desc', 'asc'],
      valueGetter: (_value, row) => row.analysis.createdAt,
      valueFormatter: (value: string) => formatDateTime(value),
    },
  ];
  return columns;
}

/** The type's label; where the input column is folded away, the input's name (and on phones the date) below it. */
function TypeCell({
  analysis,
  nodes,
  screen,
}: {
  analysis: Analysis;
  nodes: Map<string, Node>;
  screen: ScreenClass;
}) {
  const input = nodes.get(analysis.parentId ?? '');
  const secondary =
    screen === 'large'
      ? analysis.parentAnalysisNodeId
        ? 'Line of an area scan'
        : null
      : [input?.name, screen === 'small' ? formatDateShort(analysis.createdAt) : null]
          .filter(Boolean)
          .join(' · ');
  return (
    <Box
      sx={{
        minWidth: 0,
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'center',
        height: '100%',
        lineHeight: 1.3,
      }}
    >
      <Typography
        noWrap={screen !== 'small'}
        sx={{
          fontWeight: 500,
          fontSize: 14,
          lineHeight: 1.3,
          ...(screen === 'small' && {
            whiteSpace: 'normal',
            display: '-webkit-box',
            WebkitLineClamp: 2,
            WebkitBoxOrient: 'vertical',
            overflow: 'hidden',
          }),
        }}
        title={analysis.analysisTypeLabel}
        data-testid="analysis-type"
      >
        {ANALYSIS_TYPE_LABELS[analysis.analysisType] ?? analysis.analysisTypeLabel}
      </Typography>
      {secondary && (
        <Typography noWrap variant="caption" sx={{ color: 'text.secondary', lineHeight: 1.3 }}>
          {secondary}
        </Typography>
      )}
    </Box>
  );
}
