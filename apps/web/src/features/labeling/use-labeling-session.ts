import type { LabelingScan, PointLabelType } from '@gprhub/contract';
import { DEFAULT_LABEL_DIAMETER_MM } from '@gprhub/contract';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { getErrorMessage } from '../../api/api-error';
import {
  EMPTY_DRAFT,
  fromLabelValue,
  makePoint,
  setLatestDiameter,
  toLabelValue,
  typeDigit as readDigit,
  type DraftPoint,
  type LabelDraft,
} from './label-draft';
import { useClearLabels, useLabelingScans, useSaveLabels, useScanLabels } from './labeling-api';
import { RebarPositionLabelValueSchema } from '@gprhub/contract';

/**
 * A labeling session (seed 001 §2, §7): the scans under `nodeId` in order, the active one (`labelingNodeId`),
 * the labels being edited per scan (kept in memory until saved, so a failed save or a skip loses nothing), the
 * label type and diameter, and the moves: save & next, skip, jump, with the wrap after the last scan.
 */
export function useLabelingSession() {
  const [params, setParams] = useSearchParams();
  const nodeId = params.get('nodeId');
  const scansQuery = useLabelingScans(nodeId);
  const scans = useMemo(() => scansQuery.data?.scans ?? [], [scansQuery.data]);
  const requested = params.get('labelingNodeId');
  const index = Math.max(0, scans.findIndex((s) => s.nodeId === requested));
  const active: LabelingScan | null = scans[index] ?? null;
  const next: LabelingScan | null = scans.length > 1 ? scans[(index + 1) % scans.length]! : null;

  const stored = useScanLabels(active?.nodeId ?? null);
  useScanLabels(next?.nodeId ?? null);
  const [drafts, setDrafts] = useState<Record<string, LabelDraft>>({});
  const [type, setType] = useState<PointLabelType>('REBAR_POSITION');
  const [diameterMm, setDiameterMm] = useState(DEFAULT_LABEL_DIAMETER_MM);
  const [saveError, setSaveError] = useState<string | null>(null);
  const digits = useRef<{ text: string; atMs: number } | null>(null);

  const storedItem = stored.data?.rebarPositionLabel ?? null;
  const storedValue = useMemo(() => {
    const parsed = RebarPositionLabelValueSchema.safeParse(storedItem?.value);
    return parsed.success ? parsed.data : null;
  }, [storedItem]);
  const activeId = active?.nodeId ?? null;
  const draft: LabelDraft = (activeId && drafts[activeId]) || (stored.data ? fromLabelValue(storedValue) : EMPTY_DRAFT);
  const isDirty = activeId !== null && drafts[activeId] !== undefined;

  const edit = useCallback(
    (change: (d: LabelDraft) => LabelDraft) => {
      if (!activeId || !stored.data) return;
      setDrafts((all) => ({ ...all, [activeId]: change(all[activeId] ?? fromLabelValue(storedValue)) }));
    },
    [activeId, stored.data, storedValue],
  );

  const goTo = useCallback(
    (scanId: string) => {
      setSaveError(null);
      digits.current = null;
      setParams(
        (current) => {
          const out = new URLSearchParams(current);
          out.set('labelingNodeId', scanId);
          return out;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  const save = useSaveLabels();
  const clear = useClearLabels();

  const addAt = useCallback(
    (position: { trace: number; sample: number }) => {
      if (!active) return;
      const point = makePoint(position, type, diameterMm, { traces: active.traces, samples: active.samplesPerTrace });
      if (point) edit((d) => ({ ...d, points: [...d.points, point] }));
    },
    [active, type, diameterMm, edit],
  );

  const actions = {
    addAt,
    addPoints: (points: DraftPoint[]) => edit((d) => ({ ...d, points: [...d.points, ...points] })),
    removeLatest: () => edit((d) => (d.points.length ? { ...d, points: d.points.slice(0, -1) } : d)),
    removeAt: (i: number) => edit((d) => ({ ...d, points: d.points.filter((_, k) => k !== i) })),
    updateAt: (i: number, point: DraftPoint) => edit((d) => ({ ...d, points: d.points.map((p, k) => (k === i ? point : p)) })),
    setDepth: (depthM: number | null) => edit((d) => ({ ...d, depthM })),
    typeDigit: (digit: string) => {
      const read = readDigit(digits.current, digit, performance.now());
      digits.current = read.buffer;
      if (read.diameterMm === null) return;
      const mm = read.diameterMm;
      setDiameterMm(mm);
      edit((d) => setLatestDiameter(d, mm));
    },
    setType,
    setDiameterMm,
    skip: () => next && goTo(next.nodeId),
    jump: goTo,
    saveAndNext: () => {
      if (!active || !stored.data || save.isPending) return;
      const scanId = active.nodeId;
      setSaveError(null);
      save.mutate(
        { scanId, labelId: storedItem?.id ?? null, value: toLabelValue(draft) },
        {
          onSuccess: () => {
            setDrafts(({ [scanId]: _saved, ...rest }) => rest);
            goTo((next ?? active).nodeId);
          },
          onError: (error) => setSaveError(getErrorMessage(error)),
        },
      );
    },
    clearLabels: () => {
      if (!active) return;
      const scanId = active.nodeId;
      setSaveError(null);
      if (!storedItem) {
        setDrafts(({ [scanId]: _dropped, ...rest }) => rest);
        return;
      }
      clear.mutate(
        { scanId, labelId: storedItem.id },
        {
          onSuccess: () => setDrafts(({ [scanId]: _dropped, ...rest }) => rest),
          onError: (error) => setSaveError(getErrorMessage(error)),
        },
      );
    },
  };

  return {
    nodeId,
    scansQuery,
    scans,
    index,
    active,
    next,
    stored,
    draft,
    isDirty,
    type,
    diameterMm,
    saveError,
    isSaving: save.isPending,
    isClearing: clear.isPending,
    hasStoredLabels: storedItem !== null,
    actions,
  };
}

export type LabelingSession = ReturnType<typeof useLabelingSession>;
