import { useEffect, useRef } from 'react';
import type { HyperbolaEditor } from './use-hyperbola-editor';

function isTyping(target: EventTarget | null): boolean {
  const element = target as HTMLElement | null;
  return Boolean(
    element && (element.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(element.tagName)),
  );
}

/**
 * The hyperbola editor's keys (seed 000 §4): Escape deselects and leaves add mode, Enter saves, Delete removes
 * the selected hyperbola. Ignored while typing in a field.
 */
export function useHyperbolaKeyboard(editor: HyperbolaEditor): void {
  const ref = useRef(editor);
  useEffect(() => {
    ref.current = editor;
  });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (isTyping(event.target)) return;
      const current = ref.current;
      if (event.key === 'Escape') {
        current.select(null);
        current.setIsAddMode(false);
      } else if (event.key === 'Enter' && current.isDirty) {
        event.preventDefault();
        void current.save();
      } else if ((event.key === 'Delete' || event.key === 'Backspace') && current.selectedId) {
        event.preventDefault();
        current.removeSelected();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
