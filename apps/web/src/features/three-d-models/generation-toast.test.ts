// @vitest-environment jsdom
import type { ThreeDModelResponse } from '@gprhub/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OrganizationScopeProvider } from '../../api/organization-scope';
import { GenerationToast } from './generation-toast';

Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });

const MODEL = '11111111-1111-4111-8111-111111111111';
const ANALYSIS = '22222222-2222-4222-8222-222222222222';
const versionId = (n: number) => `3333333${n}-3333-4333-8333-333333333333`;
const runId = (n: number) => `4444444${n}-4444-4444-8444-444444444444`;

function model(version: number): ThreeDModelResponse {
  const db = { versionFileId: versionId(version), fileId: versionId(version), type: 'rtabmap_db', name: 'rtabmap.db', extension: 'db', size: 1, summary: '', url: '' };
  return {
    node: { nodeId: MODEL, name: 'Room', type: 'THREE_D_MODEL', parentId: null, isPublic: false },
    threeDModelVersion: { id: versionId(version), createdAt: new Date().toISOString(), files: [db] },
    rtabmapDatabaseFile: db,
    canEdit: true,
  } as unknown as ThreeDModelResponse;
}

/** by-input answers per version: the run's status and message. */
function fakeApi(runs: Record<string, { status: string; message?: string; n: number }>) {
  const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url === '/api/analyses/by-input') {
        const id = (JSON.parse(String(init?.body)) as { analysisInput: { threeDModelVersionId: string } }).analysisInput.threeDModelVersionId;
        const run = runs[id]!;
        return json({
          analysis: { nodeId: ANALYSIS, status: run.status, latestRunId: runId(run.n), progress: null },
          analysisRun: { id: runId(run.n), status: run.status, progress: null, message: run.message ?? null },
          results: null,
          isDone: run.status === 'FINISHED' || run.status === 'FAILED',
          isPartial: false,
        });
      }
      if (url.startsWith('/api/analyses/query')) return json({ analyses: [], total: 0 });
      return json({});
    }),
  );
}

async function mount(first: ThreeDModelResponse, kind: 'cloud' | 'mesh' = 'cloud') {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const invalidate = vi.spyOn(client, 'invalidateQueries');
  const show = (m: ThreeDModelResponse) =>
    act(async () => {
      root.render(createElement(QueryClientProvider, { client }, createElement(OrganizationScopeProvider, { slug: 'acme', children: createElement(GenerationToast, { model: m, kind }) })));
    });
  await show(first);
  return { show, invalidate, unmount: () => act(() => root.unmount()) };
}

async function waitFor(check: () => boolean, timeoutMs = 6000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
  }
}

const toast = () => document.querySelector('[data-testid="generation-toast"]');

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

describe('GenerationToast', () => {
  it('stays quiet about an old run, says why a new version’s generation failed, and refreshes 2 s after one finishes', async () => {
    fakeApi({
      [versionId(1)]: { status: 'FINISHED', n: 1 },
      [versionId(2)]: { status: 'FAILED', message: 'The file is not an RTAB-Map database (no Node table)', n: 2 },
      [versionId(3)]: { status: 'FINISHED', n: 3 },
    });
    const view = await mount(model(1));
    // The version the page opened with finished long ago: no toast.
    await act(async () => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(toast()).toBeNull();

    // A version uploaded while the page is open whose generation failed: the reason, until closed.
    await view.show(model(2));
    await waitFor(() => toast()?.getAttribute('data-state') === 'failed');
    expect(toast()!.textContent).toContain('Point cloud generation failed: The file is not an RTAB-Map database (no Node table)');

    // One that finished: the model is refreshed after 2 s, not before.
    await view.show(model(3));
    await waitFor(() => toast()?.getAttribute('data-state') === 'finished');
    const started = Date.now();
    const modelRefreshes = () => view.invalidate.mock.calls.filter(([f]) => JSON.stringify(f?.queryKey).includes(MODEL)).length;
    expect(modelRefreshes()).toBe(0);
    await waitFor(() => toast()?.getAttribute('data-state') === 'shown');
    expect(Date.now() - started).toBeGreaterThan(1500);
    expect(modelRefreshes()).toBe(1);
    await view.unmount();
  });

  it('follows GENERATE_MESH for the mesh, in its own words', async () => {
    fakeApi({
      [versionId(1)]: { status: 'FINISHED', n: 1 },
      [versionId(2)]: { status: 'FAILED', message: 'The fused depth holds no surface: the mesh would be empty', n: 2 },
    });
    const view = await mount(model(1), 'mesh');
    await view.show(model(2));
    await waitFor(() => toast()?.getAttribute('data-state') === 'failed');
    expect(toast()!.getAttribute('data-kind')).toBe('mesh');
    expect(toast()!.textContent).toContain('Mesh generation failed: The fused depth holds no surface');
    const asked = (vi.mocked(fetch).mock.calls as [RequestInfo | URL, RequestInit | undefined][])
      .filter(([url]) => String(url) === '/api/analyses/by-input')
      .map(([, init]) => (JSON.parse(String(init?.body)) as { analysisType: string }).analysisType);
    expect(new Set(asked)).toEqual(new Set(['GENERATE_MESH']));
    await view.unmount();
  });
});
