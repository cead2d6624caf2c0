import { describe, expect, it } from 'vitest';
import { getStatusLabel, normalizeStatus } from './analysis-status';

describe('analysis status labels', () => {
  it("reads upper- and lower-case statuses; none is 'Not started'", () => {
    expect(normalizeStatus('finished')).toBe('FINISHED');
    expect(normalizeStatus('ANALYSING')).toBe('ANALYSING');
    expect(normalizeStatus(null)).toBe('NONE');
    expect(normalizeStatus('PAUSED')).toBe('UNKNOWN');
    expect(getStatusLabel(null)).toBe('Not started');
    expect(getStatusLabel('weird')).toBe('Unknown');
    expect(getStatusLabel('created')).toBe('Created');
  });

  it('shows the progress while analysing, compactly in narrow cells', () => {
    expect(getStatusLabel('ANALYSING', 41.6)).toBe('Analysing 42 %');
    expect(getStatusLabel('ANALYSING', 41.6, true)).toBe('42 %');
    expect(getStatusLabel('ANALYSING', null)).toBe('Analysing');
    expect(getStatusLabel('FINISHED', 100)).toBe('Finished');
  });
});
