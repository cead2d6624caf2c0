import type { Radargram } from '../index';
import type { LoadedFile } from './read-input';

/**
 * Line label as the product shows scan numbers: `L` and three digits, 1-based.
 *
 * @param index - 0-based radargram index.
 * @returns e.g. `L001`.
 * @example
 * ```ts
 * lineLabel(0); // 'L001'
 * ```
 */
export function lineLabel(index: number): string {
  return `L${String(index + 1).padStart(3, '0')}`;
}

/**
 * Human-readable description of a file and every line in it: format, header, traces, samples, time window,
 * trace spacing and antenna.
 *
 * @param file - what {@link loadGprFile} returned.
 * @param showHeader - include every verbatim header field.
 * @returns the text, lines separated by `\n`.
 * @example
 * ```ts
 * process.stdout.write(describeFile(await loadGprFile('a.DZT', console.error), true));
 * ```
 */
export function describeFile(file: LoadedFile, showHeader: boolean): string {
  const { result } = file;
  const lines: string[] = [];
  const count = result.radargrams.length;
  lines.push(`${file.filePath}`);
  lines.push(`  format          ${result.format}`);
  lines.push(`  size            ${file.sizeBytes.toLocaleString('en-US')} bytes`);
  lines.push(`  lines           ${count}`);
  if (file.sidecarNames.length) lines.push(`  sidecars        ${file.sidecarNames.join(', ')}`);
  for (const area of result.areaScans ?? []) {
    lines.push(`  area scan       ${area.name} (${area.lineScanIndices.length} lines)`);
  }
  for (const warning of result.warnings) lines.push(`  warning         ${warning}`);
  result.radargrams.forEach((rg, index) => {
    const lineScan = result.lineScans?.find((l) => l.radargramIndex === index);
    lines.push(
      '',
      `${lineLabel(index)}  ${rg.name}${lineScan?.csvLineNumber ? ` (CSV line ${lineScan.csvLineNumber})` : ''}`,
    );
    lines.push(...describeRadargram(rg, showHeader));
  });
  return lines.join('\n') + '\n';
}

function describeRadargram(rg: Radargram, showHeader: boolean): string[] {
  const dtPs = rg.sampleIntervalS * 1e12;
  const windowNs = rg.samplesPerTrace * rg.sampleIntervalS * 1e9;
  const lengthM = (rg.traces - 1) * rg.traceSpacingM;
  const spacing =
    rg.traceSpacingM > 0
      ? `${fixed(lengthM, 3)} m at ${fixed(rg.traceSpacingM * 1000, 3)} mm spacing`
      : 'no trace spacing (time-triggered)';
  const antenna = [
    rg.antennaName,
    rg.centreFrequencyHz ? `${fixed(rg.centreFrequencyHz / 1e9, 3)} GHz` : 'frequency unknown',
    `separation ${fixed(rg.antennaSeparationM * 1000, 2)} mm`,
  ].filter(Boolean);
  const out = [
    `  format          ${rg.format}${rg.channel !== undefined ? `, channel ${rg.channel}` : ''}`,
    `  traces          ${rg.traces} (${spacing})`,
    `  samples         ${rg.samplesPerTrace} per trace at ${fixed(dtPs, 3)} ps`,
    `  time window     ${fixed(windowNs, 3)} ns, first sample at ${fixed(rg.timeOffsetS * 1e9, 3)} ns`,
    `  antenna         ${antenna.join(', ')}`,
  ];
  if (rg.permittivity !== undefined) out.push(`  permittivity    ${rg.permittivity} (instrument setting)`);
  if (rg.scanDate) out.push(`  scan date       ${rg.scanDate}`);
  out.push(`  marks           ${rg.marks.length}${rg.gps?.length ? `, GPS fixes ${rg.gps.length}` : ''}`);
  if (showHeader && rg.header.length) {
    out.push('  header');
    for (const field of rg.header) out.push(`    ${field.name} = ${String(field.value)}`);
  }
  return out;
}

function fixed(value: number, digits: number): string {
  return Number.isFinite(value) ? value.toFixed(digits) : String(value);
}
