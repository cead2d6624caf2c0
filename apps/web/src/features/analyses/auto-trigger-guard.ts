/**
 * Remembers which inputs were already triggered automatically, so an input is triggered once however
 * often its component renders, remounts (StrictMode runs effects twice) or appears on the page.
 */
export interface TriggerGuard {
  /** True the first time a key is claimed; false while it stays claimed. */
  claim: (key: string) => boolean;
  /** Forget a key: the next claim succeeds again. */
  release: (key: string) => void;
  has: (key: string) => boolean;
}

export function createTriggerGuard(): TriggerGuard {
  const claimed = new Set<string>();
  return {
    claim: (key) => {
      if (claimed.has(key)) return false;
      claimed.add(key);
      return true;
    },
    release: (key) => void claimed.delete(key),
    has: (key) => claimed.has(key),
  };
}

/** What the by-input answer says about an automatic trigger. */
export type AutoTriggerDecision = 'wait' | 'trigger' | 'skip' | 'exists';

/**
 * Decide whether to trigger an input's analysis automatically, claiming the key when the answer is
 * 'trigger'. The answer must be fresh (not being refetched) and say that no analysis exists.
 * - 'exists': an analysis exists, so the key is released (should it disappear later, e.g. its scan was
 *   deleted and restored without it, it may be triggered again).
 * - 'skip': already triggered for this key (a re-render, StrictMode's second effect, another component).
 * A failed trigger stays claimed: it is not retried automatically (the user retries with the button).
 */
export function decideAutoTrigger(
  guard: TriggerGuard,
  key: string | null,
  answer: { hasAnalysis: boolean; isFresh: boolean } | undefined,
): AutoTriggerDecision {
  if (key === null || !answer || !answer.isFresh) return 'wait';
  if (answer.hasAnalysis) {
    guard.release(key);
    return 'exists';
  }
  return guard.claim(key) ? 'trigger' : 'skip';
}

/** The app's one guard: automatic triggers are once per input for the whole tab. */
export const autoTriggerGuard = createTriggerGuard();
