import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, getTestApp, type TestApp, type TestMember } from './test/support.js';
import { createFolder } from './test/gpr-scan-imports.js';

// Bad input is a clear 4xx in the app's error body, never a 500 or Fastify's own shape (issue #12 item 5).
let t: TestApp;
let m: TestMember;
let nodeId: string;
beforeAll(async () => {
  t = await getTestApp();
  m = await createMember(t.app);
  nodeId = await createFolder(t, m, 'Slab');
});
afterAll(async () => {
  await t.close();
});

const putJson = (value: unknown) =>
  t.app.inject({ method: 'PUT', url: '/api/node-metadata', headers: m.headers, payload: { ownerId: nodeId, name: 'j', type: 'JSON', value } });

describe('PUT /api/node-metadata with a JSON value', () => {
  it('null is "JSON is required"', async () => {
    const res = await putJson(null);
    expect(res.statusCode).toBe(400);
    expect(res.json().validationErrors).toEqual([{ path: 'value', message: 'JSON is required' }]);
  });

  it('nested 2,000 deep is a 400, not a stack overflow', async () => {
    let value: unknown = 1;
    for (let i = 0; i < 2000; i++) value = [value];
    const res = await putJson(value);
    expect(res.statusCode).toBe(400);
    expect(res.json().validationErrors).toEqual([{ path: 'value', message: 'JSON is nested too deeply (at most 64 levels)' }]);
  });

  it('64 levels are kept; past 100,000 characters is a 400', async () => {
    let deep: unknown = 'bottom';
    for (let i = 0; i < 63; i++) deep = { d: deep };
    const ok = await putJson(deep);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().value).toEqual(deep);
    const big = await putJson({ text: 'x'.repeat(100_001) });
    expect(big.statusCode).toBe(400);
    expect(big.json().validationErrors).toEqual([{ path: 'value', message: 'JSON is too large (at most 100000 characters)' }]);
  });
});

describe('GET /api/files/{id}/stream/image?rotation=90', () => {
  it('on bytes that are not an image is a 415 in the app error body', async () => {
    const batch = await t.app.inject({ method: 'POST', url: '/api/files/batch', headers: m.headers, payload: { files: [{ nodeId, name: 'fake.png', extension: 'png' }] } });
    const target = batch.json().files[0];
    await t.app.inject({ method: 'PUT', url: new URL(target.uploadUrl).pathname, headers: { 'content-type': 'application/octet-stream' }, payload: Buffer.from('not a picture') });
    const res = await t.app.inject({ method: 'GET', url: `/api/files/${target.file.id}/stream/image?rotation=90`, headers: m.headers });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ message: 'File fake.png is not an image that can be read', httpStatus: 415, code: 'UNSUPPORTED_MEDIA_TYPE', service: 'files' });
  });
});

describe('errors before any route runs', () => {
  it('a path parameter over the length limit is a 414 in the app error body', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/nodes/${'a'.repeat(3000)}`, headers: m.headers });
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual({ message: 'The address is too long', httpStatus: 414, code: 'URI_TOO_LONG', service: 'nodes' });
  });

  it('headers over the size limit are a 431 in the app error body', async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as AddressInfo;
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, path: '/api/health', headers: { 'x-big': 'a'.repeat(40_000) } }, (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
      req.end();
    });
    expect(answer.status).toBe(431);
    expect(JSON.parse(answer.body)).toEqual({ message: 'The request headers are too large', httpStatus: 431, code: 'HEADERS_TOO_LARGE', service: 'app' });
  });
});
