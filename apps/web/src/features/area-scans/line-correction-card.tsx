import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { GprScan } from '@gprhub/contract';
import { useMemo, type ReactNode } from 'react';
import { useAutoAnalysis } from '../analyses/use-analysis-by-input';
import { RebarsTab } from '../gpr-scans/rebars-tab';

/**
 * The correction of one line of an area scan or a dual-orientation pair: the GPR scan page's Rebars editor
 * (same toolbar, edit mode, save and reset rules), starting from what the area or pair found on this line.
 * The correction is the line's own (LINE_SCAN_REBAR_2 of the scan), saved against its own analysis' run.
 */
export function LineCorrectionCard({
  scan,
  title,
  description,
  baseResults,
  testId,
}: {
  scan: GprScan;
  title: ReactNode;
  /** What the correction feeds (below the title). */
  description: string;
  /** The area's or pair's result for this line; null while it has none. */
  baseResults: Record<string, unknown> | null;
  testId: string;
}) {
  const input = useMemo(() => ({ gprScanNodeId: scan.nodeId }), [scan.nodeId]);
  const analysis = useAutoAnalysis('LINE_SCAN_REBAR_2', input);
  return (
    <Card variant="outlined" data-testid={testId} data-line-node-id={scan.nodeId}>
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
        <Typography variant="subtitle1" component="div">
          {title}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {description}
        </Typography>
        <RebarsTab
          key={scan.nodeId}
          scan={scan}
          analysis={analysis}
          baseResults={baseResults}
          isEmbedded
          testId={`${testId}-editor`}
        />
      </CardContent>
    </Card>
  );
}
