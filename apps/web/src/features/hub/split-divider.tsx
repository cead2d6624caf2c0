import Box from '@mui/material/Box';
import type { KeyboardEvent, PointerEvent, RefObject } from 'react';
import { useRef } from 'react';
import type { ScreenClass } from './hub-layout';
import { SPLIT_LIMITS, splitPercentAfterKey, splitPercentAt } from './hub-layout';

export interface SplitDividerProps {
  /** The element spanning both panes, to measure against. */
  containerRef: RefObject<HTMLElement | null>;
  screen: ScreenClass;
  /** The panel's width in percent. */
  percent: number;
  onChange: (percent: number) => void;
  /** id of the listing pane (the pane the separator's value describes). */
  controls: string;
}

/**
 * The draggable divider between the listing and the details panel. Pointer drag, arrow keys
 * (2 % steps), Home/End, and Enter or a double click to go back to the initial width.
 */
export function SplitDivider({ containerRef, screen, percent, onChange, controls }: SplitDividerProps) {
  const isDragging = useRef(false);
  const { minPercent, initialPercent } = SPLIT_LIMITS[screen];

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    event.currentTarget.focus();
    isDragging.current = true;
    document.body.style.cursor = 'col-resize';
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const container = containerRef.current;
    if (!isDragging.current || !container) return;
    const rect = container.getBoundingClientRect();
    onChange(splitPercentAt(event.clientX, { left: rect.left, width: rect.width }, screen));
  };
  const endDrag = (event: PointerEvent<HTMLDivElement>) => {
    if (!isDragging.current) return;
    isDragging.current = false;
    document.body.style.cursor = '';
    if (event.currentTarget.hasPointerCapture(event.pointerId))
      event.currentTarget.releasePointerCapture(event.pointerId);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const next = splitPercentAfterKey(percent, event.key, screen);
    if (next === null) return;
    event.preventDefault();
    onChange(next);
  };

  return (
    <Box
      role="separator"
      aria-orientation="vertical"
      aria-label="Resize the details panel"
      aria-controls={controls}
      aria-valuemin={minPercent}
      aria-valuemax={100 - minPercent}
      aria-valuenow={Math.round(100 - percent)}
      tabIndex={0}
      data-testid="hub-split-divider"
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={endDrag}
      onPointerCancel={endDrag}
      onDoubleClick={() => onChange(initialPercent)}
      onKeyDown={onKeyDown}
      sx={{
        flex: '0 0 14px',
        alignSelf: 'stretch',
        cursor: 'col-resize',
        touchAction: 'none',
        userSelect: 'none',
        display: 'grid',
        placeItems: 'center',
        outline: 'none',
        borderRadius: '8px',
        '&::after': {
          content: '""',
          width: 4,
          height: 40,
          borderRadius: 2,
          bgcolor: 'divider',
          transition: 'background-color 120ms, height 120ms',
        },
        '&:hover::after, &:focus-visible::after, &:active::after': { bgcolor: 'primary.main', height: 64 },
        '&:focus-visible': { bgcolor: 'action.hover' },
      }}
    />
  );
}
