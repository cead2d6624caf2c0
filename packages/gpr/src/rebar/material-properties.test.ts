import { describe, expect, it } from 'vitest';
import { conductivityFromAmplitudes, estimateMaterialProperties } from './material-properties';

describe('conductivityFromAmplitudes', () => {
  it('recovers σ from the attenuation of bars at several depths', () => {
    const eps = 7;
    const sigma = 0.05;
    const alpha = (sigma * 376.730313) / (2 * Math.sqrt(eps));
    const samples = [0.08, 0.12, 0.18, 0.26].map((pathM) => ({
      amplitude: Math.exp(-alpha * pathM) / Math.sqrt(pathM),
      pathM,
    }));
    const estimate = conductivityFromAmplitudes(samples, eps);
    expect(estimate?.value).toBeCloseTo(sigma, 6);
    expect(estimate?.sd).toBeGreaterThan(0);
  });

  it('says nothing with fewer than three bars or too little depth spread', () => {
    expect(
      conductivityFromAmplitudes(
        [
          { amplitude: 1, pathM: 0.1 },
          { amplitude: 0.5, pathM: 0.2 },
        ],
        7,
      ),
    ).toBeUndefined();
    expect(
      conductivityFromAmplitudes(
        [0.1, 0.11, 0.12].map((pathM) => ({ amplitude: 1, pathM })),
        7,
      ),
    ).toBeUndefined();
  });
});

describe('estimateMaterialProperties', () => {
  it('puts the permittivity first and flags what is a prior', () => {
    const props = estimateMaterialProperties({ value: 7.2, sd: 0.2, source: 'estimated', count: 3 }, []);
    expect(props.values[0]).toBe(7.2);
    expect(props.values).toHaveLength(4);
    expect(props.details.map((d) => d.source)).toEqual(['estimated', 'prior', 'prior', 'prior']);
    expect(props.values[1]).toBeLessThan(7.2);
    expect(props.details.every((d) => d.note.length > 0 && d.sd > 0)).toBe(true);
  });

  it('marks a user permittivity as such', () => {
    expect(
      estimateMaterialProperties({ value: 8, sd: 0, source: 'user', count: 0 }, []).details[0].source,
    ).toBe('user');
  });
});
