/**
 * The keepalive answer (doc 2 §7 '{keepalive URL}', `?keepalive=true` to extend), the same for the
 * applicant's session (`GET /api/keepalive`) and the back office's (`GET /api/beheer/keepalive`).
 */
export interface KeepaliveAnswer {
  /** Seconds left; 0 without a session. */
  session: { ttl: number };
}
