// Decision 0073: a deep bar whose screening fit from its best stack peak slides onto a shallow neighbour's limb is
// seeded again on its free side. On dev-random-09 (random gprMax set, half B) the 106/108 mm bar was found only
// from a second, marginal stack peak 20 mm out, which a 3 ps change of time zero took away.
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { describeWithData, sharedDataDir } from '../../test/data';
import { readDzt } from '../formats/dzt';
import { analyzeLineScan } from '../rebar/analyze-line-scan';

describeWithData('a deep bar under a shallow neighbour’s limb', () => {
  it('is found whether or not its ridge has a second stack peak (time zero ±3 ps)', () => {
    const file = path.join(sharedDataDir, 'sim/dev-random-09.DZT');
    const rg = readDzt({ name: 'dev-random-09.DZT', bytes: new Uint8Array(readFileSync(file)) })
      .radargrams[0];
    const t0 = analyzeLineScan(rg).timeZeroS;
    for (const shiftPs of [-3, 0, 3]) {
      const { rebars } = analyzeLineScan(rg, { timeZeroS: t0 + shiftPs * 1e-12 });
      const deep = rebars.find((r) => Math.abs(r.xM - 0.106) <= 0.01 && Math.abs(r.coverM - 0.108) <= 0.005);
      expect(deep, `time zero ${shiftPs} ps`).toBeDefined();
    }
  }, 60_000);
});
