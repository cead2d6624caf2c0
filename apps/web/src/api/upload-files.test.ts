// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PutFile } from './upload-files';
import { putWithXhr, uploadFiles } from './upload-files';

const NODE = '3f1c2b4a-8d7e-4f60-9a1b-2c3d4e5f6a7b';
const FILE_ID = 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d';

function fileRecord(id: string, name: string, extension: string) {
  return {
    id,
    nodeId: NODE,
    name,
    extension,
    contentType: 'application/octet-stream',
    size: null,
    createdAt: '2024-01-01T00:00:00.000Z',
    confirmedUploadedAt: null,
  };
}

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** A fetch that answers the batch call, then has-uploaded with the given answers in turn. */
function fakeFetch(batchFiles: ReturnType<typeof fileRecord>[], uploadedAnswers: boolean[]) {
  const answers = [...uploadedAnswers];
  const calls: { url: string; init: RequestInit }[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    calls.push({ url, init });
    if (url === '/api/files/batch') {
      return json({
        files: batchFiles.map((file) => ({
          uploadUrl: `/upload/${file.id}`,
          expiresAt: '2030-01-01T00:00:00.000Z',
          maxBytes: 1000,
          file,
        })),
      });
    }
    if (url === '/api/files/has-uploaded') return json({ areAllFilesUploaded: answers.shift() ?? false });
    return json({ message: 'Not found' }, 404);
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
}

const local = (name: string, extension: string, bytes = 4) => ({
  nodeId: NODE,
  name,
  extension,
  data: new Blob([new Uint8Array(bytes)]),
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('uploadFiles', () => {
  it('creates the batch, puts each file, and waits for the server to confirm', async () => {
    const { fetch, calls } = fakeFetch([fileRecord(FILE_ID, 'scan', 'zip')], [false, true]);
    const putFile = vi.fn<PutFile>(async (_url, data, onProgress) => onProgress(data.size));
    const progress: number[] = [];
    const records = await uploadFiles({
      files: [local('scan', '.ZIP')],
      objectPathPrefix: 'scans',
      organization: 'acme',
      fetch,
      putFile,
      pollIntervalMs: 1,
      onProgress: (p) => progress.push(p.fraction),
    });

    expect(records.map((r) => r.id)).toEqual([FILE_ID]);
    expect(putFile).toHaveBeenCalledWith(
      `/upload/${FILE_ID}`,
      expect.any(Blob),
      expect.any(Function),
      undefined,
    );
    expect(progress.at(0)).toBe(0);
    expect(progress.at(-1)).toBe(1);
    const batch = calls[0]!;
    expect(JSON.parse(String(batch.init.body))).toEqual({
      objectPathPrefix: 'scans',
      files: [{ nodeId: NODE, name: 'scan', extension: 'ZIP' }],
    });
    expect(new Headers(batch.init.headers).get('x-organization')).toBe('acme');
    expect(batch.init.credentials).toBe('include');
    const checks = calls.filter((c) => c.url === '/api/files/has-uploaded');
    expect(checks).toHaveLength(2);
    expect(JSON.parse(String(checks[0]!.init.body))).toEqual({ fileIds: [FILE_ID] });
  });

  it("fails with 'Failed to find file data' when an address has no local file", async () => {
    const { fetch } = fakeFetch([fileRecord(FILE_ID, 'other', 'zip')], [true]);
    const putFile = vi.fn<PutFile>(async () => {});
    await expect(uploadFiles({ files: [local('scan', 'zip')], fetch, putFile })).rejects.toThrow(
      'Failed to find file data',
    );
    expect(putFile).not.toHaveBeenCalled();
  });

  it('polls every second and gives up after the time limit', async () => {
    vi.useFakeTimers();
    const { fetch, calls } = fakeFetch([fileRecord(FILE_ID, 'scan', 'zip')], []);
    const done = uploadFiles({
      files: [local('scan', 'zip')],
      fetch,
      putFile: async () => {},
      timeoutMs: 3000,
    });
    const outcome = expect(done).rejects.toThrow('Timeout after 3000ms');
    await vi.advanceTimersByTimeAsync(3000);
    await outcome;
    // Checks at 0, 1, 2 and 3 s.
    expect(calls.filter((c) => c.url === '/api/files/has-uploaded')).toHaveLength(4);
  });

  it('uses a default time limit of 20 s', async () => {
    vi.useFakeTimers();
    const { fetch } = fakeFetch([fileRecord(FILE_ID, 'scan', 'zip')], []);
    const done = uploadFiles({ files: [local('scan', 'zip')], fetch, putFile: async () => {} });
    const outcome = expect(done).rejects.toThrow('Timeout after 20000ms');
    await vi.advanceTimersByTimeAsync(20_000);
    await outcome;
  });

  it('passes the server error body on when the batch call fails', async () => {
    const fetch = vi.fn(async () =>
      json(
        {
          message: 'File extension exe is not supported',
          httpStatus: 400,
          code: 'UNSUPPORTED_EXTENSION',
          service: 'api',
        },
        400,
      ),
    );
    await expect(
      uploadFiles({ files: [local('virus', 'exe')], fetch: fetch as unknown as typeof globalThis.fetch }),
    ).rejects.toMatchObject({
      name: 'ApiRequestError',
      message: 'File extension exe is not supported',
      httpStatus: 400,
    });
  });

  it('returns at once for an empty list', async () => {
    const { fetch, calls } = fakeFetch([], []);
    await expect(uploadFiles({ files: [], fetch })).resolves.toEqual([]);
    expect(calls).toHaveLength(0);
  });
});

describe('putWithXhr', () => {
  it('PUTs the bytes as octet-stream and reports progress', async () => {
    const sent: { method?: string; url?: string; headers: Record<string, string>; body?: unknown } = {
      headers: {},
    };
    class FakeXhr {
      status = 0;
      responseText = '';
      upload: { onprogress: ((e: { loaded: number }) => void) | null } = { onprogress: null };
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      onabort: (() => void) | null = null;
      open(method: string, url: string) {
        sent.method = method;
        sent.url = url;
      }
      setRequestHeader(name: string, value: string) {
        sent.headers[name] = value;
      }
      abort() {
        this.onabort?.();
      }
      send(body: unknown) {
        sent.body = body;
        this.upload.onprogress?.({ loaded: 2 });
        this.status = 200;
        this.onload?.();
      }
    }
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const loaded: number[] = [];
    const data = new Blob([new Uint8Array(4)]);
    await putWithXhr('/upload/1', data, (n) => loaded.push(n));
    expect(sent).toMatchObject({
      method: 'PUT',
      url: '/upload/1',
      headers: { 'content-type': 'application/octet-stream' },
      body: data,
    });
    expect(loaded).toEqual([2, 4]);
  });
});
