/**
 * Stand-in for fast-uri, which @rjsf/utils uses only to resolve `$ref`s against `$id`s. Flow schemas
 * reach the browser with every `$ref` already inlined, so the WHATWG URL parser the browser ships
 * is enough and ~7 KB of gzipped parser stays out of the bundle.
 */
function resolve(base: string, ref: string): string {
  try {
    return new URL(ref, base).href;
  } catch {
    return ref;
  }
}

function normalize(uri: string): string {
  try {
    return new URL(uri).href;
  } catch {
    return uri;
  }
}

function equal(a: string, b: string): boolean {
  return normalize(a) === normalize(b);
}

export default { resolve, equal };
