/** Saving a downloaded blob under the name the server gives in Content-Disposition. */

/** The file name from a Content-Disposition header: its second part, `filename="…"`. */
export function fileNameFromDisposition(header: string | null, fallback: string): string {
  const part = header?.split(';')[1]?.trim();
  const match = part ? /^filename\*?=(?:UTF-8'')?"?([^"]+)"?$/i.exec(part) : null;
  return match ? decodeURIComponent(match[1]) : fallback;
}

/** Offers a blob as a file download. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.className = 'visually-hidden';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
