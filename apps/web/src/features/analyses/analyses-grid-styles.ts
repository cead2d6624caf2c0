import { DIVIDED_FLUSH_GRID_SX } from '../../components/grid-styles';

/**
 * The analyses grid: an open analysis' panel is a full-width row of its own (the free grid has no detail
 * panels), so that row drops the grid's cell look (padding, nowrap, focus ring, hover) and tints itself.
 */
export const DETAILS_ROW_SX = {
  ...DIVIDED_FLUSH_GRID_SX,
  '--DataGrid-overlayHeight': '260px',
  '& .analysis-expand-cell': { px: 0.75, justifyContent: 'center' },
  '& .MuiDataGrid-row': { cursor: 'pointer' },
  '& .analysis-row-open, & .analysis-row-open:hover': { bgcolor: 'action.selected' },
  '& .analysis-details-row': {
    cursor: 'default',
    bgcolor: 'action.hover',
    '&:hover, &.Mui-hovered': { bgcolor: 'action.hover' },
  },
  '& .analysis-details-row .MuiDataGrid-cell': {
    p: 0,
    whiteSpace: 'normal',
    alignItems: 'stretch',
    overflow: 'visible',
    '&:focus, &:focus-within': { outline: 'none' },
  },
} as const;
