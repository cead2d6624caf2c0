import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Analysis, Node } from '@gprhub/contract';
import type { KeyboardEvent, ReactNode } from 'react';
import { CopyButton } from '../../components/copy-button';
import { formatDateTime } from '../../lib/format-date';
import { AnalysisInput } from './analysis-input';
import { AnalysisRuns } from './analysis-runs';
import { SubAnalyses, TYPES_WITH_SUB_ANALYSES } from './sub-analyses';

function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Box component="section" data-testid={testId} sx={{ minWidth: 0 }}>
      <Typography
        variant="overline"
        component="h4"
        sx={{ display: 'block', color: 'text.secondary', mb: 0.75 }}
      >
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function Fact({ label, children, isWide = false }: { label: string; children: ReactNode; isWide?: boolean }) {
  return (
    <Box sx={{ minWidth: 0 }} className={isWide ? 'wide-fact' : undefined}>
      <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Box sx={{ fontSize: 14, minHeight: 32, display: 'flex', alignItems: 'center', minWidth: 0 }}>
        {children}
      </Box>
    </Box>
  );
}

/** Keys typed inside the panel belong to its buttons, not to the grid's cell navigation. */
const keepKeysInside = (event: KeyboardEvent) => event.stopPropagation();

/**
 * An analysis opened in the table: its facts (input, id, dates), its runs (each opening to its jobs), and
 * for area scans the per-line analyses.
 */
export function AnalysisDetails({ analysis, nodes }: { analysis: Analysis; nodes: Map<string, Node> }) {
  const hasSubAnalyses = TYPES_WITH_SUB_ANALYSES.includes(analysis.analysisType);
  return (
    <Box
      data-testid={`analysis-details-${analysis.nodeId}`}
      onKeyDown={keepKeysInside}
      sx={{
        px: { xs: 1.5, sm: 3 },
        py: 2,
        display: 'flex',
        flexDirection: 'column',
        gap: 2.5,
        width: '100%',
        minWidth: 0,
      }}
    >
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', lg: '2fr 3fr 1.5fr 1.5fr' },
          '& > .wide-fact': { gridColumn: { xs: 'span 2', sm: 'span 1' } },
          gap: 1.5,
        }}
      >
        <Fact label="Input" isWide>
          <AnalysisInput analysis={analysis} nodes={nodes} />
        </Fact>
        <Fact label="Analysis ID" isWide>
          <Box
            component="code"
            data-testid="analysis-details-id"
            sx={{
              fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
              fontSize: 12.5,
              overflowWrap: 'anywhere',
            }}
          >
            {analysis.nodeId}
          </Box>
          <CopyButton value={analysis.nodeId} label="Copy analysis ID" />
        </Fact>
        <Fact label="Created at">{formatDateTime(analysis.createdAt)}</Fact>
        <Fact label="Updated at">{formatDateTime(analysis.updatedAt)}</Fact>
      </Box>
      <Section title="Runs">
        <AnalysisRuns analysis={analysis} />
      </Section>
      {hasSubAnalyses && (
        <Section title="Line analyses" testId="sub-analyses-section">
          <SubAnalyses analysis={analysis} />
        </Section>
      )}
    </Box>
  );
}
