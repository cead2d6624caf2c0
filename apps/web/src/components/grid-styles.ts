/**
 * For a Card around a Data Grid: in a narrow grid (a phone, or a listing beside a side panel) the
 * "Rows per page" picker gives way, so that the page range and arrows stay visible.
 */
export const COMPACT_PAGINATION_SX = {
  containerType: 'inline-size',
  '@container (max-width: 520px)': {
    // Three classes deep: the grid's own rule that shows them from 600 px up has two.
    '& .MuiTablePagination-root .MuiTablePagination-selectLabel, & .MuiTablePagination-root .MuiTablePagination-input':
      { display: 'none' },
    '& .MuiTablePagination-toolbar': { pl: 1 },
  },
} as const;

/** A Data Grid flush inside a Card (no frame of its own), under a {@link CardGridTitle} when `divided`. */
export const FLUSH_GRID_SX = {
  border: 0,
  borderRadius: 0,
  '--DataGrid-containerBackground': 'transparent',
} as const;

/** {@link FLUSH_GRID_SX} with a rule between the card's title and the grid. */
export const DIVIDED_FLUSH_GRID_SX = { ...FLUSH_GRID_SX, borderTop: 1, borderColor: 'divider' } as const;
