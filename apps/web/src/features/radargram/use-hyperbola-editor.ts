import type { AnalysisInput } from '@gprhub/contract';
import { HyperbolaLabelSchema } from '@gprhub/contract';
import { useCallback, useMemo, useState } from 'react';
import { useAnalysisCorrection } from '../analyses/use-analysis-correction';
import { useAutoAnalysis } from '../analyses/use-analysis-by-input';
import {
  addHyperbola,
  areHyperbolaSetsDifferent,
  moveHyperbola,
  removeHyperbola,
  type Hyperbola,
} from './hyperbola-edits';

const EMPTY: Hyperbola[] = [];

/** The detection's hyperbolas, keeping only well-formed labels. */
function readHyperbolas(results: Record<string, unknown> | null | undefined): Hyperbola[] {
  const list = results?.hyperbolas;
  if (!Array.isArray(list)) return EMPTY;
  return list.flatMap((item) => {
    const parsed = HyperbolaLabelSchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

/**
 * The signal tab's hyperbolas: the HYPERBOLA_DETECTION analysis (started automatically), the user's correction,
 * and the edit state (seed 000 §4): a working copy made on the first edit, dirty when it differs from the
 * persisted set, Save / Cancel / Reset to analysis, and the saved indicator for 2 s.
 */
export function useHyperbolaEditor(scanId: string) {
  const input = useMemo<AnalysisInput>(() => ({ gprScanNodeId: scanId }), [scanId]);
  const analysis = useAutoAnalysis('HYPERBOLA_DETECTION', input);
  const correction = useAnalysisCorrection('HYPERBOLA_DETECTION', input);
  const results = analysis.data?.analysisRun?.status === 'FINISHED' ? analysis.data.results : null;
  const analysisHyperbolas = useMemo(() => readHyperbolas(results), [results]);
  const timeZeroS = typeof results?.timeZeroS === 'number' ? results.timeZeroS : null;
  const persisted = correction.correction?.correctedAnalysisResults.hyperbolas ?? null;
  /** What the corrected layer shows when nothing is being edited: the correction, else the analysis. */
  const baseline = persisted ?? analysisHyperbolas;

  const [working, setWorking] = useState<Hyperbola[] | null>(null);
  const [isResetToAnalysis, setIsResetToAnalysis] = useState(false);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [isAddMode, setIsAddMode] = useState(false);
  const corrected = working ?? baseline;
  const isDirty =
    working !== null &&
    (areHyperbolaSetsDifferent(working, baseline) || (isResetToAnalysis && persisted !== null));

  const edit = useCallback(
    (change: (list: Hyperbola[]) => Hyperbola[]) => {
      setWorking((current) => change(current ?? baseline));
    },
    [baseline],
  );

  const cancel = () => {
    setWorking(null);
    setIsResetToAnalysis(false);
    setSelectedId(null);
    setIsAddMode(false);
  };

  const analysisNodeId = analysis.data?.analysis?.nodeId;
  const runId = analysis.data?.analysisRun?.id;
  const save = async () => {
    if (!working || !isDirty) return;
    if (isResetToAnalysis && !areHyperbolaSetsDifferent(working, analysisHyperbolas)) {
      // Saving after 'Reset to analysis' deletes the persisted correction (seed 000 §4).
      if (persisted !== null) await correction.remove();
    } else {
      if (!analysisNodeId || !runId) return;
      await correction.save({
        analysisNodeId,
        basedOnAnalysisRunId: runId,
        correctedAnalysisResults: { hyperbolas: working },
      });
    }
    setWorking(null);
    setIsResetToAnalysis(false);
    setSelectedId(null);
    setIsAddMode(false);
  };

  return {
    analysis,
    correction,
    analysisHyperbolas,
    timeZeroS,
    hasCorrection: persisted !== null,
    corrected,
    isEditing: working !== null,
    isDirty,
    selectedId,
    select: setSelectedId,
    isAddMode,
    setIsAddMode,
    move: (id: string, to: { xIdx: number; tIdx: number }) => edit((list) => moveHyperbola(list, id, to)),
    add: (at: { xIdx: number; tIdx: number }) => {
      const id = crypto.randomUUID();
      edit((list) => addHyperbola(list, at, id));
      setSelectedId(id);
    },
    removeSelected: () => {
      if (!selectedId) return;
      edit((list) => removeHyperbola(list, selectedId));
      setSelectedId(null);
    },
    /** 'Reset to analysis': the analysis' hyperbolas replace the correction (disabled when already equal). */
    canResetToAnalysis:
      areHyperbolaSetsDifferent(corrected, analysisHyperbolas) || (persisted !== null && !isResetToAnalysis),
    resetToAnalysis: () => {
      setWorking(analysisHyperbolas);
      setIsResetToAnalysis(true);
      setSelectedId(null);
    },
    cancel,
    save,
    isSaving: correction.isSaving || correction.isRemoving,
    saveError: correction.saveError ?? correction.removeError,
    isSaved: correction.isSaved,
  };
}

export type HyperbolaEditor = ReturnType<typeof useHyperbolaEditor>;
