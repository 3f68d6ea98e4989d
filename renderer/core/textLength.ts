/** Length as JSON Schema counts it (code points, like ajv's maxLength). No React, so the server may use it. */
export function textLength(text: string): number {
  return Array.from(text).length;
}
