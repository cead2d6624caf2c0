import type { TraceGps, TraceMark } from '../model/radargram';
import { metresPerUnit, parseLooseNumber } from './values';

/** What a DZX (GSSI XML sidecar) adds to a DZT. */
export interface DzxInfo {
  /** Metres per trace, from `scanPerMeters` or `unitsPerScan` × `horizontalUnit`. */
  traceSpacingM?: number;
  /** `dielectric` (the operator's εr setting). */
  permittivity?: number;
  /** `system`, e.g. "SIR4K". */
  system?: string;
  /** Marks from `WayPt` entries that carry a `mark` type, and from `TargetWayPt/scanSampChanProp`. */
  marks: TraceMark[];
}

/** Text of the first `<tag>text</tag>` element (indexOf-based: linear even on damaged XML). */
function firstTag(xml: string, tag: string): string | undefined {
  let from = 0;
  for (let attempt = 0; attempt < 1000; attempt++) {
    const open = xml.indexOf(`<${tag}`, from);
    if (open < 0) return undefined;
    const next = xml[open + tag.length + 1];
    if (next === '>' || next === ' ' || next === '\t' || next === '\n' || next === '\r') {
      const gt = xml.indexOf('>', open);
      const lt = gt < 0 ? -1 : xml.indexOf('<', gt);
      if (lt < 0) return undefined;
      if (xml.startsWith(`</${tag}>`, lt)) return xml.slice(gt + 1, lt).trim();
    }
    from = open + 1;
  }
  return undefined;
}

/**
 * Parses the parts of a DZX sidecar that a reader needs. Tolerant: unknown or missing elements are ignored;
 * no XML validation.
 *
 * @param xml - the DZX text.
 * @returns spacing (metres per trace), dielectric, system and marks.
 * @example
 * ```ts
 * parseDzx('<DZX><DataCollection><scanPerMeters>300</scanPerMeters></DataCollection></DZX>').traceSpacingM; // 1/300
 * ```
 */
export function parseDzx(xml: string): DzxInfo {
  const text = xml.length > 4_000_000 ? xml.slice(0, 4_000_000) : xml;
  const info: DzxInfo = { marks: [] };
  const scansPerMetre = parseLooseNumber(firstTag(text, 'scanPerMeters'));
  const unitsPerScan = parseLooseNumber(firstTag(text, 'unitsPerScan'));
  const unit = metresPerUnit(firstTag(text, 'horizontalUnit') ?? 'm');
  if (scansPerMetre !== undefined && scansPerMetre > 0) info.traceSpacingM = 1 / scansPerMetre;
  else if (unitsPerScan !== undefined && unitsPerScan > 0 && unit !== undefined)
    info.traceSpacingM = unitsPerScan * unit;
  const dielectric = parseLooseNumber(firstTag(text, 'dielectric'));
  if (dielectric !== undefined && dielectric >= 1) info.permittivity = dielectric;
  const system = firstTag(text, 'system');
  if (system) info.system = system;
  for (const block of elementBodies(text, 'WayPt')) {
    const mark = firstTag(block, 'mark');
    const scan = parseLooseNumber(firstTag(block, 'scan'));
    if (mark !== undefined && scan !== undefined && Number.isInteger(scan)) {
      const name = firstTag(block, 'name');
      info.marks.push({ traceIndex: scan, label: name ? `${mark}: ${name}` : mark });
    }
  }
  for (const match of text.matchAll(/<(?:\w+:)?scanSampChanProp>([^<]*)</g)) {
    const scan = parseLooseNumber(match[1].split(',')[0]);
    if (scan !== undefined && Number.isInteger(scan)) info.marks.push({ traceIndex: scan, label: 'target' });
  }
  return info;
}

/**
 * Bodies of `<tag …>…</tag>` elements, found with indexOf so that unclosed tags cost linear time (a lazy regex
 * rescans to the end of the text for every unclosed tag).
 */
function elementBodies(text: string, tag: string): string[] {
  const bodies: string[] = [];
  const close = `</${tag}>`;
  let from = 0;
  while (bodies.length < 100_000) {
    const open = text.indexOf(`<${tag}`, from);
    if (open < 0) break;
    const bodyStart = text.indexOf('>', open);
    const end = bodyStart < 0 ? -1 : text.indexOf(close, bodyStart);
    if (end < 0) break;
    bodies.push(text.slice(bodyStart + 1, end));
    from = end + close.length;
  }
  return bodies;
}

function nmeaDegrees(value: string, hemisphere: string): number | undefined {
  const match = /^(\d+)(\d\d(?:\.\d+)?)$/.exec(value.trim());
  if (!match) return undefined;
  const degrees = Number(match[1]) + Number(match[2]) / 60;
  return /^[SW]$/i.test(hemisphere.trim()) ? -degrees : degrees;
}

/**
 * Parses a DZG GPS sidecar: each `$GSSIS,<scan>,…` line tags the following `$GPGGA` fix (or `$GPRMC`)
 * to that scan. Fixes are returned at the tagged traces only (no interpolation).
 *
 * @param text - the DZG text.
 * @param date - acquisition date (ISO, date part used) to turn the NMEA UTC time into a full timestamp.
 * @returns the fixes, in file order.
 * @example
 * ```ts
 * parseDzg('$GSSIS,23,-1\n$GPGGA,000320,4739.2552,N,12218.5815,W,0,00,,,M,,M,,*46')[0].traceIndex; // 23
 * ```
 */
export function parseDzg(text: string, date?: string): TraceGps[] {
  const fixes: TraceGps[] = [];
  let scan: number | undefined;
  for (const rawLine of text.split(/\r\n|\r|\n/).slice(0, 1_000_000)) {
    const fields = rawLine
      .trim()
      .replace(/\*[0-9A-F]{2}$/i, '')
      .split(',');
    const kind = fields[0].toUpperCase();
    if (kind === '$GSSIS') {
      const value = parseLooseNumber(fields[1]);
      scan = value !== undefined && Number.isInteger(value) && value >= 0 ? value : undefined;
    } else if (scan !== undefined && /^\$G[PNL]GGA$/.test(kind) && fields.length >= 10) {
      const lat = nmeaDegrees(fields[2] ?? '', fields[3] ?? '');
      const lon = nmeaDegrees(fields[4] ?? '', fields[5] ?? '');
      if (lat === undefined || lon === undefined) continue;
      const fix: TraceGps = { traceIndex: scan, latitudeDeg: lat, longitudeDeg: lon };
      const altitude = parseLooseNumber(fields[9]);
      if (altitude !== undefined) fix.altitudeM = altitude;
      const time = /^(\d\d)(\d\d)(\d\d)/.exec(fields[1] ?? '');
      if (time && date) fix.time = `${date.slice(0, 10)}T${time[1]}:${time[2]}:${time[3]}Z`;
      fixes.push(fix);
      scan = undefined;
    }
  }
  return fixes;
}
