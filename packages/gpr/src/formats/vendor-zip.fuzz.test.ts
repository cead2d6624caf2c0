import { zipSync } from 'fflate';
import { expect, it } from 'vitest';
import { buildSegy, utf16le } from '../../test/builders';
import { hasSharedData, readRealFile } from '../../test/data';
import { mutate, runFuzz } from '../../test/fuzz';
import { fuzzReader } from '../../test/fuzz-run';
import { buildVendorZip, vendorCsvText, vendorStyleSegy } from '../../test/vendor-fixture';
import { GprFormatError } from './errors';
import { readVendorCsv } from './vendor-csv';
import { readVendorZip } from './vendor-zip';

const segy = hasSharedData
  ? vendorStyleSegy(readRealFile('segy-rgpr-littleendian/test.sgy'), 3, true)
  : vendorStyleSegy(buildSegy({ traces: 3, samplesPerTrace: 40 }), 3, false);
const small = vendorStyleSegy(buildSegy({ traces: 3, samplesPerTrace: 20 }), 3, false);

it('readVendorZip survives 10,000 mutated zips (deflated and stored)', async () => {
  const seeds = [
    { name: 'deflated.zip', bytes: buildVendorZip(small, 2, false) },
    { name: 'stored.zip', bytes: buildVendorZip(small, 2, true) },
    { name: 'real-segy.zip', bytes: buildVendorZip(segy, 1, false) },
  ];
  const stats = await fuzzReader('vendor-zip', seeds, 10_000, (input) => readVendorZip(input), {
    seed: 66,
    hotBytes: 1 << 20,
  });
  expect(stats.accepted).toBeGreaterThan(100);
});

it('readVendorZip survives 3,000 valid zips holding mutated SEG-Y and CSV files', async () => {
  const names = ['L001.sgy', 'L002.sgy'];
  const csv = utf16le(vendorCsvText(names));
  const stats = await runFuzz(
    'vendor-zip-content',
    3_000,
    67,
    (rand) => {
      const mutateCsv = rand() < 0.5;
      const files = {
        'A/L001.sgy': mutateCsv ? small : mutate(small, rand, 3840),
        'A/L002.sgy': small,
        'A/area.csv': mutateCsv ? mutate(csv, rand, 2048) : csv,
      };
      return { name: 'content.zip', bytes: zipSync(files, { level: 0 }) };
    },
    (input) => readVendorZip(input),
  );
  expect(stats.accepted).toBeGreaterThan(100);
});

it('readVendorCsv refuses 5,000 mutated CSVs only for a NUL character, and never otherwise', async () => {
  const csv = utf16le(vendorCsvText(['L001.sgy', 'L002.sgy']));
  let nulRefusals = 0;
  const stats = await runFuzz(
    'vendor-csv',
    5_000,
    68,
    (rand) => ({ name: 'area.csv', bytes: mutate(csv, rand, 4096) }),
    (input) => {
      try {
        readVendorCsv(input.bytes);
      } catch (error) {
        // The one refusal: a NUL inside the text (the database cannot store one).
        if (error instanceof GprFormatError && error.detail.startsWith('contains a NUL character')) nulRefusals++;
        throw error;
      }
      return {
        format: 'vendor-zip',
        radargrams: [
          {
            samples: new Float32Array(1),
            traces: 1,
            samplesPerTrace: 1,
            sampleIntervalS: 1e-10,
            timeOffsetS: 0,
            traceSpacingM: 0,
            antennaSeparationM: 0,
            marks: [],
            format: 'segy',
            name: 'x',
            header: [],
          },
        ],
        warnings: [],
      };
    },
  );
  expect(stats.rejected).toBe(nulRefusals);
  expect(stats.accepted).toBeGreaterThan(2_500);
});
