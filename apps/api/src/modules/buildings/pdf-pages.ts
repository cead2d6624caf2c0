import { FLOOR_PLAN_MAX_PDF_PAGES } from '@gprhub/contract';
import { createCanvas } from '@napi-rs/canvas';

/** Plans are rendered at 150 dpi (PDF units are 1/72 in), with the longer side at most this many pixels. */
const RENDER_DPI = 150;
export const MAX_PAGE_PIXELS = 3000;

export interface RenderedPage {
  /** 1-based. */
  number: number;
  width: number;
  height: number;
  png: Buffer;
}

/**
 * Render every page of a PDF to a PNG with pdf.js (Mozilla's PDF renderer; Apache-2.0) on a
 * @napi-rs/canvas canvas (Skia, prebuilt per platform as npm packages): decisions/0030.
 * @throws Error with pdf.js's reason when the bytes are not a readable PDF, or have too many pages
 */
export async function renderPdfPages(bytes: Uint8Array): Promise<RenderedPage[]> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  // pdf.js detaches the buffer it is given; hand it a copy.
  const task = pdfjs.getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, disableFontFace: true, useSystemFonts: false, verbosity: 0 });
  const document = await task.promise;
  try {
    if (document.numPages > FLOOR_PLAN_MAX_PDF_PAGES)
      throw new Error(`it has ${document.numPages} pages, at most ${FLOOR_PLAN_MAX_PDF_PAGES} are turned into plans`);
    const pages: RenderedPage[] = [];
    for (let number = 1; number <= document.numPages; number++) {
      const page = await document.getPage(number);
      const base = page.getViewport({ scale: 1 });
      const scale = Math.min(RENDER_DPI / 72, MAX_PAGE_PIXELS / Math.max(base.width, base.height));
      const viewport = page.getViewport({ scale });
      const width = Math.max(1, Math.round(viewport.width));
      const height = Math.max(1, Math.round(viewport.height));
      const canvas = createCanvas(width, height);
      const context = canvas.getContext('2d');
      // Plans are drawn on white paper: a transparent page would show the card's background.
      context.fillStyle = '#ffffff';
      context.fillRect(0, 0, width, height);
      await page.render({ canvas: canvas as never, canvasContext: context as never, viewport }).promise;
      pages.push({ number, width, height, png: await canvas.encode('png') });
      page.cleanup();
    }
    return pages;
  } finally {
    await document.destroy();
  }
}
