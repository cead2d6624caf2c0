import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import type { Analysis, Node } from '@gprhub/contract';
import { useMemo } from 'react';
import { OrgLink } from '../../components/org-link';
import { NodeNameCell } from '../nodes/node-name-cell';
import { useNodes } from '../nodes/nodes-api';
import { getAnalysisInputNodeIds } from './analysis-input-key';

/** Roles of the second input of the dual-orientation types. */
const SECOND_INPUT_LABEL = 'Perpendicular';

/**
 * The input nodes of some analyses (their scans), fetched in one call by id, for names and links. Keyed
 * under `nodes`, so renaming or deleting a scan anywhere refreshes them.
 */
export function useAnalysisInputNodes(analyses: readonly Analysis[]): Map<string, Node> {
  const ids = useMemo(() => {
    const all = new Set<string>();
    for (const analysis of analyses) {
      for (const id of getAnalysisInputNodeIds(analysis.analysisType, analysis.analysisInput)) all.add(id);
      if (analysis.parentId) all.add(analysis.parentId);
    }
    return [...all].sort();
  }, [analyses]);
  const nodes = useNodes(
    { filter: { nodeIdIn: ids }, limit: Math.max(ids.length, 1), skip: 0 },
    { enabled: ids.length > 0 },
  );
  return useMemo(() => new Map((nodes.data?.nodes ?? []).map((node) => [node.nodeId, node])), [nodes.data]);
}

/** Where an analysis' input opens when its node is not loaded (yet): the hub sends it to its screen. */
export function getInputFallbackPath(analysis: Pick<Analysis, 'parentId'>): string | null {
  return analysis.parentId ? `/hub/${analysis.parentId}` : null;
}

/**
 * The scan an analysis analyses, as a link to its screen (a new tab, as node links open); the second scan
 * of a dual-orientation input is named below it.
 */
export function AnalysisInput({ analysis, nodes }: { analysis: Analysis; nodes: Map<string, Node> }) {
  const [mainId, secondId] = getAnalysisInputNodeIds(analysis.analysisType, analysis.analysisInput);
  const main = nodes.get(mainId ?? analysis.parentId ?? '');
  const second = secondId ? nodes.get(secondId) : undefined;
  const fallback = getInputFallbackPath(analysis);
  return (
    <Box
      data-testid="analysis-input"
      data-node-id={mainId ?? analysis.parentId ?? ''}
      sx={{ minWidth: 0, display: 'flex', alignItems: 'center', height: '100%' }}
    >
      {main ? (
        <NodeNameCell node={main} secondary={second ? `${SECOND_INPUT_LABEL}: ${second.name}` : undefined} />
      ) : fallback ? (
        <Link component={OrgLink} to={fallback} underline="hover" sx={{ fontSize: 14 }}>
          Open input
        </Link>
      ) : (
        <Box component="span" sx={{ color: 'text.disabled', fontSize: 14 }}>
          —
        </Box>
      )}
    </Box>
  );
}
