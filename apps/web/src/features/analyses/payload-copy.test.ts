import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../api/api-error';
import { copyJobPayload, PAYLOAD_COPY_MESSAGES } from './payload-copy';

describe('copyJobPayload', () => {
  const payload = { analysisType: 'LINE_SCAN_REBAR_2', analysisInput: { gprScanNodeId: 'x' } };

  it('copies the payload as indented JSON', async () => {
    let copied = '';
    const result = await copyJobPayload('job-1', {
      fetchPayload: async () => payload,
      writeText: async (text) => void (copied = text),
    });
    expect(result).toEqual({ isSuccess: true, message: 'Analysis payload copied to clipboard!' });
    expect(JSON.parse(copied)).toEqual(payload);
    expect(copied).toContain('\n  "analysisType"');
  });

  it("gives the spec's messages when something is missing", async () => {
    const writeText = async () => undefined;
    expect(await copyJobPayload(null, { fetchPayload: async () => payload, writeText })).toEqual({
      isSuccess: false,
      message: PAYLOAD_COPY_MESSAGES.noJobId,
    });
    expect(await copyJobPayload('j', { fetchPayload: async () => ({}), writeText })).toEqual({
      isSuccess: false,
      message: 'No payload available. Please try again.',
    });
    expect(await copyJobPayload('j', { fetchPayload: async () => payload, writeText: undefined })).toEqual({
      isSuccess: false,
      message: 'Clipboard API not available',
    });
  });

  it("reports failures as 'Error: {message}'", async () => {
    const notFound = ApiRequestError.fromBody(404, {});
    expect(
      await copyJobPayload('j', {
        fetchPayload: async () => {
          throw notFound;
        },
        writeText: async () => undefined,
      }),
    ).toEqual({ isSuccess: false, message: 'Error: Not found' });
    expect(
      await copyJobPayload('j', {
        fetchPayload: async () => payload,
        writeText: async () => {
          throw new Error('Document is not focused.');
        },
      }),
    ).toEqual({ isSuccess: false, message: 'Error: Document is not focused.' });
  });
});
