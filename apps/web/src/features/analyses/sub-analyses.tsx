import ChevronRightRoundedIcon from '@mui/icons-material/ChevronRightRounded';
import OpenInNewRoundedIcon from '@mui/icons-material/OpenInNewRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Collapse from '@mui/material/Collapse';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Analysis, AnalysisType, Node } from '@gprhub/contract';
import { useMemo } from 'react';
import { OrgLink } from '../../components/org-link';
import { getNodeTarget } from '../nodes/node-routes';
import { useSubAnalyses } from './analyses-api';
import { useExpanded } from './analyses-expansion';
import { useAnalysisInputNodes } from './analysis-input';
import { AnalysisRuns } from './analysis-runs';
import { AnalysisStatusChip } from './analysis-status-chip';

/** Types whose runs leave per-line analyses (seed 001 §2: "Some analysis types show sub-analyses"). */
export const TYPES_WITH_SUB_ANALYSES: readonly AnalysisType[] = [
  'AREA_SCAN_REBAR_2',
  'AREA_SCAN_DUAL_ORIENTATION_REBAR_2',
];

/** An area-scan analysis' per-line analyses (L001, L002, …), each opening to its own runs and jobs. */
export function SubAnalyses({ analysis }: { analysis: Analysis }) {
  const subs = useSubAnalyses(analysis.nodeId);
  const list = useMemo(() => subs.data?.analyses ?? [], [subs.data]);
  // The server lists them in the order of the lines (CSV line number, scan number, name); sorting here by
  // names that load later would reorder the list while it is being read.
  const nodes = useAnalysisInputNodes(list);
  if (subs.isPending) return <Skeleton variant="rounded" height={44} />;
  if (subs.isError) return <Alert severity="error">Error loading data</Alert>;
  if (list.length === 0) {
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="sub-analyses-empty">
        Each line gets its own analysis when a run of this area scan finishes.
      </Typography>
    );
  }
  return (
    <Stack spacing={1} data-testid={`sub-analyses-${analysis.nodeId}`}>
      {list.map((sub) => (
        <SubAnalysisItem key={sub.nodeId} analysis={sub} nodes={nodes} />
      ))}
    </Stack>
  );
}

function SubAnalysisItem({ analysis, nodes }: { analysis: Analysis; nodes: Map<string, Node> }) {
  const [isOpen, toggle] = useExpanded(`sub:${analysis.nodeId}`);
  const line = nodes.get(analysis.parentId ?? '');
  return (
    <Box
      data-testid={`sub-analysis-${analysis.nodeId}`}
      sx={{ border: 1, borderColor: 'divider', borderRadius: '12px', bgcolor: 'background.paper' }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', pr: 1.5 }}>
        <ButtonBase
          onClick={toggle}
          aria-expanded={isOpen}
          aria-label={`${isOpen ? 'Close' : 'Open'} the analysis of ${line?.name ?? 'this line'}`}
          data-testid={`sub-analysis-toggle-${analysis.nodeId}`}
          sx={{
            flex: 1,
            justifyContent: 'flex-start',
            gap: 1.25,
            px: 1.5,
            py: 1,
            borderRadius: '12px',
            '&:hover': { bgcolor: 'action.hover' },
          }}
        >
          <ChevronRightRoundedIcon
            fontSize="small"
            sx={{
              color: 'text.secondary',
              transition: 'transform 150ms',
              transform: isOpen ? 'rotate(90deg)' : 'none',
            }}
          />
          <Typography variant="body2" sx={{ fontWeight: 600, minWidth: 48 }}>
            {line?.name ?? 'Line'}
          </Typography>
          <AnalysisStatusChip status={analysis.status} progress={analysis.progress} />
        </ButtonBase>
        {line && <OpenScanLink node={line} />}
      </Box>
      <Collapse in={isOpen} unmountOnExit>
        <Box sx={{ px: 1.5, pb: 1.5, pt: 0.5 }}>
          <AnalysisRuns analysis={analysis} />
        </Box>
      </Collapse>
    </Box>
  );
}

/** The line's own scan page (a new tab, as node links open). */
function OpenScanLink({ node }: { node: Node }) {
  const target = getNodeTarget(node);
  return (
    <Link
      component={OrgLink}
      to={target.href}
      target={target.isNewTab ? '_blank' : undefined}
      rel={target.isNewTab ? 'noopener' : undefined}
      underline="hover"
      data-testid="sub-analysis-scan-link"
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 0.5,
        fontSize: 13,
        fontWeight: 500,
        flexShrink: 0,
      }}
    >
      Open scan
      <OpenInNewRoundedIcon sx={{ fontSize: 14 }} aria-hidden />
    </Link>
  );
}
