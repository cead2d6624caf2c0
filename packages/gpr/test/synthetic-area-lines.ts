import { createSyntheticBScan } from '../src/fitting/synthetic-bscan';
import type { AreaScanLineInput } from '../src/rebar/analyze-area-scan';

/**
 * The synthetic area scan of the area tests: five parallel lines 0.1 m apart, `direction` along them, over a
 * bar perpendicular to them (x = 0.15 m, 40 mm cover) and an oblique one (x = 0.3 + 0.2·y, 50 mm cover).
 */
export function syntheticAreaLines(direction: 'LEFT_TO_RIGHT' | 'BOTTOM_TO_TOP'): AreaScanLineInput[] {
  return Array.from({ length: 5 }, (_, k) => {
    const y = 0.1 * k;
    return {
      radargram: createSyntheticBScan({
        traces: 120,
        bars: [
          { x0M: 0.15, coverM: 0.04, radiusM: 0.006 },
          { x0M: 0.3 + 0.2 * y, coverM: 0.05, radiusM: 0.006 },
        ],
        seed: 20 + k,
      }),
      direction,
      offsetM: y,
    };
  });
}
