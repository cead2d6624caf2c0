import { generateSyntheticRecording } from '@gprhub/scan3d/rtabmap';
import { describe, expect, it } from 'vitest';
import { UsageError } from './args';
import { parseTrackerSimArgs, readPairingUrl, roomChunks } from './tracker-sim';

const payload = { SET_THREE_D_TRACKER: { apiUrl: 'http://127.0.0.1:3000', pairingToken: 'gprp_abc', organizationId: 'org', expiresAt: '2026-11-24T23:00:00.000Z' } };
const url = `http://127.0.0.1:3000/three-d-trackers/pair?pairing=${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;

describe('tracker-sim', () => {
  it('reads the pairing URL of the add-url, also as a JSON string', () => {
    expect(readPairingUrl(url)).toEqual(payload.SET_THREE_D_TRACKER);
    expect(readPairingUrl(JSON.stringify(url))).toEqual(payload.SET_THREE_D_TRACKER);
    expect(() => readPairingUrl('not a url')).toThrow(UsageError);
    expect(() => readPairingUrl('http://127.0.0.1:3000/three-d-trackers/pair')).toThrow(/no "pairing" parameter/);
  });

  it('takes --pair and its options, and refuses what it does not know', () => {
    expect(parseTrackerSimArgs(['--pair', url, '--duration-s=5', '--name', 'A'])).toMatchObject({ pairUrl: url, durationS: 5, name: 'A', id: 'gprhub-tracker-sim', port: 0 });
    expect(() => parseTrackerSimArgs([])).toThrow(/needs --pair URL/);
    expect(() => parseTrackerSimArgs(['--pair', url, '--colour', 'red'])).toThrow(/unknown option --colour/);
    expect(() => parseTrackerSimArgs(['--pair', url, '--port', '-1'])).toThrow(/must be a number/);
  });

  it('streams every surface point of the generated room once, in chunks', () => {
    const { truth } = generateSyntheticRecording({ seed: 11, frames: 2, width: 32, height: 24 });
    const chunks = roomChunks(truth, 10);
    expect(chunks.length).toBeGreaterThan(5);
    const total = chunks.reduce((n, c) => n + c.positions.length / 3, 0);
    expect(total).toBeGreaterThan(1000);
    for (const c of chunks) expect(c.colours.length).toBe(c.positions.length);
  });
});
