// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, createElement, StrictMode } from 'react';
import type { ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OrganizationScopeProvider } from '../../api/organization-scope';
import { useAutoAnalysis } from './use-analysis-by-input';

Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });

const SCAN = '11111111-1111-4111-8111-111111111111';
const ANALYSIS = '22222222-2222-4222-8222-222222222222';
const RUN = '33333333-3333-4333-8333-333333333333';

/** A stand-in for the analyses API: no analysis until `POST /api/analyses`, which finishes at once. */
function fakeApi(options: { failTrigger?: boolean } = {}) {
  const state = { exists: false, triggers: 0, headers: [] as string[] };
  const analysis = { nodeId: ANALYSIS, status: 'FINISHED', latestRunId: RUN, progress: null };
  const run = { id: RUN, status: 'FINISHED', analysisRunResult: { status: 'FINISHED' } };
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    state.headers.push(new Headers(init?.headers).get('x-organization') ?? '');
    if (url === '/api/analyses' && init?.method === 'POST') {
      state.triggers += 1;
      if (options.failTrigger) return json({ message: 'The scan cannot be read', httpStatus: 400 }, 400);
      state.exists = true;
      return json({ analysis, analysisRun: run, started: true });
    }
    if (url === '/api/analyses/by-input') {
      return json(
        state.exists
          ? { analysis, analysisRun: run, results: { rebars: [] }, isDone: true, isPartial: false }
          : { analysis: null, analysisRun: null, results: null, isDone: false, isPartial: false },
      );
    }
    if (url.startsWith('/api/analyses/query'))
      return json({ analyses: state.exists ? [analysis] : [], total: 1 });
    return json({ message: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fetch);
  return state;
}

type Seen = ReturnType<typeof useAutoAnalysis>;

function Probe({ id, onRender }: { id: string; onRender: (id: string, result: Seen) => void }) {
  onRender(id, useAutoAnalysis('LINE_SCAN_REBAR_2', { gprScanNodeId: SCAN }));
  return null;
}

async function render(children: ReactNode) {
  const container = document.createElement('div');
  const root = createRoot(container);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () => {
    root.render(
      createElement(
        StrictMode,
        null,
        createElement(
          QueryClientProvider,
          { client },
          createElement(OrganizationScopeProvider, { slug: 'acme', children }),
        ),
      ),
    );
  });
  return {
    unmount: () => act(() => root.unmount()),
    client,
  };
}

async function waitFor(check: () => boolean, timeoutMs = 3000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('useAutoAnalysis', () => {
  it('triggers once for an input shown twice under StrictMode, then shows the finished analysis', async () => {
    const api = fakeApi();
    const latest = new Map<string, Seen>();
    const onRender = (id: string, result: Seen) => latest.set(id, result);
    const view = await render([
      createElement(Probe, { key: 'a', id: 'a', onRender }),
      createElement(Probe, { key: 'b', id: 'b', onRender }),
    ]);
    await waitFor(() => latest.get('a')?.data?.analysis?.nodeId === ANALYSIS);
    await waitFor(() => latest.get('b')?.data?.isDone === true);
    expect(api.triggers).toBe(1);
    expect(new Set(api.headers)).toEqual(new Set(['acme']));
    await view.unmount();

    // Mounting again later does not trigger again: the analysis exists now.
    const again = await render(createElement(Probe, { id: 'c', onRender }));
    await waitFor(() => latest.get('c')?.data?.isDone === true);
    expect(api.triggers).toBe(1);
    await again.unmount();
  });

  it('shows a failed trigger and does not retry it by itself', async () => {
    const api = fakeApi({ failTrigger: true });
    const latest = new Map<string, Seen>();
    const view = await render(
      createElement(Probe, { id: 'x', onRender: (id: string, result: Seen) => latest.set(id, result) }),
    );
    await waitFor(() => latest.get('x')?.triggerError === 'The scan cannot be read');
    // by-input keeps answering "no analysis"; the guard holds, so nothing is sent again.
    await act(async () => new Promise((resolve) => setTimeout(resolve, 300)));
    await act(async () => view.client.invalidateQueries());
    await act(async () => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(api.triggers).toBe(1);
    await view.unmount();
  });
});
