import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import type { GprScan } from '@gprhub/contract';
import { useCallback, useEffect, useMemo } from 'react';
import { getErrorMessage } from '../../api/api-error';
import { useAnalysisCorrection } from '../analyses/use-analysis-correction';
import { useLocalPreference } from '../node-details/use-local-preference';
import { normalizeCoverRange } from './cover-range';
import { CoverRangeSlider } from './cover-range-slider';
import type { RebarLabelToggles } from './draw-rebar-view';
import { getRebarCover, getRebarX, readLineRebars } from './line-rebars';
import { RebarAnalysisStatus, type RebarAnalysisState } from './rebar-analysis-status';
import { RebarCanvas } from './rebar-canvas';
import { RebarEditBar } from './rebar-edit-bar';
import { PermittivityCard } from './permittivity-card';
import { RebarStatCards } from './rebar-stat-cards';
import { computeLineRebarStatistics } from './rebar-statistics';
import { RebarToolbar } from './rebar-toolbar';
import { SelectedRebarPanel } from './selected-rebar-panel';
import { useRebarEditor } from './use-rebar-editor';
import { useRebarKeyboard } from './use-rebar-keyboard';
import { useSignalLayer } from './use-signal-layer';

const ANALYSIS_TYPE = 'LINE_SCAN_REBAR_2';
/** Local preference keys (spec §3 "canvas label toggles", "depth range per node"). */
export const LABELS_PREFERENCE_KEY = 'gprhub.rebar-view.labels';
export const SIGNAL_PREFERENCE_KEY = 'gprhub.rebar-view.signal';
export const coverRangePreferenceKey = (nodeId: string) => `gprhub.depth-range.${nodeId}`;
const DEFAULT_LABELS: RebarLabelToggles = { diameter: true, cover: true, distance: false };

export interface RebarsTabProps {
  scan: GprScan;
  /** The LINE_SCAN_REBAR_2 analysis of the scan (from `useAutoAnalysis`, shared with the page). */
  analysis: RebarAnalysisState;
  /**
   * The results this view calls "the analysis" when the line is shown inside an area scan or a
   * dual-orientation pair: that analysis' result for this line (its bars in the line's own coordinates, and
   * what places the signal), so the editor starts from, and resets to, what the area or pair shows. Absent:
   * the line's own analysis. The correction is the line's one correction either way (saved on its own
   * analysis), so the GPR scan page and the area or pair show the same corrected bars.
   */
  baseResults?: Record<string, unknown> | null;
  /** Inside another page: no analysis status or permittivity card of its own. */
  isEmbedded?: boolean;
  testId?: string;
}

/**
 * The Rebars tab (spec §2, §4): the engine's bars and the user's correction on a cross-section of the scan,
 * the cover range filter, edit mode and the stat cards.
 */
export function RebarsTab({
  scan,
  analysis,
  baseResults,
  isEmbedded = false,
  testId = 'rebars-tab',
}: RebarsTabProps) {
  const input = useMemo(() => ({ gprScanNodeId: scan.nodeId }), [scan.nodeId]);
  const correction = useAnalysisCorrection(ANALYSIS_TYPE, input);
  const [labels, setLabels] = useLocalPreference<RebarLabelToggles>(LABELS_PREFERENCE_KEY, DEFAULT_LABELS);
  const [storedRange, setStoredRange] = useLocalPreference<unknown>(
    coverRangePreferenceKey(scan.nodeId),
    [0, 0.6],
  );
  const coverRange = useMemo(() => normalizeCoverRange(storedRange), [storedRange]);
  const [showSignal, setShowSignal] = useLocalPreference<boolean>(SIGNAL_PREFERENCE_KEY, true);

  const results = baseResults !== undefined ? baseResults : (analysis.data?.results ?? null);
  const analysisBars = useMemo(() => readLineRebars(results?.rebars), [results]);
  const persistedBars = useMemo(() => {
    const rebars = correction.correction?.correctedAnalysisResults.rebars;
    return rebars ? readLineRebars(rebars) : null;
  }, [correction.correction]);
  const editor = useRebarEditor({
    analysisBars,
    persistedBars,
    isCorrectionLoaded: !correction.isLoading,
  });

  const shownBars = editor.showCorrected ? editor.corrected : analysisBars;
  const statistics = useMemo(
    () => computeLineRebarStatistics(shownBars, coverRange),
    [shownBars, coverRange],
  );

  const { markSaved } = editor;
  const run = analysis.data?.analysisRun;
  const save = useCallback(async () => {
    if (!editor.isDirty) return;
    if (editor.isEqualToAnalysis && correction.correction) {
      await correction.remove(correction.correction.id);
    } else {
      if (!run) return;
      await correction.save({
        analysisNodeId: run.analysisNodeId,
        basedOnAnalysisRunId: run.id,
        correctedAnalysisResults: { rebars: [...editor.corrected] },
      });
    }
    markSaved();
  }, [editor.isDirty, editor.isEqualToAnalysis, editor.corrected, correction, run, markSaved]);

  useRebarKeyboard({
    isEnabled: editor.isEditing,
    onEscape: editor.leaveAddMode,
    onEnter: () => void save().catch(() => undefined),
    onDelete: () => editor.selectedId && editor.remove(editor.selectedId),
    onNudge: (dxM, dCoverM) => {
      const bar = editor.corrected.find((b) => b.id === editor.selectedId);
      if (!bar) return false;
      editor.move(bar.id, getRebarX(bar) + dxM, getRebarCover(bar) + dCoverM);
      return true;
    },
  });

  // Leaving the tab or the page leaves add mode; a finished rerun keeps the user's unsaved edits.
  const { leaveAddMode } = editor;
  useEffect(() => leaveAddMode, [leaveAddMode]);

  const hasResults = Boolean(results) && (baseResults !== undefined || run?.status === 'FINISHED');
  const signal = useSignalLayer(scan.nodeId, hasResults ? results : null, showSignal);
  const saveError = correction.saveError ?? correction.removeError;

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }} data-testid={testId}>
      {!isEmbedded && <RebarAnalysisStatus analysis={analysis} />}
      {isEmbedded && editor.isEditing && !run && (
        <Alert severity="info" data-testid="rebar-save-waiting">
          Saving waits for this line&apos;s own analysis to start.
        </Alert>
      )}
      <Card sx={{ p: { xs: 1.5, sm: 2 }, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
          <CoverRangeSlider value={coverRange} onChange={setStoredRange} />
          <RebarToolbar
            labels={labels}
            onLabelsChange={setLabels}
            showSignal={showSignal}
            onShowSignalChange={setShowSignal}
            showAnalysis={editor.showAnalysis}
            onShowAnalysisChange={editor.setShowAnalysis}
            showCorrected={editor.showCorrected}
            onShowCorrectedChange={editor.setShowCorrected}
            isEditing={editor.isEditing}
            onEditingChange={editor.setIsEditing}
            hasCorrection={Boolean(correction.correction)}
          />
        </Box>
        {editor.isEditing && (
          <RebarEditBar
            isDirty={editor.isDirty}
            isAdding={editor.isAdding}
            isSaving={correction.isSaving || correction.isRemoving}
            isSaved={correction.isSaved}
            isEqualToAnalysis={editor.isEqualToAnalysis}
            onSave={() => void save().catch(() => undefined)}
            onCancel={editor.cancel}
            onAddChange={editor.setIsAdding}
            onReset={editor.resetToAnalysis}
          />
        )}
        {signal.error !== null && signal.error !== undefined && showSignal && (
          <Alert severity="warning" data-testid="rebar-signal-error">
            GPR signal unavailable: {getErrorMessage(signal.error)}
          </Alert>
        )}
        {saveError && (
          <Alert severity="error" data-testid="rebar-save-error">
            {getErrorMessage(saveError)}
          </Alert>
        )}
        {editor.isEditing && (
          // A slot of constant height: selecting a bar must not move the canvas under the pointer.
          <Box sx={{ minHeight: 66, display: 'flex', alignItems: 'center' }}>
            {editor.selected ? (
              <SelectedRebarPanel
                rebar={editor.selected}
                onDiameterChange={(mm) => editor.setDiameter(editor.selected!.id, mm)}
                onRemove={() => editor.remove(editor.selected!.id)}
              />
            ) : (
              <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="rebar-edit-hint">
                Click a bar to select it, drag it to move it. Enter saves, Delete removes the selected bar,
                Esc deselects.
              </Typography>
            )}
          </Box>
        )}
        <Box
          data-testid="rebar-view"
          data-rebar-count={shownBars.length}
          data-analysis-count={analysisBars.length}
          data-corrected-count={editor.showCorrected ? editor.corrected.length : ''}
          data-has-correction={correction.correction ? 'true' : 'false'}
          data-dirty={editor.isDirty ? 'true' : 'false'}
          data-signal={signal.layer ? 'shown' : signal.isLoading ? 'loading' : 'off'}
          sx={{ opacity: hasResults ? 1 : 0.5, transition: 'opacity 200ms' }}
        >
          <RebarCanvas
            scanLengthM={scan.scanLength}
            signal={signal.layer}
            analysisBars={editor.showAnalysis ? analysisBars : null}
            correctedBars={editor.showCorrected ? editor.corrected : null}
            countedIds={statistics.countedIds}
            coverRangeM={coverRange}
            labels={labels}
            selectedId={editor.selectedId}
            isEditing={editor.isEditing}
            isAdding={editor.isAdding}
            onSelect={editor.select}
            onMove={editor.move}
            onAdd={editor.add}
          />
        </Box>
      </Card>
      {hasResults && <RebarStatCards statistics={statistics} />}
      {hasResults && !isEmbedded && (
        <PermittivityCard
          analysisType={ANALYSIS_TYPE}
          input={{ gprScanNodeId: scan.nodeId }}
          results={results}
          pointLabel="Measured bar"
          points={analysisBars.map((bar) => ({
            id: bar.id,
            label: `x ${getRebarX(bar).toFixed(3)} m, cover ${(getRebarCover(bar) * 1000).toFixed(1)} mm`,
            position: { xM: getRebarX(bar) },
          }))}
        />
      )}
    </Box>
  );
}
