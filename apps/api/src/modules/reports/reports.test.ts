import { writeFileSync } from 'node:fs';
import sharp from 'sharp';
import type { ReportResponse } from '@gprhub/contract';
import { eq, schema } from '@gprhub/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syntheticAreaZip } from '../../../../../e2e/support/synthetic-area-scan.js';
import { createFolder, postZip } from '../../test/gpr-scan-imports.js';
import { createMember, getTestApp, sendToAddress, type TestApp, type TestMember, uploadAndConfirm } from '../../test/support.js';
import { uploadFiles } from '../../test/three-d-models.js';
import { sweepOrphanObjects } from '../../storage/orphan-sweep.js';

// Issue #21 item 1: a report job finishes on a worker, and its PDF holds the pages and text an engineer expects.
let t: TestApp;
let m: TestMember;
let other: TestMember;
let folderId: string;
let areaId: string;
let lineCount: number;
/** The first report's PDF: a file of `m`'s organization that is no image. */
let firstFileId: string | null = null;

beforeAll(async () => {
  t = await getTestApp({ jobs: { inProcessWorker: true, threads: 1, timeoutS: 120, heartbeatS: 10 } });
  await t.app.analysisJobs.startWorker();
  m = await createMember(t.app);
  other = await createMember(t.app);
  folderId = await createFolder(t, m, 'Level 2 deck');
  const res = await postZip(t, m, '/api/gpr-scans/create-from-zip', syntheticAreaZip('Slab 7'), { parentId: folderId });
  expect(res.statusCode).toBe(201);
  areaId = res.json().areaScanGroups[0].node.nodeId;
  lineCount = res.json().gprScans.length;
  const started = await t.app.inject({ method: 'POST', url: '/api/analyses', headers: m.headers, payload: { analysisType: 'AREA_SCAN_REBAR_2', analysisInput: { areaScanNodeId: areaId } } });
  expect(started.statusCode).toBeLessThan(300);
  // The area's analysis is done when its export answers (409 before).
  for (const deadline = Date.now() + 150_000; (await get(`/api/area-scans/${areaId}/export?format=csv`)).statusCode !== 200; ) {
    if (Date.now() > deadline) throw new Error('the area analysis did not finish');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const comment = await t.app.inject({ method: 'POST', url: `/api/nodes/${areaId}/comments`, headers: m.headers, payload: { content: 'Bottom mat checked with a cover meter at L003.' } });
  expect(comment.statusCode).toBeLessThan(300);
}, 180_000);
afterAll(async () => {
  await t?.close();
});

const get = (url: string, member = m) => t.app.inject({ method: 'GET', url, headers: member.headers });
const post = (url: string, payload: object, member = m) => t.app.inject({ method: 'POST', url, headers: member.headers, payload });

async function pdfText(bytes: Uint8Array): Promise<string[]> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const pdf = await pdfjs.getDocument({ data: bytes, isEvalSupported: false, disableFontFace: true, useSystemFonts: false, verbosity: 0 }).promise;
  const pages: string[] = [];
  for (let i = 1; i <= pdf.numPages; i++) {
    const content = await (await pdf.getPage(i)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await pdf.destroy();
  return pages;
}

async function generate(subjectNodeId: string): Promise<ReportResponse> {
  const created = await post('/api/reports', { subjectNodeId });
  expect(created.statusCode, created.body).toBe(201);
  const { reportId } = created.json() as { reportId: string };
  await expect.poll(async () => ((await get(`/api/reports/${reportId}`)).json() as ReportResponse).status, { timeout: 120_000, interval: 300 }).toMatch(/FINISHED|FAILED/);
  return (await get(`/api/reports/${reportId}`)).json() as ReportResponse;
}

describe('PDF reports', () => {
  it("generates an area scan's report beside it, with cover, plan, one page per line and the comments", async () => {
    const report = await generate(areaId);
    expect(report).toMatchObject({ status: 'FINISHED', progress: 1, message: null });
    expect(report.url).toEqual(expect.any(String));
    expect(report.fileId).toEqual(expect.any(String));
    firstFileId = report.fileId;
    // The file node sits beside its subject (in the area's folder).
    const node = (await get(`/api/nodes/${report.fileNodeId}`)).json();
    expect(node).toMatchObject({ parentId: folderId, type: 'FILE' });
    expect(node.name).toMatch(/^Slab 7 – report .*\.pdf$/);

    const file = await sendToAddress(t.app, report.url!);
    expect(file.statusCode).toBe(200);
    const bytes = new Uint8Array(file.rawPayload);
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    if (process.env.REPORT_PDF_OUT) writeFileSync(process.env.REPORT_PDF_OUT, bytes);
    const pages = await pdfText(bytes);
    // Cover, the area's plan, one page per line, the comments.
    expect(pages).toHaveLength(1 + 1 + lineCount + 1);
    expect(pages[0]).toContain('Rebar survey report');
    expect(pages[0]).toContain('Slab 7');
    expect(pages[0]).toContain(m.organization.name);
    expect(pages[0]).toContain('Level 2 deck / Slab 7');
    expect(pages[0]).toContain('Ada Surveyor');
    expect(pages[0]).toContain('Device and settings');
    expect(pages[1]).toContain('plan view');
    expect(pages[1]).toContain('Vertical bars');
    expect(pages[1]).toContain('Horizontal bars');
    expect(pages[1]).toContain('Material properties');
    expect(pages[1]).toMatch(/Cover:.*40–50 mm/);
    expect(pages[2]).toContain('L001');
    expect(pages[2]).toContain('Cover ± sd (mm)');
    expect(pages[2]).toMatch(/undetermined|\d+\.\d/);
    expect(pages.at(-1)).toContain('Bottom mat checked with a cover meter at L003.');
    expect(pages.at(-1)).toContain(`Page ${pages.length} of ${pages.length}`);
  });

  it("prints a building's floor plans with their pins and the areas below it", async () => {
    const building = (await post('/api/buildings', { name: 'Tower B', parentId: null })).json().node.nodeId as string;
    const floor = (await post('/api/floors', { buildingNodeId: building, name: 'Level 2' })).json().id as string;
    const image = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#f4f1ea' } }).png().toBuffer();
    const [fileId] = await uploadFiles(t.app, m, building, [{ name: 'level-2.png', bytes: image }]);
    const plan = (await post('/api/floor-plans', { name: 'Level 2 plan', buildingNodeId: building, floorId: floor, fileId })).json().floorPlans[0].node.nodeId as string;
    expect((await post('/api/building-related-nodes', { floorPlanNodeId: plan, relatedNodeId: areaId, position: { x: 0.25, y: 0.5 } })).statusCode).toBeLessThan(300);
    // The area is moved under the building so the building's report covers it.
    expect((await t.app.inject({ method: 'PATCH', url: `/api/nodes/${areaId}`, headers: m.headers, payload: { parentNodeId: building } })).statusCode).toBe(200);
    const report = await generate(building);
    expect(report.status).toBe('FINISHED');
    const bytes = new Uint8Array((await sendToAddress(t.app, report.url!)).rawPayload);
    if (process.env.REPORT_PDF_OUT) writeFileSync(process.env.REPORT_PDF_OUT.replace(/\.pdf$/, '-building.pdf'), bytes);
    const pages = await pdfText(bytes);
    expect(pages[0]).toContain('Tower B');
    expect(pages[0]).toContain('Building');
    expect(pages.some((p) => p.includes('plan view') && p.includes('Slab 7'))).toBe(true);
    const planPage = pages.find((p) => p.includes('Floor plan Level 2 plan'));
    expect(planPage).toContain('Level 2');
    expect(planPage).toContain('Slab 7');
    // Back where it was, for the tests below.
    await t.app.inject({ method: 'PATCH', url: `/api/nodes/${areaId}`, headers: m.headers, payload: { parentNodeId: folderId } });
  });

  it('follows the organization settings: units and sections', async () => {
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/report-settings',
      headers: m.headers,
      payload: { organizationName: 'Hilti-free Surveys Ltd', logoFileId: null, units: 'in', coverClasses: [{ upToMm: 45, color: '#ff0000' }, { upToMm: null, color: '#0000ff' }], sections: ['planView', 'statistics'] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().reportSettings.units).toBe('in');
    const report = await generate(areaId);
    const pages = await pdfText(new Uint8Array((await sendToAddress(t.app, report.url!)).rawPayload));
    expect(pages[0]).toContain('Hilti-free Surveys Ltd');
    expect(pages[1]).toMatch(/Cover:.*< 1\.77 in/);
    expect(pages.join(' ')).not.toContain('Material properties');
    expect(pages.join(' ')).not.toContain('Bottom mat checked');
    // Another organization still has the defaults.
    expect((await get('/api/report-settings', other)).json().reportSettings.units).toBe('mm');
  });

  it('refuses what cannot be reported and hides other organizations', async () => {
    const created = await post('/api/reports', { subjectNodeId: areaId });
    const { reportId } = created.json() as { reportId: string };
    expect((await get(`/api/reports/${reportId}`, other)).statusCode).toBe(404);
    expect((await post('/api/reports', { subjectNodeId: areaId }, other)).statusCode).toBe(404);
    expect((await get(`/api/nodes/${areaId}/latest-report`, other)).statusCode).toBe(404);
    expect((await get(`/api/nodes/${areaId}/latest-report`)).json().report.reportId).toBe(reportId);
    expect((await post('/api/reports', { subjectNodeId: 'nope' })).statusCode).toBe(400);
    expect((await post('/api/reports', {})).statusCode).toBe(400);
    expect((await get('/api/reports/not-a-uuid')).statusCode).toBe(400);
    expect((await get(`/api/reports/${crypto.randomUUID()}`)).statusCode).toBe(404);
    const fileNode = (await post('/api/file-nodes', { parentId: folderId, files: [{ name: 'notes.csv' }] })).json().files[0].node.nodeId;
    const refused = await post('/api/reports', { subjectNodeId: fileNode });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain('A report covers');
    const badClasses = await t.app.inject({
      method: 'PUT',
      url: '/api/report-settings',
      headers: m.headers,
      payload: { organizationName: '', logoFileId: null, units: 'mm', coverClasses: [{ upToMm: 30, color: '#ff0000' }, { upToMm: 20, color: '#00ff00' }, { upToMm: null, color: 'blue' }], sections: [] },
    });
    expect(badClasses.statusCode).toBe(400);
    const foreignLogo = await t.app.inject({
      method: 'PUT',
      url: '/api/report-settings',
      headers: other.headers,
      payload: { organizationName: '', logoFileId: firstFileId, units: 'mm', coverClasses: [{ upToMm: null, color: '#ff0000' }], sections: [] },
    });
    expect(foreignLogo.statusCode).toBe(400);
  });

  it('takes a logo uploaded on its own address: checked by its bytes, shown, printed on the cover, removed', async () => {
    const settings = { organizationName: '', units: 'mm', coverClasses: [{ upToMm: null, color: '#ff0000' }], sections: ['statistics'] };
    const uploadLogo = async (name: string, bytes: Uint8Array, member = m) => {
      const [base, extension] = name.split('.');
      const batch = await post('/api/report-settings/logo', { name: base, extension }, member);
      expect(batch.statusCode, batch.body).toBe(200);
      const targets = batch.json().files as { uploadUrl: string; maxBytes: number; file: { id: string; nodeId: string | null } }[];
      expect(targets).toHaveLength(1);
      expect(targets[0]!.file.nodeId).toBeNull();
      expect(targets[0]!.maxBytes).toBe(5 * 1024 * 1024);
      await uploadAndConfirm(t.app, member.headers, targets, [bytes]);
      return targets[0]!.file.id;
    };
    const put = (payload: object, member = m) => t.app.inject({ method: 'PUT', url: '/api/report-settings', headers: member.headers, payload });

    // Only PNG and JPEG names get an address.
    const gif = await post('/api/report-settings/logo', { name: 'logo', extension: 'gif' });
    expect(gif.statusCode).toBe(400);
    expect(gif.json().message).toBe('The logo must be a PNG or JPEG image');
    // A text file named .png is refused by its bytes when saved.
    const fake = await uploadLogo('fake.png', new TextEncoder().encode('not an image at all'));
    const refused = await put({ ...settings, logoFileId: fake });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('The logo must be a PNG or JPEG image');
    expect(refused.json().validationErrors[0].path).toBe('logoFileId');
    // The report PDF (a file of the organization, no image) is refused too.
    expect((await put({ ...settings, logoFileId: firstFileId })).statusCode).toBe(400);

    const png = await sharp({ create: { width: 240, height: 80, channels: 3, background: '#1565c0' } }).png().toBuffer();
    const logoId = await uploadLogo('company-logo.png', png);
    const saved = await put({ ...settings, logoFileId: logoId });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().reportSettings.logoFileId).toBe(logoId);
    const shown = await get('/api/report-settings');
    expect(shown.json().logoUrl).toEqual(expect.any(String));
    const image = await sendToAddress(t.app, shown.json().logoUrl);
    expect(image.statusCode).toBe(200);
    expect(Buffer.from(image.rawPayload).equals(png)).toBe(true);

    // Another organization cannot use that file id (refused like an unknown file).
    const foreign = await put({ ...settings, logoFileId: logoId }, other);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe('The logo has not been uploaded');
    expect((await get('/api/report-settings', other)).json()).toMatchObject({ reportSettings: { logoFileId: null }, logoUrl: null });

    // The cover draws it: the first page paints an image.
    const report = await generate(areaId);
    expect(report.status).toBe('FINISHED');
    const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const bytes = new Uint8Array((await sendToAddress(t.app, report.url!)).rawPayload);
    const pdf = await pdfjs.getDocument({ data: bytes, isEvalSupported: false, disableFontFace: true, useSystemFonts: false, verbosity: 0 }).promise;
    const ops = await (await pdf.getPage(1)).getOperatorList();
    expect(ops.fnArray).toContain(pdfjs.OPS.paintImageXObject);
    await pdf.destroy();

    // A new logo replaces the old one, whose row and object go with the save; removing it deletes it too.
    const keyOf = async (id: string) => (await t.ctx.db.select().from(schema.files).where(eq(schema.files.id, id)))[0]?.storageKey;
    const isStored = async (key: string) => {
      for await (const o of t.ctx.storage.list()) if (o.key === key) return true;
      return false;
    };
    const firstLogoKey = (await keyOf(logoId))!;
    const secondId = await uploadLogo('company-logo-2024.png', png);
    const secondKey = (await keyOf(secondId))!;
    expect((await put({ ...settings, logoFileId: secondId })).statusCode).toBe(200);
    expect(await keyOf(logoId)).toBeUndefined();
    expect(await isStored(firstLogoKey)).toBe(false);
    const removed = await put({ ...settings, logoFileId: null });
    expect(removed.json()).toMatchObject({ reportSettings: { logoFileId: null }, logoUrl: null });
    expect(await keyOf(secondId)).toBeUndefined();
    expect(await isStored(secondKey)).toBe(false);

    // A logo uploaded and never saved (the refused text file) is taken by the orphan sweep after its grace
    // time, and a logo in use is not.
    const fakeKey = (await keyOf(fake))!;
    const inUse = await uploadLogo('in-use.png', png, other);
    expect((await put({ ...settings, logoFileId: inUse }, other)).statusCode).toBe(200);
    const inUseKey = (await keyOf(inUse))!;
    expect((await sweepOrphanObjects(t.ctx, { graceS: 3600 })).deleted).not.toContain(fakeKey);
    const swept = await sweepOrphanObjects(t.ctx, { graceS: 3600, now: new Date(Date.now() + 2 * 3600_000) });
    expect(swept.deleted).toContain(fakeKey);
    expect(await keyOf(fake)).toBeUndefined();
    expect(await isStored(fakeKey)).toBe(false);
    expect(await keyOf(inUse)).toBe(inUseKey);
    expect(await isStored(inUseKey)).toBe(true);
  }, 150_000);
});
