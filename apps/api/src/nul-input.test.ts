import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDt1 } from '../../../packages/gpr/test/builders.js';
import { buildSegy, buildVendorZip } from './test/gpr-fixtures.js';
import { createMember, getTestApp, type TestApp, type TestMember } from './test/support.js';
import { buildZip } from './test/zip-builder.js';
import { createFolder, importFiles, postZip } from './test/gpr-scan-imports.js';

// A NUL (U+0000) anywhere a string goes in must be a 400 with the spec's wording, never a 500 from
// the database (PostgreSQL text cannot hold it).
let t: TestApp;
let m: TestMember;
let nodeId: string;
const NUL = '\u0000';

beforeAll(async () => {
  t = await getTestApp();
  m = await createMember(t.app);
  nodeId = await createFolder(t, m, 'Slab');
});
afterAll(async () => {
  await t.close();
});

const q = (query: object) => encodeURIComponent(JSON.stringify(query));

describe('a NUL character in a request', () => {
  const cases: { what: string; method: 'POST' | 'PUT' | 'PATCH' | 'GET'; url: () => string; payload?: () => object; path: string }[] = [
    { what: 'a node name', method: 'POST', url: () => '/api/nodes', payload: () => ({ type: 'FOLDER', name: `Slab${NUL}3` }), path: 'name' },
    { what: 'a renamed node', method: 'PATCH', url: () => `/api/nodes/${nodeId}`, payload: () => ({ name: `x${NUL}` }), path: 'name' },
    { what: 'a comment', method: 'POST', url: () => `/api/nodes/${nodeId}/comments`, payload: () => ({ content: `Cover${NUL}thin` }), path: 'content' },
    { what: 'a metadata name', method: 'PUT', url: () => '/api/node-metadata', payload: () => ({ ownerId: nodeId, name: `a${NUL}`, type: 'TEXT', value: 'v' }), path: 'name' },
    { what: 'a metadata text', method: 'PUT', url: () => '/api/node-metadata', payload: () => ({ ownerId: nodeId, name: 'a', type: 'TEXT', value: `v${NUL}` }), path: 'value' },
    { what: 'a file name', method: 'POST', url: () => '/api/files/batch', payload: () => ({ files: [{ nodeId, name: `p${NUL}.png`, extension: 'png' }] }), path: 'files.0.name' },
    { what: 'an image name', method: 'POST', url: () => '/api/node-images/batch', payload: () => ({ ownerNodeId: nodeId, files: [{ name: `p${NUL}.png`, extension: 'png' }] }), path: 'files.0.name' },
    { what: 'a q= filter', method: 'GET', url: () => `/api/nodes/query?q=${q({ filter: { name: `a${NUL}` } })}`, path: 'filter.name' },
    { what: 'an analyses q= filter', method: 'GET', url: () => `/api/analyses/query?q=${q({ filter: { name: `a${NUL}` } })}`, path: 'filter.name' },
    { what: 'a metadata name search', method: 'GET', url: () => `/api/node-metadata/query-name?name=a%00`, path: 'name' },
  ];

  for (const c of cases) {
    it(`in ${c.what} is a 400 naming the field`, async () => {
      const res = await t.app.inject({ method: c.method, url: c.url(), headers: m.headers, ...(c.payload ? { payload: c.payload() } : {}) });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        httpStatus: 400,
        message: 'One or more of the provided parameters failed validation',
        validationErrors: [{ path: c.path, message: `Please provide a valid string for property ${c.path}` }],
      });
    });
  }

  it('in a name sent to sign-up or to create an organization is a 400', async () => {
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { email: `nul-${Date.now()}@example.com`, password: 'correct horse battery', name: `Ada${NUL}`, firstName: 'Ada', lastName: 'L' },
    });
    expect(signUp.statusCode).toBe(400);
    expect(signUp.json()).toMatchObject({ httpStatus: 400, service: 'auth', message: 'Text must not contain a NUL character (\\u0000)' });
    const org = await t.app.inject({ method: 'POST', url: '/api/auth/organization/create', headers: m.auth, payload: { name: `Org${NUL}`, slug: 'org-nul' } });
    expect(org.statusCode).toBe(400);
  });

  it('in a JSON metadata value (string or key) is a 400', async () => {
    for (const value of [{ note: `a${NUL}` }, { [`k${NUL}`]: 1 }, [[`x${NUL}`]]]) {
      const res = await t.app.inject({ method: 'PUT', url: '/api/node-metadata', headers: m.headers, payload: { ownerId: nodeId, name: 'j', type: 'JSON', value } });
      expect(res.statusCode).toBe(400);
      expect(res.json().validationErrors).toEqual([{ path: 'value', message: 'JSON must not contain a NUL character (\\u0000)' }]);
    }
  });
});

describe('a NUL character in an imported file', () => {
  it("in a vendor CSV field is a 400 naming the CSV", async () => {
    const zip = buildZip({
      'Area 1/L001.sgy': buildSegy({ traces: 20, samples: 64 }),
      'Area 1/area.csv': `Grid spacing X [cm]\t10\r\nAntenna\tGP${NUL}8000\r\nFile name\tLine number\tDirection\r\nL001.sgy\t1\tX`,
    });
    const folder = await createFolder(t, m);
    const res = await postZip(t, m, '/api/gpr-scans/create-from-zip', zip, { parentId: folder });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/Area 1\/area\.csv: contains a NUL character \(character \d+\)/);
  });

  it('in a DT1 .HD sidecar is a 400 naming the sidecar', async () => {
    const { dt1, hd } = buildDt1();
    const text = String.fromCharCode(...hd).replace('= ft', `= f${NUL}t`);
    const folder = await createFolder(t, m);
    const res = await importFiles(t, m, folder, [
      { name: 'LINE01.DT1', bytes: dt1 },
      { name: 'LINE01.HD', bytes: Uint8Array.from(text, (ch) => ch.charCodeAt(0)) },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^LINE01\.HD: contains a NUL character/);
  });

  it('in a zip entry name is a 400', async () => {
    const zip = buildVendorZip([buildSegy({ traces: 20, samples: 64 })], `Area${NUL}1`);
    const res = await postZip(t, m, '/api/gpr-scans/proceq-zip-files', zip);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/damaged zip: the name of entry \d+ contains a NUL character/);
  });
});
