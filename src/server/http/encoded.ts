/**
 * Bodies that are the same for every applicant (a flow version's document, its validator modules,
 * its reference lists, the flow index) are serialised and compressed once — brotli and gzip at
 * their strongest settings — and kept with what they were made from, so a request costs a lookup
 * and a write. The representation follows the request's Accept-Encoding; a client that accepts
 * neither gets the identical uncompressed bytes. Each body carries an ETag of its content, so a
 * repeat visit revalidates with a 304 and no body.
 */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export interface EncodedBody {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
  /** Weak validator of the content (the same for every encoding of it). */
  etag: string;
  contentType: string;
}

/** Route options of a route that answers with {@link sendEncoded}: the per-request compression hooks are left out. */
export const PRECOMPRESSED = { compress: false } as const;

export type ContentEncoding = 'br' | 'gzip' | 'identity';

export function encodeBody(body: string | Buffer, contentType: string): EncodedBody {
  const identity = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  return {
    identity,
    br: brotliCompressSync(identity, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: identity.byteLength },
    }),
    gzip: gzipSync(identity, { level: 9 }),
    etag: `W/"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`,
    contentType,
  };
}

export const encodeJson = (value: unknown): EncodedBody => encodeBody(JSON.stringify(value), 'application/json; charset=utf-8');

/**
 * The encoding to send for an Accept-Encoding header: brotli before gzip when both are accepted
 * (q > 0), identity otherwise. `*` accepts both.
 */
export function negotiateEncoding(header: string | string[] | undefined): ContentEncoding {
  if (!header) return 'identity';
  const accepted = new Map<string, number>();
  for (const item of (Array.isArray(header) ? header.join(',') : header).split(',')) {
    const [name, ...params] = item.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((param) => /^\s*q=([0-9.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
    accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const quality = (name: string) => accepted.get(name) ?? accepted.get('*') ?? 0;
  if (quality('br') > 0) return 'br';
  if (quality('gzip') > 0) return 'gzip';
  return 'identity';
}

/** Accept-Encoding values seen and what they negotiate to: browsers send a handful of distinct ones. */
const negotiated = new Map<string, ContentEncoding>();
/** Values longer than this are worked out each time (the cache stays small whatever clients send). */
const NEGOTIATED_LENGTH = 200;
const NEGOTIATED_COUNT = 100;

/** {@link negotiateEncoding} of a request's header, remembered per distinct value. */
function encodingFor(header: string | undefined): ContentEncoding {
  if (!header || header.length > NEGOTIATED_LENGTH) return negotiateEncoding(header);
  let encoding = negotiated.get(header);
  if (encoding === undefined) {
    encoding = negotiateEncoding(header);
    if (negotiated.size >= NEGOTIATED_COUNT) negotiated.clear();
    negotiated.set(header, encoding);
  }
  return encoding;
}

/** Whether an If-None-Match header names this ETag (weak comparison, as RFC 9110 asks for GET). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}

/**
 * Sends an encoded body: 304 when the client holds it, otherwise the representation it accepts.
 * Header names in lower case, as Fastify keeps them (it would lower-case each one again).
 */
export function sendEncoded(request: FastifyRequest, reply: FastifyReply, body: EncodedBody): FastifyReply {
  const vary = reply.getHeader('vary');
  reply.header('vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
  reply.header('etag', body.etag);
  if (matches(request.headers['if-none-match'], body.etag)) return reply.code(304).send();
  const encoding = encodingFor(request.headers['accept-encoding']);
  reply.header('content-type', body.contentType);
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.send(body[encoding]);
}

/**
 * Remembers encoded bodies per owner object (a flow version's content, a list): made on first use,
 * dropped with the owner.
 */
export class EncodedCache {
  private readonly byOwner = new WeakMap<object, Map<string, EncodedBody>>();

  get(owner: object, key: string, make: () => EncodedBody): EncodedBody {
    let bodies = this.byOwner.get(owner);
    if (!bodies) this.byOwner.set(owner, (bodies = new Map()));
    let body = bodies.get(key);
    if (!body) bodies.set(key, (body = make()));
    return body;
  }
}
