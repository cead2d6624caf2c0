import {
  claimReport,
  type Database,
  deletePendingObjects,
  findNodeById,
  insertFileNodes,
  insertPendingObjects,
  lockReport,
  settlePendingObjects,
  settleReport,
  updateReportProgress,
} from '@gprhub/db';
import type { AppContext } from '../app-context.js';
import { gatherReport } from '../modules/reports/report-data.js';
import { renderReportPdf } from '../modules/reports/report-pdf.js';
import { getReportSettings } from '../modules/reports/report-settings.service.js';

/** A file name without the characters file systems refuse. */
const fileSafe = (name: string) =>
  [...name].map((ch) => (ch.charCodeAt(0) < 0x20 || '\\/:*?"<>|'.includes(ch) ? '_' : ch)).join('').trim() || 'report';

/**
 * Generate one report: claim it, gather and draw it, store the PDF under a pending record, then in one
 * transaction create its FILE node beside the subject and settle the report (decision 0020: no orphan object,
 * no half-made report). A failure settles it FAILED with the reason and deletes what it wrote.
 */
export async function runReport(ctx: AppContext, reportId: string): Promise<void> {
  const report = await claimReport(ctx.db, reportId);
  if (!report) return; // settled already: a duplicate delivery
  const { organizationId } = report;
  const keys: string[] = [];
  let lastWrite = 0;
  const progress = async (fraction: number, message: string) => {
    if (Date.now() - lastWrite < 300) return;
    lastWrite = Date.now();
    await updateReportProgress(ctx.db, report, fraction, message).catch(() => {});
  };
  try {
    await progress(0.02, 'reading the scans');
    const settings = await getReportSettings(ctx, organizationId);
    const doc = await gatherReport(ctx, report, settings, progress);
    lastWrite = 0;
    await progress(0.85, 'drawing the PDF');
    const bytes = await renderReportPdf(doc);
    const subject = await findNodeById(ctx.db, organizationId, report.subjectNodeId);
    if (!subject) throw new Error('The subject of this report was deleted');
    const name = `${fileSafe(doc.title)} – report ${doc.generatedAt.toISOString().slice(0, 16).replace('T', ' ').replace(':', 'h')}.pdf`;
    const key = `reports/${organizationId}/${report.id}/attempt-${report.attempt}/report.pdf`;
    keys.push(key);
    await insertPendingObjects(ctx.db, organizationId, keys);
    await ctx.storage.put(key, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), 'application/pdf');
    const settled = await ctx.db.transaction(async (tx) => {
      const db = tx as unknown as Database;
      if (!(await lockReport(db, report))) return false;
      await settlePendingObjects(db, organizationId, keys);
      const [created] = await insertFileNodes(db, {
        organizationId,
        parentId: subject.parentId,
        createdById: report.requestedBy,
        items: [
          {
            type: 'FILE',
            name,
            file: { organizationId, name, extension: 'pdf', contentType: 'application/pdf', size: bytes.byteLength, storageKey: key, confirmedUploadedAt: new Date() },
          },
        ],
      });
      return settleReport(db, report, { status: 'FINISHED', fileNodeId: created!.node.id, fileId: created!.file.id });
    });
    if (!settled) await removeObjects(ctx, organizationId, keys);
  } catch (error) {
    await removeObjects(ctx, organizationId, keys).catch(() => {});
    const message = error instanceof Error ? error.message : String(error);
    await settleReport(ctx.db, report, { status: 'FAILED', message }).catch(() => {});
  }
}

async function removeObjects(ctx: AppContext, organizationId: string, keys: string[]): Promise<void> {
  await Promise.all(keys.map((key) => ctx.storage.delete(key)));
  await deletePendingObjects(ctx.db, organizationId, keys);
}
