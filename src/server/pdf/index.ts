// Public entry point of the PDF renderer; the server imports from here only.
export { renderPdf } from './renderPdf.js';
export { preloadPdfFonts } from './fonts.js';
export type { PdfBlock, PdfDocumentModel, PdfLang, PdfRow, PdfSigner } from './model.js';
