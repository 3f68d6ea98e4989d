/**
 * Worker-thread entry of the PDF pool (see pool.ts): loads the embedded fonts once when the thread
 * starts and renders one PdfDocumentModel per task. Bundled as dist/server/pdfWorker.js by
 * `npm run build:server`; loaded from source (through tsx) under vitest and tsx.
 */
import { threadId } from 'node:worker_threads';
import { move, transferableSymbol, valueSymbol } from 'piscina';
import { preloadPdfFonts } from './fonts.js';
import type { PdfDocumentModel } from './model.js';
import { renderPdf } from './renderPdf.js';

/** What a task answers: the PDF bytes and the thread that rendered them. */
export interface RenderedPdf {
  pdf: Uint8Array;
  threadId: number;
}

// Parse the fonts now, while the thread starts, not during the first download.
preloadPdfFonts();

/** Hands the PDF's memory over to the main thread instead of copying it (piscina's transferable protocol, with move()). */
class MovedPdf {
  private readonly value: RenderedPdf;

  constructor(pdf: Buffer) {
    // Only a buffer that owns its whole ArrayBuffer may be transferred (a pooled slice would detach the pool).
    const own = pdf.byteOffset === 0 && pdf.byteLength === pdf.buffer.byteLength ? pdf : new Uint8Array(pdf);
    this.value = { pdf: own, threadId };
  }

  get [transferableSymbol](): ArrayBufferLike {
    return this.value.pdf.buffer;
  }

  get [valueSymbol](): RenderedPdf {
    return this.value;
  }
}

/** The task: the main thread receives a {@link RenderedPdf}. */
export default async function renderInWorker(model: PdfDocumentModel): Promise<unknown> {
  return move(new MovedPdf(await renderPdf(model)));
}
