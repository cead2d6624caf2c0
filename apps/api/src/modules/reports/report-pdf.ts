import { coverClassIndex, coverClassLabel, type CoverClass } from '@gprhub/contract';
import { PDFDocument, type PDFFont, type PDFImage, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import type { ExportBar } from '../exports/export-bars.js';
import type { AreaSection, BarStatistics, FloorPlanSection, ImagePart, ReportDocument, ScanSection } from './report-model.js';

const PAGE: [number, number] = [595.28, 841.89]; // A4 portrait, points
const MARGIN = 48;
const CONTENT_W = PAGE[0] - 2 * MARGIN;
const INK = rgb(0.13, 0.15, 0.18);
const MUTED = rgb(0.42, 0.45, 0.5);
const RULE = rgb(0.82, 0.84, 0.87);
const ACCENT = rgb(0.1, 0.34, 0.62);
const DETECTED = rgb(1, 0.78, 0.1);
const CORRECTED = rgb(0.1, 0.85, 0.45);

/**
 * The standard fonts speak WinAnsi only: characters it lacks (Greek, math signs, other scripts) are written
 * plainly or replaced, so a user's comment in any language never breaks the report.
 */
const REPLACEMENTS: Record<string, string> = { '≥': '>=', '≤': '<=', 'ε': 'e', 'σ': 'sd', '→': '->', '−': '-', '\u2009': ' ', '\u00a0': ' ' };
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
function safe(text: string): string {
  return [...text]
    .map((ch) => REPLACEMENTS[ch] ?? ((ch.charCodeAt(0) >= 0x20 && ch.charCodeAt(0) <= 0xff) || WIN_ANSI_EXTRA.has(ch) ? ch : ch === '\n' ? ch : '?'))
    .join('');
}

function hexColor(hex: string) {
  const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255);
  return rgb(r!, g!, b!);
}

/** Lengths as the organization reads them: millimetres, or inches to 2 decimals. */
function length(doc: ReportDocument, mm: number, decimals = 1): string {
  return doc.units === 'mm' ? `${mm.toFixed(decimals)} mm` : `${(mm / 25.4).toFixed(2)} in`;
}

class Writer {
  page!: PDFPage;
  y = 0;
  pages: PDFPage[] = [];
  constructor(
    readonly pdf: PDFDocument,
    readonly font: PDFFont,
    readonly bold: PDFFont,
    readonly doc: ReportDocument,
  ) {}

  newPage(): void {
    this.page = this.pdf.addPage(PAGE);
    this.pages.push(this.page);
    this.y = PAGE[1] - MARGIN;
  }

  /** Room for `h` points, else a new page. */
  need(h: number): void {
    if (this.y - h < MARGIN + 20) this.newPage();
  }

  text(value: string, options: { size?: number; bold?: boolean; color?: ReturnType<typeof rgb>; x?: number; gap?: number } = {}): void {
    const size = options.size ?? 9.5;
    const font = options.bold ? this.bold : this.font;
    for (const line of this.wrap(safe(value), font, size, CONTENT_W - ((options.x ?? MARGIN) - MARGIN))) {
      this.need(size + 3);
      this.page.drawText(line, { x: options.x ?? MARGIN, y: this.y - size, size, font, color: options.color ?? INK });
      this.y -= size + 3;
    }
    this.y -= options.gap ?? 2;
  }

  heading(value: string, size = 14): void {
    this.need(size + 40);
    this.y -= 6;
    this.text(value, { size, bold: true, color: ACCENT, gap: 2 });
    this.page.drawLine({ start: { x: MARGIN, y: this.y }, end: { x: PAGE[0] - MARGIN, y: this.y }, thickness: 0.6, color: RULE });
    this.y -= 8;
  }

  wrap(text: string, font: PDFFont, size: number, width: number): string[] {
    const out: string[] = [];
    for (const paragraph of text.split('\n')) {
      let line = '';
      for (const word of paragraph.split(' ')) {
        const next = line ? `${line} ${word}` : word;
        if (font.widthOfTextAtSize(next, size) <= width || !line) line = next;
        else {
          out.push(line);
          line = word;
        }
      }
      out.push(line);
    }
    return out;
  }

  /** A table: header row, then rows (cells wrap); a row that does not fit starts a new page (with the header again). */
  table(columns: { title: string; width: number; align?: 'right' }[], rows: string[][], size = 8.5): void {
    const lineH = size + 2;
    const drawHeader = () => {
      this.need(lineH * 3);
      let x = MARGIN;
      this.page.drawRectangle({ x: MARGIN, y: this.y - lineH - 4, width: CONTENT_W, height: lineH + 4, color: rgb(0.93, 0.95, 0.97) });
      for (const c of columns) {
        this.cell([safe(c.title)], x, c.width, size, true, c.align);
        x += c.width;
      }
      this.y -= lineH + 4;
    };
    drawHeader();
    for (const row of rows) {
      const cells = row.map((value, i) => this.wrap(safe(value), this.font, size, columns[i]!.width - 6));
      const rowH = Math.max(...cells.map((c) => c.length)) * lineH + 4;
      if (this.y - rowH < MARGIN + 20) {
        this.newPage();
        drawHeader();
      }
      let x = MARGIN;
      cells.forEach((lines, i) => {
        this.cell(lines, x, columns[i]!.width, size, false, columns[i]!.align);
        x += columns[i]!.width;
      });
      this.y -= rowH;
      this.page.drawLine({ start: { x: MARGIN, y: this.y }, end: { x: PAGE[0] - MARGIN, y: this.y }, thickness: 0.3, color: RULE });
    }
    this.y -= 8;
  }

  private cell(lines: string[], x: number, width: number, size: number, isBold: boolean, align?: 'right') {
    const font = isBold ? this.bold : this.font;
    lines.forEach((line, i) => {
      let text = line;
      // A single word wider than the column (an id, a long number) is cut rather than overflowing.
      while (text.length > 1 && font.widthOfTextAtSize(text, size) > width - 4) text = `${text.slice(0, -2)}…`;
      const w = font.widthOfTextAtSize(text, size);
      this.page.drawText(text, { x: align === 'right' ? x + width - 4 - w : x + 3, y: this.y - size - 2 - i * (size + 2), size, font, color: INK });
    });
  }

}

async function embed(pdf: PDFDocument, image: ImagePart): Promise<PDFImage | null> {
  try {
    return image.kind === 'png' ? await pdf.embedPng(image.bytes) : await pdf.embedJpg(image.bytes);
  } catch {
    return null; // an unreadable logo or plan is left out rather than failing the report
  }
}

const SUBJECT_LABEL: Record<string, string> = {
  GPR_SCAN: 'GPR scan',
  GPR_SCAN_GROUP: 'Area scan',
  DUAL_ORIENTATION_GPR_SCAN: 'Dual-orientation scan',
  DUAL_ORIENTATION_AREA_SCAN: 'Dual-orientation area scan',
  FOLDER: 'Folder',
  BUILDING: 'Building',
};

async function drawCover(w: Writer): Promise<void> {
  const { doc } = w;
  w.newPage();
  if (doc.logo) {
    const logo = await embed(w.pdf, doc.logo);
    if (logo) {
      const scale = Math.min(140 / logo.width, 56 / logo.height);
      w.page.drawImage(logo, { x: PAGE[0] - MARGIN - logo.width * scale, y: w.y - logo.height * scale, width: logo.width * scale, height: logo.height * scale });
    }
  }
  w.text(doc.organizationName, { size: 12, bold: true, color: MUTED, gap: 60 });
  w.text('Rebar survey report', { size: 11, color: MUTED });
  w.text(doc.title, { size: 24, bold: true, gap: 6 });
  w.text(SUBJECT_LABEL[doc.subjectType] ?? doc.subjectType, { size: 12, color: ACCENT, gap: 24 });
  const facts: [string, string][] = [
    ['Organization', doc.organizationName],
    ['Location in the hub', doc.hubPath],
    ['Date', doc.generatedAt.toISOString().slice(0, 10)],
    ['Author', doc.author],
    ['Scans', `${doc.scans.length} line scan(s)${doc.areas.length ? `, ${doc.areas.length} area scan(s)` : ''}`],
    ['Units', doc.units === 'mm' ? 'millimetres' : 'inches'],
  ];
  for (const [k, v] of facts) {
    w.need(16);
    w.page.drawText(safe(k), { x: MARGIN, y: w.y - 10, size: 10, font: w.bold, color: MUTED });
    const before = w.y;
    w.text(v, { size: 10, x: MARGIN + 130 });
    w.y = Math.min(w.y, before - 16);
  }
  for (const note of doc.notes) w.text(note, { color: MUTED });
  if (doc.devices.length) {
    w.heading('Device and settings (read from the files)', 12);
    w.table(
      [
        { title: 'Scan', width: 80 },
        { title: 'Format · vendor', width: 70 },
        { title: 'Antenna', width: 65 },
        { title: 'Frequency', width: 50 },
        { title: 'Traces × samples, interval', width: 105 },
        { title: 'Trace spacing', width: 55 },
        { title: 'Scan date', width: CONTENT_W - 425 },
      ],
      doc.devices.map((d) => [d.scan, d.device, d.antenna, d.frequency, d.sampling, d.traceSpacing, d.scanDate]),
      7.5,
    );
  }
  w.text('Covers are the depth from the surface to the top of a bar; ± is one standard deviation (fit, permittivity and time zero combined). A diameter is given only where the data decide it, else "undetermined".', { size: 8, color: MUTED });
}

function drawStatistics(w: Writer, stats: BarStatistics[]): void {
  const { doc } = w;
  const card = (title: string, value: string, detail: string, x: number, width: number) => {
    w.page.drawRectangle({ x, y: w.y - 46, width: width - 8, height: 46, borderColor: RULE, borderWidth: 0.8, color: rgb(0.98, 0.985, 0.99) });
    w.page.drawText(safe(title), { x: x + 8, y: w.y - 13, size: 7.5, font: w.bold, color: MUTED });
    w.page.drawText(safe(value), { x: x + 8, y: w.y - 29, size: 12, font: w.bold, color: INK });
    w.page.drawText(safe(detail), { x: x + 8, y: w.y - 40, size: 7, font: w.font, color: MUTED });
  };
  for (const s of stats) {
    w.need(64);
    if (s.orientation !== 'ALL') w.text(s.orientation === 'VERTICAL' ? 'Vertical bars' : 'Horizontal bars', { bold: true, size: 9 });
    const width = CONTENT_W / 4;
    card('Bars', String(s.count), s.undeterminedCount ? `${s.undeterminedCount} diameter(s) undetermined` : 'all diameters determined', MARGIN, width);
    card('Cover (avg)', s.cover ? length(doc, s.cover.avgMm) : '—', s.cover ? `min ${length(doc, s.cover.minMm, 0)} · max ${length(doc, s.cover.maxMm, 0)}${s.cover.sdMm !== null ? ` · ±${length(doc, s.cover.sdMm)}` : ''}` : 'no bars', MARGIN + width, width);
    card('Spacing C-C (avg)', s.spacing ? length(doc, s.spacing.avgMm) : '—', s.spacing ? `min ${length(doc, s.spacing.minMm, 0)} · max ${length(doc, s.spacing.maxMm, 0)}` : 'fewer than two bars > 80 mm apart', MARGIN + 2 * width, width);
    card('Diameter (avg)', s.diameter ? length(doc, s.diameter.avgMm, 0) : 'undetermined', s.diameter ? `${s.diameter.count} of ${s.count} bars sized` : 'the data do not decide it', MARGIN + 3 * width, width);
    w.y -= 54;
  }
}

function drawMaterial(w: Writer, section: { permittivity: ScanSection['permittivity']; material: ScanSection['material'] }): void {
  if (!w.doc.sections.has('materialProperties') || section.material.length === 0) return;
  w.text('Material properties', { bold: true, size: 10 });
  const source = (s: string) => (s === 'calibrated' ? 'calibrated on a known cover' : s);
  w.table(
    [
      { title: 'Property', width: 150 },
      { title: 'Value ± sd', width: 110, align: 'right' },
      { title: 'Obtained', width: 90 },
      { title: 'How', width: CONTENT_W - 350 },
    ],
    section.material.map((m) => [m.name, `${fmtValue(m.value)} ± ${fmtValue(m.sd)}${m.unit ? ` ${m.unit}` : ''}`, source(m.source), m.note]),
    7.5,
  );
}

function fmtValue(v: number): string {
  return v !== 0 && (Math.abs(v) < 0.01 || Math.abs(v) >= 1e4) ? v.toExponential(2) : v.toFixed(2);
}

function coverColor(classes: readonly CoverClass[], coverM: number) {
  return hexColor(classes[coverClassIndex(classes, coverM * 1000)]!.color);
}

async function drawScan(w: Writer, scan: ScanSection): Promise<void> {
  const { doc } = w;
  w.newPage();
  w.heading(`${scan.context ? `${scan.context} · ` : ''}${scan.name}`);
  if (scan.missing) {
    w.text(scan.missing, { color: MUTED });
    return;
  }
  w.text(scan.isCorrected ? "Bars: the surveyor's correction (green); the analysis' detections are drawn in yellow." : 'Bars: as detected by the analysis.', { size: 8.5, color: MUTED });
  if (scan.permittivity)
    w.text(`Relative permittivity ${scan.permittivity.value.toFixed(2)} ± ${scan.permittivity.sd.toFixed(2)} (${scan.permittivity.source === 'calibrated' ? 'calibrated on a known cover' : scan.permittivity.source})`, { size: 8.5, color: MUTED });
  if (scan.radargram && doc.sections.has('radargram')) {
    const image = await embed(w.pdf, scan.radargram);
    if (image) {
      const height = 190;
      w.need(height + 44);
      const top = w.y - 14;
      const left = MARGIN + 30;
      const width = CONTENT_W - 30;
      w.page.drawImage(image, { x: left, y: top - height, width, height });
      const { widthM, depthM } = scan.radargram;
      const toX = (xM: number) => left + (xM / widthM) * width;
      const toY = (dM: number) => top - (dM / depthM) * height;
      const drawBar = (bar: ExportBar, color: ReturnType<typeof rgb>, filled: boolean) => {
        if (bar.xM < 0 || bar.xM > widthM || bar.centreDepthM > depthM) return;
        const r = Math.max(2.2, (bar.radiusM / depthM) * height);
        w.page.drawCircle({ x: toX(bar.xM), y: toY(bar.centreDepthM), size: r, borderColor: color, borderWidth: 1.2, ...(filled ? { color, opacity: 0.85 } : {}) });
      };
      if (scan.isCorrected) scan.detected.forEach((b) => drawBar(b, DETECTED, false));
      scan.bars.forEach((b) => drawBar(b, scan.isCorrected ? CORRECTED : DETECTED, scan.isCorrected));
      w.page.drawRectangle({ x: left, y: top - height, width, height, borderColor: INK, borderWidth: 0.5 });
      // Axes: depth on the left, position along the line below.
      for (let d = 0; d <= depthM + 1e-9; d += depthM > 0.2 ? 0.1 : 0.05) {
        w.page.drawText(safe(doc.units === 'mm' ? `${Math.round(d * 1000)}` : (d / 0.0254).toFixed(1)), { x: MARGIN, y: toY(d) - 3, size: 6.5, font: w.font, color: MUTED });
      }
      const step = widthM > 2 ? 0.5 : widthM > 0.8 ? 0.2 : 0.1;
      for (let x = 0; x <= widthM + 1e-9; x += step) w.page.drawText(`${x.toFixed(1)}`, { x: toX(x) - 4, y: top - height - 10, size: 6.5, font: w.font, color: MUTED });
      w.page.drawText(safe(`depth (${doc.units})`), { x: MARGIN, y: top + 4, size: 6.5, font: w.font, color: MUTED });
      w.page.drawText('position along the line (m)', { x: left + width - 95, y: top - height - 20, size: 6.5, font: w.font, color: MUTED });
      w.y = top - height - 28;
    }
  }
  if (doc.sections.has('statistics')) drawStatistics(w, scan.statistics);
  if (doc.sections.has('rebarTable')) {
    w.text('Rebars', { bold: true, size: 10 });
    w.table(
      [
        { title: '#', width: 24, align: 'right' },
        { title: 'Position (m)', width: 62, align: 'right' },
        { title: 'Orientation', width: 62 },
        { title: `Cover ± sd (${doc.units})`, width: 96, align: 'right' },
        { title: `Diameter (${doc.units})`, width: 80, align: 'right' },
        { title: 'Confidence', width: 60, align: 'right' },
        { title: 'Corrected', width: 52 },
        { title: 'Id', width: CONTENT_W - 436 },
      ],
      scan.bars.map((b, i) => [
        String(i + 1),
        b.xM.toFixed(3),
        b.orientation === 'VERTICAL' ? 'vertical' : 'horizontal',
        `${lengthNumber(doc, b.coverM * 1000)}${b.coverSdM !== null ? ` ± ${lengthNumber(doc, b.coverSdM * 1000)}` : ''}`,
        b.diameterMm !== null ? lengthNumber(doc, b.diameterMm, 0) : 'undetermined',
        b.confidence !== null ? b.confidence.toFixed(2) : '—',
        b.isCorrected ? 'yes' : 'no',
        b.id.slice(0, 8),
      ]),
    );
    if (scan.bars.length === 0) w.text('No rebars found on this scan.', { color: MUTED });
  }
  drawMaterial(w, scan);
  for (const warning of scan.warnings) w.text(`Note: ${warning}`, { size: 8, color: MUTED });
}

function lengthNumber(doc: ReportDocument, mm: number, decimals = 1): string {
  return doc.units === 'mm' ? mm.toFixed(decimals) : (mm / 25.4).toFixed(2);
}

function drawArea(w: Writer, area: AreaSection): void {
  const { doc } = w;
  w.newPage();
  w.heading(`Area scan ${area.name}: plan view`);
  if (area.missing) {
    w.text(area.missing, { color: MUTED });
    return;
  }
  if (area.correctedLineCount) w.text(`${area.correctedLineCount} line(s) corrected by the surveyor; the plan shows their corrected bars.`, { size: 8.5, color: MUTED });
  if (area.permittivity)
    w.text(`Relative permittivity ${area.permittivity.value.toFixed(2)} ± ${area.permittivity.sd.toFixed(2)} (${area.permittivity.source === 'calibrated' ? 'calibrated on a known cover' : area.permittivity.source}), one for the whole area`, { size: 8.5, color: MUTED });
  if (doc.sections.has('planView') && area.widthM > 0 && area.heightM > 0) {
    const maxW = CONTENT_W - 40;
    const maxH = 330;
    const scale = Math.min(maxW / area.widthM, maxH / area.heightM);
    const left = MARGIN + 30;
    const top = w.y - 6;
    const bottom = top - area.heightM * scale;
    const toX = (x: number) => left + x * scale;
    const toY = (y: number) => bottom + y * scale;
    w.page.drawRectangle({ x: left, y: bottom, width: area.widthM * scale, height: area.heightM * scale, borderColor: INK, borderWidth: 0.6, color: rgb(0.97, 0.97, 0.96) });
    for (const line of area.lines)
      w.page.drawLine({ start: { x: toX(line.from[0]), y: toY(line.from[1]) }, end: { x: toX(line.to[0]), y: toY(line.to[1]) }, thickness: 0.4, color: RULE, dashArray: [2, 2] });
    for (const bar of area.bars) {
      const color = coverColor(doc.coverClasses, bar.coverM);
      const isPoint = Math.hypot(bar.endXM - bar.startXM, bar.endYM - bar.startYM) < 1e-9;
      if (isPoint) w.page.drawCircle({ x: toX(bar.startXM), y: toY(bar.startYM), size: 2.5, color });
      else w.page.drawLine({ start: { x: toX(bar.startXM), y: toY(bar.startYM) }, end: { x: toX(bar.endXM), y: toY(bar.endYM) }, thickness: 2.2, color });
    }
    for (const line of area.lines) {
      const isAlongX = line.direction === 'LEFT_TO_RIGHT';
      w.page.drawText(line.label, { x: isAlongX ? MARGIN : toX(line.from[0]) - 8, y: isAlongX ? toY(line.from[1]) - 2 : bottom - 10, size: 5.5, font: w.font, color: MUTED });
    }
    w.page.drawText(`${area.widthM.toFixed(2)} m`, { x: left + (area.widthM * scale) / 2 - 10, y: bottom - 20, size: 7, font: w.font, color: MUTED });
    w.page.drawText(`${area.heightM.toFixed(2)} m`, { x: left + area.widthM * scale + 4, y: bottom + (area.heightM * scale) / 2, size: 7, font: w.font, color: MUTED });
    w.y = bottom - 30;
    // Legend: the organization's cover classes.
    let x = MARGIN;
    w.need(16);
    w.page.drawText('Cover:', { x, y: w.y - 8, size: 8, font: w.bold, color: INK });
    x += 34;
    doc.coverClasses.forEach((c, i) => {
      const label = safe(coverClassLabel(doc.coverClasses, i, doc.units));
      w.page.drawRectangle({ x, y: w.y - 9, width: 14, height: 8, color: hexColor(c.color) });
      w.page.drawText(label, { x: x + 17, y: w.y - 8, size: 7.5, font: w.font, color: INK });
      x += 24 + w.font.widthOfTextAtSize(label, 7.5);
    });
    w.y -= 22;
  }
  if (doc.sections.has('statistics')) drawStatistics(w, area.statistics);
  drawMaterial(w, area);
}

async function drawFloorPlan(w: Writer, plan: FloorPlanSection): Promise<void> {
  w.newPage();
  w.heading(`Floor plan ${plan.name}${plan.floorLabel ? ` · ${plan.floorLabel}` : ''}`);
  const image = plan.image ? await embed(w.pdf, plan.image) : null;
  if (!image) {
    w.text('The plan image could not be read.', { color: MUTED });
    return;
  }
  const scale = Math.min(CONTENT_W / image.width, 520 / image.height);
  const width = image.width * scale;
  const height = image.height * scale;
  const top = w.y;
  w.page.drawImage(image, { x: MARGIN, y: top - height, width, height });
  w.page.drawRectangle({ x: MARGIN, y: top - height, width, height, borderColor: RULE, borderWidth: 0.6 });
  plan.pins.forEach((pin, i) => {
    const x = MARGIN + pin.x * width;
    const y = top - pin.y * height;
    w.page.drawCircle({ x, y, size: 6, color: ACCENT, borderColor: rgb(1, 1, 1), borderWidth: 1 });
    const n = String(i + 1);
    w.page.drawText(n, { x: x - w.bold.widthOfTextAtSize(n, 6.5) / 2, y: y - 2.3, size: 6.5, font: w.bold, color: rgb(1, 1, 1) });
  });
  w.y = top - height - 12;
  if (plan.pins.length) w.table([{ title: 'Pin', width: 40, align: 'right' }, { title: 'Scan or model', width: CONTENT_W - 40 }], plan.pins.map((p, i) => [String(i + 1), p.label]));
}

/**
 * Draw the report: cover page, each area's plan, each scan's radargram, stat cards, rebar table and material
 * properties, floor plans with pins, comments; every page numbered in its footer.
 * @param doc - what to print, gathered by `gatherReport`.
 * @returns the PDF file's bytes.
 */
export async function renderReportPdf(doc: ReportDocument): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(safe(`${doc.title} – rebar survey report`));
  pdf.setAuthor(safe(doc.author));
  pdf.setProducer('GPR Hub');
  pdf.setCreationDate(doc.generatedAt);
  const w = new Writer(pdf, await pdf.embedFont(StandardFonts.Helvetica), await pdf.embedFont(StandardFonts.HelveticaBold), doc);
  await drawCover(w);
  for (const area of doc.areas) drawArea(w, area);
  for (const scan of doc.scans) await drawScan(w, scan);
  for (const plan of doc.floorPlans) await drawFloorPlan(w, plan);
  if (doc.sections.has('comments') && doc.comments.length) {
    w.newPage();
    w.heading('Comments');
    for (const c of doc.comments) {
      w.text(`${c.author} · ${c.date}`, { bold: true, size: 9 });
      w.text(c.content, { gap: 8 });
    }
  }
  const total = w.pages.length;
  w.pages.forEach((page, i) => {
    const footer = safe(`${doc.organizationName} · ${doc.title} · ${doc.generatedAt.toISOString().slice(0, 10)}`);
    page.drawText(footer, { x: MARGIN, y: 24, size: 7, font: w.font, color: MUTED });
    const n = `Page ${i + 1} of ${total}`;
    page.drawText(n, { x: PAGE[0] - MARGIN - w.font.widthOfTextAtSize(n, 7), y: 24, size: 7, font: w.font, color: MUTED });
  });
  return pdf.save();
}
