import { useCallback, useEffect, useMemo, useState } from 'react';
import type { LineRebar } from './line-rebars';
import { areRebarSetsDifferent, createRebar, moveRebar, setRebarDiameter } from './line-rebars';

export interface RebarEditorInput {
  /** The engine's bars (empty until the analysis has results). */
  analysisBars: readonly LineRebar[];
  /** The saved correction's bars, or null when none is saved. */
  persistedBars: readonly LineRebar[] | null;
  /** Whether the correction query has answered (the view choice waits for it). */
  isCorrectionLoaded: boolean;
}

/**
 * The Rebars tab's correction state (spec §4 "Correction view", "Edit mode", "Dirty state"): which layers
 * show, the edited set, the selected bar and add mode. The persisted set is the saved correction or, when none
 * exists, the engine's result; dirty means the edited set differs from it.
 */
export function useRebarEditor({ analysisBars, persistedBars, isCorrectionLoaded }: RebarEditorInput) {
  const [showAnalysis, setShowAnalysis] = useState(true);
  const [showCorrected, setShowCorrected] = useState(false);
  const [hasChosenView, setHasChosenView] = useState(false);
  const [isEditing, setIsEditing] = useState(false);
  const [isAdding, setIsAdding] = useState(false);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [draft, setDraft] = useState<LineRebar[] | null>(null);

  // A saved correction is shown at once, with the analysis-only view off (spec §4).
  useEffect(() => {
    if (!isCorrectionLoaded || hasChosenView) return;
    setHasChosenView(true);
    if (persistedBars) {
      setShowCorrected(true);
      setShowAnalysis(false);
    }
  }, [isCorrectionLoaded, hasChosenView, persistedBars]);

  const baseline = useMemo(() => persistedBars ?? analysisBars, [persistedBars, analysisBars]);
  const corrected = draft ?? baseline;
  const isDirty = draft !== null && areRebarSetsDifferent(draft, baseline);
  const isEqualToAnalysis = !areRebarSetsDifferent(corrected, analysisBars);

  const edit = useCallback(
    (change: (bars: LineRebar[]) => LineRebar[]) => {
      setDraft((current) => change(current ?? [...baseline]));
    },
    [baseline],
  );

  const leaveAddMode = useCallback(() => {
    setIsAdding(false);
    setSelectedId(null);
  }, []);

  return {
    showAnalysis,
    showCorrected,
    isEditing,
    isAdding,
    selectedId,
    corrected,
    baseline,
    isDirty,
    isEqualToAnalysis,
    selected: corrected.find((bar) => bar.id === selectedId) ?? null,
    setShowAnalysis,
    setShowCorrected: (value: boolean) => {
      setShowCorrected(value);
      if (!value) {
        setIsEditing(false);
        setIsAdding(false);
        setSelectedId(null);
      }
    },
    setIsEditing: (value: boolean) => {
      setIsEditing(value);
      if (!value) leaveAddMode();
    },
    setIsAdding,
    select: setSelectedId,
    /** Escape: deselect and leave add mode. */
    leaveAddMode,
    move: (id: string, xM: number, coverM: number) =>
      edit((bars) => bars.map((bar) => (bar.id === id ? moveRebar(bar, xM, coverM) : bar))),
    setDiameter: (id: string, diameterMm: number) =>
      edit((bars) => bars.map((bar) => (bar.id === id ? setRebarDiameter(bar, diameterMm) : bar))),
    add: (xM: number, centreDepthM: number) => {
      const bar = createRebar(crypto.randomUUID(), xM, centreDepthM - 0.006);
      edit((bars) => [...bars, bar]);
      setSelectedId(bar.id);
    },
    remove: (id: string) => {
      edit((bars) => bars.filter((bar) => bar.id !== id));
      setSelectedId(null);
    },
    /** Cancel: back to the persisted set. */
    cancel: () => {
      setDraft(null);
      leaveAddMode();
    },
    /** Reset to analysis: the engine's bars again (saving then deletes the correction). */
    resetToAnalysis: () => {
      setDraft([...analysisBars]);
      leaveAddMode();
    },
    /** After a save: the saved set becomes the baseline. */
    markSaved: () => setDraft(null),
  };
}

export type RebarEditor = ReturnType<typeof useRebarEditor>;
