import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { buildStoredZip } from './store-zip';

describe('buildStoredZip', () => {
  it('writes a zip that a zip reader opens, with names and bytes intact', async () => {
    const dzt = Uint8Array.from({ length: 5000 }, (_, i) => (i * 7) % 256);
    const zip = buildStoredZip([
      { name: 'File____001.DZT', bytes: dzt },
      { name: 'Läufe/line 2.sgy', bytes: new Uint8Array([1, 2, 3]) },
    ]);
    const entries = unzipSync(new Uint8Array(await zip.arrayBuffer()));
    expect(Object.keys(entries)).toEqual(['File____001.DZT', 'Läufe/line 2.sgy']);
    expect(entries['File____001.DZT']).toEqual(dzt);
    expect(entries['Läufe/line 2.sgy']).toEqual(new Uint8Array([1, 2, 3]));
  });
});
