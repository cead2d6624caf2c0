import { describe, expect, it } from 'vitest';
import { checkGridSize, MAX_TOTAL_SAMPLES } from './errors';

describe('checkGridSize', () => {
  it('accepts what a real scanner writes (a 100 m line at 1 cm spacing, 1,024 samples)', () => {
    expect(() => checkGridSize('line.sgy', 10_000, 1024)).not.toThrow();
  });

  it('refuses a scan of more than 64 Mi samples, saying what a real scanner writes', () => {
    expect(MAX_TOTAL_SAMPLES).toBe(64 * 1024 * 1024);
    // The hostile import of issue 12: a SEG-Y header and 900 MB of zeros read as 746,612 traces.
    expect(() => checkGridSize('zeros.sgy', 746_612, 300)).toThrow(
      'zeros.sgy: too large: 746612 traces × 300 samples exceeds the limit of 67108864 samples per scan (real scanners write at most some tens of thousands of traces of 256–4,096 samples; split longer lines)',
    );
  });
});
