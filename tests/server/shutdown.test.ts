/**
 * Stopping a real server process with SIGTERM: it stops accepting at once, a request in progress
 * still gets its answer (and is stored), a stalled client (headers sent, body never finished) is
 * cut at the deadline (SHUTDOWN_SECONDS) instead of keeping the process alive, idle keep-alive
 * connections do not hold it up, a request that still arrives on an open connection gets the
 * portal's 503 (the answers that are the same for everyone too), and the process exits with 0.
 */
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { issueToken } from '../../src/server/security/csrf';
import { startServerProcess, type ServerProcess } from '../helpers/serverProcess';

const CSRF_SECRET = 'stoppen-csrf-geheim';
const token = issueToken(CSRF_SECRET);
const BODY = JSON.stringify({ rating: 4, comment: 'Het ging goed.', url: '/uzi/stap1', device: { userAgent: 'test', orientation: 'portrait' } });

function open(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket));
    socket.once('error', reject);
  });
}

/** Everything the server sends on `socket` until it closes the connection. */
function received(socket: Socket): Promise<string> {
  let text = '';
  socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
  return new Promise((resolve) => socket.once('close', () => resolve(text)));
}

function feedbackHead(): string {
  return [
    'POST /api/useropinion HTTP/1.1',
    'Host: 127.0.0.1',
    'Content-Type: application/json',
    `Content-Length: ${Buffer.byteLength(BODY)}`,
    `Cookie: XSRF-TOKEN=${token}`,
    `X-XSRF-TOKEN: ${token}`,
    '',
    '',
  ].join('\r\n');
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('graceful shutdown of a server process', () => {
  let server: ServerProcess | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('answers the request in progress, cuts the stalled client at the deadline and exits with 0', async () => {
    server = await startServerProcess({ CSRF_SECRET, SHUTDOWN_SECONDS: '3', PDF_WORKERS: '0', LOG_LEVEL: 'info' });
    const slow = await open(server.port);
    const slowAnswer = received(slow);
    const stalled = await open(server.port);
    const stalledAnswer = received(stalled);
    const half = Math.floor(BODY.length / 2);
    slow.write(feedbackHead() + BODY.slice(0, half));
    stalled.write(feedbackHead() + BODY.slice(0, half));
    await sleep(300);

    const signalled = Date.now();
    server.kill('SIGTERM');
    await sleep(300);
    // No new connections once stopping.
    await expect(open(server.port)).rejects.toMatchObject({ code: 'ECONNREFUSED' });

    // The slow client finishes its body a second after the signal and gets its answer; a request it
    // sends after that on the same connection is sent elsewhere with the portal's 503.
    await sleep(700);
    slow.write(`${BODY.slice(half)}GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
    const answer = await slowAnswer;
    expect(answer).toMatch(/^HTTP\/1\.1 201 /);
    expect(answer).toMatch(/"id":"/);
    const next = answer.slice(answer.indexOf('HTTP/1.1', 1));
    expect(next).toMatch(/^HTTP\/1\.1 503 /);
    expect(next).toMatch(/\r\nretry-after: 1\r\n/i);
    expect(next).toMatch(/\r\nconnection: close\r\n/i);
    expect(next).toContain('"code":"UREQ-05"');

    // The stalled one is cut at the deadline (never before it), and the process ends by itself.
    const code = await server.exited;
    expect(code).toBe(0);
    expect(Date.now() - signalled).toBeGreaterThanOrEqual(2_900);
    expect(await stalledAnswer).toBe('');
    expect(server.output()).toContain('verbindingen afgebroken na de termijn');
  }, 60_000);

  it('answers a request for a validator module or a flow document that still arrives with the 503 and every security header', async () => {
    server = await startServerProcess({ CSRF_SECRET, SHUTDOWN_SECONDS: '5', PDF_WORKERS: '0' });
    const { validators, flow } = (await (await server.fetch('/api/flows/aanleveren-documenten')).json()) as {
      validators: Record<string, string>;
      flow: { steps: { id: string }[] };
    };
    const clients = await Promise.all([open(server.port), open(server.port)]);
    const answers = clients.map(received);
    for (const client of clients) client.write(feedbackHead() + BODY.slice(0, 10));
    await sleep(300);

    server.kill('SIGTERM');
    await sleep(300);
    const paths = [validators[flow.steps[0].id], '/api/flows/aanleveren-documenten'];
    clients.forEach((client, index) => client.write(`${BODY.slice(10)}GET ${paths[index]} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`));
    for (const answer of await Promise.all(answers)) {
      expect(answer).toMatch(/^HTTP\/1\.1 201 /);
      const next = answer.slice(answer.indexOf('HTTP/1.1', 1));
      expect(next).toMatch(/^HTTP\/1\.1 503 /);
      expect(next).toMatch(/\r\nretry-after: 1\r\n/i);
      expect(next).toMatch(/\r\nconnection: close\r\n/i);
      expect(next).toMatch(/\r\ncontent-security-policy: default-src 'self';/i);
      expect(next).toMatch(/\r\nx-content-type-options: nosniff\r\n/i);
      expect(next).toContain('"code":"UREQ-05"');
    }
    expect(await server.exited).toBe(0);
  }, 60_000);

  it('does not wait for idle keep-alive connections', async () => {
    // A deadline far beyond the test's own time limit: only a server that does not wait can pass.
    server = await startServerProcess({ CSRF_SECRET, SHUTDOWN_SECONDS: '600', PDF_WORKERS: '0' });
    const idle = await open(server.port);
    const closed = received(idle);
    idle.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n');
    await sleep(300);

    server.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.output()).not.toContain('verbindingen afgebroken na de termijn');
    expect(await closed).toMatch(/^HTTP\/1\.1 200 /);
  }, 60_000);
});
