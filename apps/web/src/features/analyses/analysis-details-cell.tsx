import Box from '@mui/material/Box';
import { gridDimensionsSelector, useGridApiContext, useGridSelector } from '@mui/x-data-grid';
import type { Analysis, Node } from '@gprhub/contract';
import { AnalysisDetails } from './analysis-details';

/**
 * The open analysis' row content. The row spans every column, which may be wider than the grid when the
 * user shows many columns: the panel keeps the visible width and sticks to the left edge, so it never
 * scrolls out of view sideways.
 */
export function AnalysisDetailsCell({ analysis, nodes }: { analysis: Analysis; nodes: Map<string, Node> }) {
  const apiRef = useGridApiContext();
  const { viewportInnerSize } = useGridSelector(apiRef, gridDimensionsSelector);
  return (
    <Box
      sx={{
        position: 'sticky',
        left: 0,
        width: viewportInnerSize.width > 0 ? `${viewportInnerSize.width}px` : '100%',
        maxWidth: '100%',
        minWidth: 0,
        display: 'flex',
      }}
    >
      <AnalysisDetails analysis={analysis} nodes={nodes} />
    </Box>
  );
}
