/** The bytes a multipart request asks to store: its files and its text fields (storageGuard.ts charges them). */
export function submittedBytes(fields: Record<string, string[]>, files: readonly { size: number }[]): number {
  const text = Object.values(fields)
    .flat()
    .reduce((total, value) => total + Buffer.byteLength(value), 0);
  return files.reduce((total, file) => total + file.size, text);
}
