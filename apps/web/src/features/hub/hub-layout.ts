/**
 * Screen classes of the hub and the nodes table, by the theme's breakpoints: small below `sm`
 * (600 px, phones), large from `lg` (1200 px), medium in between.
 */
export type ScreenClass = 'small' | 'medium' | 'large';

export interface SplitLimits {
  /** Width of the details panel when it first opens, in percent of the split. */
  initialPercent: number;
  /** Neither side may be narrower than this, in percent. */
  minPercent: number;
}

/**
 * The spec's split: the panel starts at 52 % (30 % on large screens, 0 on small ones, where it
 * opens as a sheet over the listing instead), and each side keeps at least 10 to 20 %: 20 on medium
 * screens, where 10 % is under 100 px, and 10 on large ones.
 */
export const SPLIT_LIMITS: Record<ScreenClass, SplitLimits> = {
  small: { initialPercent: 0, minPercent: 0 },
  medium: { initialPercent: 52, minPercent: 20 },
  large: { initialPercent: 30, minPercent: 10 },
};

/** Step of the divider's arrow keys, in percent. */
export const SPLIT_KEY_STEP = 2;

/**
 * A panel width kept within the limits of the screen class; anything unreadable (NaN, a stored
 * value that is not a number) becomes the initial width.
 * @example clampSplitPercent(95, 'large') // 90
 */
export function clampSplitPercent(percent: number, screen: ScreenClass): number {
  const { initialPercent, minPercent } = SPLIT_LIMITS[screen];
  if (screen === 'small') return 0;
  if (!Number.isFinite(percent)) return initialPercent;
  return Math.min(100 - minPercent, Math.max(minPercent, percent));
}

/**
 * The panel width (it sits on the right) for a pointer at `clientX` over a split spanning
 * `left`…`left + width` px, clamped.
 * @example splitPercentAt(700, { left: 0, width: 1000 }, 'large') // 30
 */
export function splitPercentAt(
  clientX: number,
  box: { left: number; width: number },
  screen: ScreenClass,
): number {
  if (box.width <= 0) return SPLIT_LIMITS[screen].initialPercent;
  return clampSplitPercent(((box.left + box.width - clientX) / box.width) * 100, screen);
}

/** The panel width after a key press on the divider, or null for keys it ignores. */
export function splitPercentAfterKey(percent: number, key: string, screen: ScreenClass): number | null {
  const { initialPercent, minPercent } = SPLIT_LIMITS[screen];
  switch (key) {
    case 'ArrowLeft':
      return clampSplitPercent(percent + SPLIT_KEY_STEP, screen);
    case 'ArrowRight':
      return clampSplitPercent(percent - SPLIT_KEY_STEP, screen);
    case 'Home':
      return clampSplitPercent(100 - minPercent, screen);
    case 'End':
      return clampSplitPercent(minPercent, screen);
    case 'Enter':
      return initialPercent;
    default:
      return null;
  }
}

export type ListingColumn = 'name' | 'type' | 'createdAt';

/**
 * Listing columns shrink with the screen: the name only on small screens, name and type on
 * medium ones, and the creation date as well on large ones.
 */
export function getListingColumns(screen: ScreenClass): readonly ListingColumn[] {
  if (screen === 'small') return ['name'];
  if (screen === 'medium') return ['name', 'type'];
  return ['name', 'type', 'createdAt'];
}

/** Data Grid column visibility for a screen class: every listed column, the others hidden. */
export function getColumnVisibility(
  screen: ScreenClass,
  columns: readonly string[],
): Record<string, boolean> {
  const visible = new Set<string>(getListingColumns(screen));
  return Object.fromEntries(
    columns.filter((c) => c === 'name' || c === 'type' || c === 'createdAt').map((c) => [c, visible.has(c)]),
  );
}
