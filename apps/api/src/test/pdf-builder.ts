/**
 * A small, valid PDF written by hand (objects, cross-reference table with exact offsets): each page is
 * `widthPt` × `heightPt` points and draws a filled rectangle in its own colour, so a test can tell the
 * rendered pages apart by their pixels.
 */
export function buildTestPdf(pages: { widthPt: number; heightPt: number; rgb: [number, number, number] }[]): Uint8Array {
  const objects: string[] = [];
  const pageIds = pages.map((_, i) => 3 + i * 2);
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`;
  pages.forEach((page, i) => {
    const id = pageIds[i]!;
    const [r, g, b] = page.rgb;
    const content = `${r} ${g} ${b} rg 0 0 ${page.widthPt / 2} ${page.heightPt / 2} re f\n0 0 0 RG 4 w 10 10 ${page.widthPt - 20} ${page.heightPt - 20} re S\n`;
    objects[id] = `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${page.widthPt} ${page.heightPt}] /Contents ${id + 1} 0 R /Resources << >> >>`;
    objects[id + 1] = `<< /Length ${content.length} >>\nstream\n${content}endstream`;
  });
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id++) {
    offsets[id] = out.length;
    out += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xref = out.length;
  out += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id++) out += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(out);
}
