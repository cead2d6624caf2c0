import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSegy } from '../../../../../packages/gpr/test/builders.js';
import { buildVendorZip, vendorStyleSegy } from '../../../../../packages/gpr/test/vendor-fixture.js';
import { postZip } from '../../test/gpr-scan-imports.js';
import { createMember, getTestApp, type TestApp, type TestMember } from '../../test/support.js';
import { importReaders } from './import-reading.js';

let t: TestApp;
let m: TestMember;

beforeAll(async () => {
  t = await getTestApp();
  m = await createMember(t.app);
});
afterAll(async () => {
  await t.close();
});

describe('reading an import off the event loop', () => {
  it('answers the health check while a large zip is being read', async () => {
    // 8 lines of 3,000 traces × 512 samples: about 50 MB to inflate and parse.
    const segy = vendorStyleSegy(buildSegy({ traces: 3000, samplesPerTrace: 512 }), 3000, false);
    const zip = buildVendorZip(segy, 8);
    const readers = importReaders(t.ctx.config.gprImport.parseThreads);
    let isReviewDone = false;
    const review = postZip(t, m, '/api/gpr-scans/proceq-zip-files', zip).then((res) => {
      isReviewDone = true;
      return res;
    });
    while (readers.pending === 0 && !isReviewDone) await new Promise((r) => setTimeout(r, 5));
    expect(isReviewDone).toBe(false);
    // The zip is in a reading thread now; the server answers meanwhile, before the reading ends.
    const answered: number[] = [];
    while (readers.pending > 0 && answered.length < 3) {
      const health = await t.app.inject({ method: 'GET', url: '/api/health' });
      answered.push(health.statusCode);
    }
    expect(answered).toEqual([200, 200, 200]);
    expect(isReviewDone).toBe(false);
    const res = await review;
    expect(res.json()).toMatchObject({ fileName: 'export.zip' });
    expect(res.json().gprScans).toHaveLength(8);
  }, 120_000);
});
