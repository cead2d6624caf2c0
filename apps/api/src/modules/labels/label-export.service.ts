import { LABEL_TYPES } from '@gprhub/contract';
import type { AppContext } from '../../app-context.js';
import { badRequest } from '../../lib/errors.js';
import { MAX_ZIP_BYTES, writeZip } from '../../lib/zip-writer.js';
import { readScanRadargram } from '../../scan-data/gpr-scan-data.js';
import { findEngineLine } from './label-agreement.service.js';
import { labelInMetres } from './label-geometry.js';
import { findLabelsOf, findSessionScans } from './labels.service.js';

/** Version of the export layout (README of the zip, decision 0038). */
export const LABEL_EXPORT_FORMAT = 'gprhub-labels/1';

const CSV_COLUMNS = ['scanNodeId', 'scanName', 'type', 'xM', 'depthM', 'diameterMm', 'timeS', 'signalRowIndex', 'timeColumnIndex', 'permittivity'];

const csvCell = (value: string | number | null | undefined): string => {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

/** A folder name inside the zip: the scan's order and a file-system-safe copy of its name. */
const folderOf = (index: number, name: string): string =>
  `scans/${String(index + 1).padStart(4, '0')}-${name.replace(/[^\w.-]+/g, '_').slice(0, 80) || 'scan'}`;

const README = `GPR Hub labels export (${LABEL_EXPORT_FORMAT})

labels.csv                 every label of every scan, one row each, in metres:
                           xM along the line from the first trace, depthM of the apex (cover) converted with the
                           engine's time zero and permittivity of that scan (empty when the scan has no finished
                           rebar analysis), diameterMm (REBAR_POSITION_WITH_DIAMETER only), timeS two-way time
                           from time zero, and the label's own indices.
scans/NNNN-name/header.json geometry and timing of the scan: traces, samplesPerTrace, sampleIntervalS, timeOffsetS
                           (two-way time of sample 0), traceSpacingM, antennaSeparationM, centreFrequencyHz, and
                           the engine's timeZeroS and permittivity when known.
scans/NNNN-name/signal.f32  the amplitudes as little-endian float32, trace-major: trace 0's samplesPerTrace
                           samples, then trace 1's, and so on (numpy: fromfile(..., '<f4').reshape(traces, samples)).
scans/NNNN-name/labels.json the stored label value: points [{signalRowIndex (trace), timeColumnIndex (sample),
                           type, diameter (mm)}] and global {depth (m)}.
Label types: ${LABEL_TYPES.join(', ')}.
`;

/**
 * `GET /api/labels/export?nodeId=`: a zip of every labelled scan under the node in an open form (float32 samples
 * with a JSON header), its labels, and one CSV of all labels in metres.
 */
export async function exportLabels(ctx: AppContext, organizationId: string, nodeId: string | undefined): Promise<Buffer> {
  const scans = await findSessionScans(ctx, organizationId, nodeId);
  const labels = await findLabelsOf(ctx, organizationId, scans.map((s) => s.node.id));
  const labelled = scans.filter((s) => labels.has(s.node.id));
  if (labelled.length === 0) throw badRequest('No labelled scans to export under this node');
  const bytes = labelled.reduce((n, s) => n + s.scan.traces * s.scan.samplesPerTrace * 4, 0);
  if (bytes > MAX_ZIP_BYTES) throw badRequest('Too many labelled scans to export at once: export a smaller folder');
  const entries: { path: string; content: Uint8Array | string }[] = [{ path: 'README.txt', content: README }];
  const rows: string[] = [CSV_COLUMNS.join(',')];
  for (const [index, row] of labelled.entries()) {
    const { node, scan } = row;
    const value = labels.get(node.id)!.value;
    const engine = await findEngineLine(ctx, organizationId, node.id);
    const radargram = await readScanRadargram(ctx, organizationId, row);
    const folder = folderOf(index, node.name);
    const header = {
      format: LABEL_EXPORT_FORMAT,
      nodeId: node.id,
      name: node.name,
      originalName: scan.originalName,
      traces: radargram.traces,
      samplesPerTrace: radargram.samplesPerTrace,
      sampleIntervalS: radargram.sampleIntervalS,
      timeOffsetS: radargram.timeOffsetS,
      traceSpacingM: radargram.traceSpacingM,
      antennaSeparationM: radargram.antennaSeparationM,
      centreFrequencyHz: radargram.centreFrequencyHz ?? null,
      sampleFormat: 'float32-le',
      layout: 'trace-major',
      timeZeroS: engine?.timeZeroS ?? null,
      permittivity: engine?.permittivity.value ?? null,
    };
    const samples = new Uint8Array(radargram.samples.length * 4);
    const view = new DataView(samples.buffer);
    radargram.samples.forEach((v, i) => view.setFloat32(i * 4, v, true));
    entries.push(
      { path: `${folder}/header.json`, content: JSON.stringify(header, null, 2) },
      { path: `${folder}/signal.f32`, content: samples },
      { path: `${folder}/labels.json`, content: JSON.stringify(value, null, 2) },
    );
    const frame = { ...scan, timeZeroS: engine?.timeZeroS ?? 0, permittivity: engine?.permittivity.value ?? null };
    for (const point of value.points) {
      const m = labelInMetres(point, frame);
      rows.push(
        [node.id, node.name, point.type, round(m.xM), m.depthM === null ? null : round(m.depthM), point.diameter, m.timeS.toExponential(6), point.signalRowIndex, point.timeColumnIndex, frame.permittivity === null ? null : round(frame.permittivity)]
          .map(csvCell)
          .join(','),
      );
    }
    if (value.global.depth !== null)
      rows.push([node.id, node.name, 'DEPTH', null, value.global.depth, null, null, null, null, null].map(csvCell).join(','));
  }
  entries.push({ path: 'labels.csv', content: rows.join('\n') + '\n' });
  return writeZip(entries);
}

const round = (v: number): number => Math.round(v * 1e6) / 1e6;
