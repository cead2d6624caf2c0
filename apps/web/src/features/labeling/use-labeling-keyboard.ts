import type { PointLabelType } from '@gprhub/contract';
import { useEffect, useRef } from 'react';

/** Every hot key of the session, as the hot keys dialog lists them. */
export const HOT_KEYS: { keys: string; action: string }[] = [
  { keys: 'Click', action: 'Add a label of the chosen type at the crosshair' },
  { keys: 'Backspace', action: 'Remove the latest label' },
  { keys: '0–9', action: 'Type a diameter in mm for the latest rebar label (digits within 700 ms append)' },
  { keys: 'R', action: 'Label type: rebar position' },
  { keys: 'D', action: 'Label type: rebar position with diameter' },
  { keys: 'B', action: 'Label type: background reflection' },
  { keys: 'Enter', action: 'Save & next' },
  { keys: 'N', action: 'Skip to the next scan without saving' },
  { keys: '?', action: 'Show these hot keys' },
];

export interface LabelingKeyActions {
  removeLatest: () => void;
  typeDigit: (digit: string) => void;
  setType: (type: PointLabelType) => void;
  saveAndNext: () => void;
  skip: () => void;
  showHotKeys: () => void;
}

/** Whether a key press belongs to a field (spec §5: hot keys are ignored while an input has focus). */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  // MUI's Select and menus are focusable divs, not inputs.
  return (
    target.isContentEditable ||
    ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) ||
    target.closest('[role="combobox"], [role="listbox"], [role="menu"]') !== null
  );
}

/** The session's hot keys on the window, ignored while a field has focus, a dialog is open or a modifier is held. */
export function useLabelingKeyboard(actions: LabelingKeyActions, isEnabled: boolean): void {
  const ref = useRef(actions);
  ref.current = actions;
  useEffect(() => {
    if (!isEnabled) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return;
      const a = ref.current;
      const key = event.key;
      // Enter on a focused button is that button's click.
      if (key === 'Enter' && event.target instanceof HTMLElement && event.target.closest('button, a')) return;
      if (/^[0-9]$/.test(key)) a.typeDigit(key);
      else if (key === 'Backspace') a.removeLatest();
      else if (key === 'r' || key === 'R') a.setType('REBAR_POSITION');
      else if (key === 'd' || key === 'D') a.setType('REBAR_POSITION_WITH_DIAMETER');
      else if (key === 'b' || key === 'B') a.setType('BACKGROUND_REFLECTION');
      else if (key === 'Enter') a.saveAndNext();
      else if (key === 'n' || key === 'N') a.skip();
      else if (key === '?') a.showHotKeys();
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [isEnabled]);
}
