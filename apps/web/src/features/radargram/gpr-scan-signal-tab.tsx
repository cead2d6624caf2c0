import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { ScanPreview } from '../area-scans/scan-preview';
import { HyperbolaPanel } from './hyperbola-panel';
import { RadargramView } from './radargram-view';
import { SignalOptionsPanel } from './signal-options-panel';
import { useHyperbolaEditor } from './use-hyperbola-editor';
import { useHyperbolaKeyboard } from './use-hyperbola-keyboard';
import { useHyperbolaOverlay } from './use-hyperbola-overlay';
import { useHyperbolaConfidence, useSignalSettings } from './use-signal-settings';

/**
 * The GPR scan page's "GPR scan signal" tab (seed 000 §2, §4, §5): the radargram with its axes, the option
 * panel, the hyperbolas of the detection with the confidence threshold and their editing, and the scan
 * preview with its states.
 */
export function GprScanSignalTab({ scanId }: { scanId: string }) {
  const [settings, updateSettings] = useSignalSettings();
  const [threshold, setThreshold] = useHyperbolaConfidence();
  const editor = useHyperbolaEditor(scanId);
  const [layers, setLayers] = useState({ analysis: true, corrected: true });
  // A correction, once known, is shown instead of the analysis (seed 000 §4 correction view).
  const hasCorrection = editor.hasCorrection;
  const [layersFor, setLayersFor] = useState<boolean | null>(null);
  useEffect(() => {
    if (editor.correction.isLoading || layersFor === hasCorrection) return;
    setLayersFor(hasCorrection);
    setLayers({ analysis: !hasCorrection, corrected: true });
  }, [hasCorrection, editor.correction.isLoading, layersFor]);

  const { overlay, shownCount } = useHyperbolaOverlay(editor, {
    threshold,
    permittivity: settings.permittivity,
    layers,
  });
  useHyperbolaKeyboard(editor);

  return (
    <Box
      sx={{ display: 'grid', gap: 2 }}
      data-testid="gpr-scan-signal-tab"
      data-scan-id={scanId}
      data-selected={editor.selectedId ?? ''}
      data-dirty={String(editor.isDirty)}
    >
      <Card variant="outlined" sx={{ p: 1.5, bgcolor: 'background.paper' }}>
        <RadargramView scanId={scanId} settings={settings} overlay={overlay} label="GPR scan signal" />
      </Card>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          alignItems: 'start',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
        }}
      >
        <SignalOptionsPanel settings={settings} onChange={updateSettings} />
        <Box sx={{ display: 'grid', gap: 2 }}>
          <HyperbolaPanel
            editor={editor}
            threshold={threshold}
            onThreshold={setThreshold}
            layers={layers}
            onLayers={setLayers}
            shownCount={shownCount}
          />
          <Card variant="outlined" sx={{ p: 2 }} data-testid="signal-preview">
            <Typography variant="subtitle2" sx={{ mb: 1 }}>
              Preview
            </Typography>
            <ScanPreview scanId={scanId} label="the GPR scan" />
          </Card>
        </Box>
      </Box>
    </Box>
  );
}
