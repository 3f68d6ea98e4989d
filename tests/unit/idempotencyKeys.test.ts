import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { answerIsLost, AttemptKeys, newIdempotencyKey, type AttemptStore, type OpenAttempt } from '../../src/api/idempotency';
import { idempotencyKeyOf } from '../../src/server/idempotency';

describe('Idempotency-Key per attempt (browser)', () => {
  let made = 0;
  const keys = () => new AttemptKeys(() => `sleutel-${String((made += 1)).padStart(10, '0')}`);

  it('reuses the key when the same request is sent again after a lost answer', () => {
    const attempts = keys();
    const first = attempts.keyFor('/api/x/upload', 'model-1');
    for (const lost of [undefined, 408, 409, 429, 500, 503]) {
      attempts.settle('/api/x/upload', lost);
      expect(attempts.keyFor('/api/x/upload', 'model-1')).toBe(first);
    }
  });

  it('starts a new attempt after a final answer, or for other content', () => {
    const attempts = keys();
    const first = attempts.keyFor('/api/x/upload', 'model-1');
    attempts.settle('/api/x/upload', undefined);
    const changed = attempts.keyFor('/api/x/upload', 'model-2');
    expect(changed).not.toBe(first);
    attempts.settle('/api/x/upload', 200);
    expect(attempts.keyFor('/api/x/upload', 'model-2')).not.toBe(changed);
    const refused = attempts.keyFor('/api/x/upload', 'model-2');
    attempts.settle('/api/x/upload', 400);
    expect(attempts.keyFor('/api/x/upload', 'model-2')).not.toBe(refused);
  });

  it('keeps the attempts of different calls apart', () => {
    const attempts = keys();
    const upload = attempts.keyFor('/api/x/upload', 'same');
    const opinion = attempts.keyFor('useropinion', 'same');
    expect(opinion).not.toBe(upload);
    attempts.settle('useropinion', 201);
    expect(attempts.keyFor('/api/x/upload', 'same')).toBe(upload);
  });

  it("keeps an open attempt with the tab's data, so the page after a reload sends it under the same key", () => {
    let kept: Record<string, OpenAttempt> = {};
    const tab: AttemptStore = { read: () => kept, write: (open) => (kept = open) };
    const before = new AttemptKeys(newIdempotencyKey, tab);
    const key = before.keyFor('/api/x/indienen', '{"naam":"Jan Janssen"}');
    before.settle('/api/x/indienen', undefined);
    // The tab keeps a digest of the request, not the answers themselves.
    expect(JSON.stringify(kept)).not.toContain('Jan Janssen');
    const afterReload = new AttemptKeys(newIdempotencyKey, tab);
    expect(afterReload.keyFor('/api/x/indienen', '{"naam":"Jan Janssen"}')).toBe(key);
    afterReload.settle('/api/x/indienen', 201);
    expect(kept).toEqual({});
    expect(new AttemptKeys(newIdempotencyKey, tab).keyFor('/api/x/indienen', '{"naam":"Jan Janssen"}')).not.toBe(key);
  });

  it('makes random keys of a form the server accepts', () => {
    const key = newIdempotencyKey();
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(newIdempotencyKey()).not.toBe(key);
    expect(idempotencyKeyOf({ headers: { 'idempotency-key': key } } as unknown as FastifyRequest)).toBe(key);
    expect(answerIsLost(201)).toBe(false);
    expect(answerIsLost(422)).toBe(false);
  });
});
