import { describe, expect, it } from 'vitest';
import { createTriggerGuard, decideAutoTrigger } from './auto-trigger-guard';

const missing = { hasAnalysis: false, isFresh: true };

describe('createTriggerGuard', () => {
  it('lets a key be claimed once until it is released', () => {
    const guard = createTriggerGuard();
    expect(guard.claim('a')).toBe(true);
    expect(guard.claim('a')).toBe(false);
    expect(guard.claim('b')).toBe(true);
    guard.release('a');
    expect(guard.has('a')).toBe(false);
    expect(guard.claim('a')).toBe(true);
  });
});

describe('decideAutoTrigger', () => {
  it('triggers once per input however often it is asked (re-renders, StrictMode, two components)', () => {
    const guard = createTriggerGuard();
    expect(decideAutoTrigger(guard, 'org|LINE|x', missing)).toBe('trigger');
    expect(decideAutoTrigger(guard, 'org|LINE|x', missing)).toBe('skip');
    expect(decideAutoTrigger(guard, 'org|LINE|x', missing)).toBe('skip');
    expect(decideAutoTrigger(guard, 'org|LINE|y', missing)).toBe('trigger');
  });

  it('waits for a fresh answer and a complete input', () => {
    const guard = createTriggerGuard();
    expect(decideAutoTrigger(guard, null, missing)).toBe('wait');
    expect(decideAutoTrigger(guard, 'k', undefined)).toBe('wait');
    expect(decideAutoTrigger(guard, 'k', { hasAnalysis: false, isFresh: false })).toBe('wait');
    expect(guard.has('k')).toBe(false);
  });

  it('does not trigger when an analysis exists, and forgets the input then', () => {
    const guard = createTriggerGuard();
    expect(decideAutoTrigger(guard, 'k', missing)).toBe('trigger');
    expect(decideAutoTrigger(guard, 'k', { hasAnalysis: true, isFresh: true })).toBe('exists');
    expect(guard.has('k')).toBe(false);
  });
});
