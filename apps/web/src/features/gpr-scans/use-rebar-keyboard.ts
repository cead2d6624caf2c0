import { useEffect, useLayoutEffect, useRef } from 'react';

/** Whether a key event comes from a text field (its keys are the field's, not the canvas'). */
function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/** Arrow keys nudge the selected bar by 1 mm, with Shift by 1 cm. */
export const NUDGE_M = 0.001;
export const NUDGE_SHIFT_M = 0.01;
const NUDGES: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

/**
 * Edit mode's keys (spec §4): Escape deselects and leaves add mode, Enter saves, Delete (or Backspace)
 * removes the selected bar; the arrows nudge it along the line (left, right) or in cover (up, down).
 * Keys typed into a field are left to the field.
 */
export function useRebarKeyboard(handlers: {
  isEnabled: boolean;
  onEscape: () => void;
  onEnter: () => void;
  onDelete: () => void;
  /** Move the selected bar by `dxM` along the line and `dCoverM` in cover; false when none is selected. */
  onNudge?: (dxM: number, dCoverM: number) => boolean;
}) {
  const latest = useRef(handlers);
  useLayoutEffect(() => {
    latest.current = handlers;
  });
  const { isEnabled } = handlers;
  useEffect(() => {
    if (!isEnabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || isTypingTarget(event.target)) return;
      if (event.key === 'Escape') latest.current.onEscape();
      else if (event.key === 'Enter') {
        // A focused button's own Enter (e.g. Add) stays the button's; a button that became disabled
        // while focused (Reset, once pressed) does nothing with it, so Enter saves.
        if (event.target instanceof HTMLButtonElement && !event.target.disabled) return;
        latest.current.onEnter();
      } else if (event.key === 'Delete' || event.key === 'Backspace') latest.current.onDelete();
      else if (NUDGES[event.key]) {
        const [dx, dCover] = NUDGES[event.key]!;
        const step = event.shiftKey ? NUDGE_SHIFT_M : NUDGE_M;
        if (!latest.current.onNudge?.(dx * step, dCover * step)) return;
      } else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [isEnabled]);
}
