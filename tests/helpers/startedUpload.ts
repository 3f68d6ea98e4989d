/**
 * An upload of the documents flow under an Idempotency-Key, started on a connection of its own and
 * held open: everything is sent but the end of its file, so the request is in progress (its key
 * claimed) until `finish` sends the rest and answers the status and body.
 */
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { readdirSync } from 'node:fs';
import http from 'node:http';
import { uploadTempDir } from '../../src/server/uploads/tempFiles';
import { DOCUMENT_FIELDS, minimalPdf, type Session, type TestServer } from './server';

export function startedUpload(server: TestServer, session: Session, uploadPath: string, key: string): { finish(): Promise<{ status: number; body: unknown }> } {
  const url = new URL(server.baseUrl);
  const boundary = `----onderweg${randomUUID()}`;
  const pdf = minimalPdf('Onderweg');
  let head = '';
  for (const [name, value] of Object.entries(DOCUMENT_FIELDS)) head += `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  head += `--${boundary}\r\nContent-Disposition: form-data; name="documenten"; filename="brief.pdf"\r\nContent-Type: application/pdf\r\n\r\n`;
  const tail = `\r\n--${boundary}--\r\n`;
  const request = http.request({
    host: url.hostname,
    port: url.port,
    path: uploadPath,
    method: 'POST',
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': Buffer.byteLength(head) + pdf.length + Buffer.byteLength(tail),
      cookie: session.cookie,
      'x-xsrf-token': session.token,
      'idempotency-key': key,
    },
  });
  const answered = once(request, 'response').then(async (args) => {
    const response = args[0] as http.IncomingMessage;
    let text = '';
    for await (const chunk of response) text += String(chunk);
    return { status: response.statusCode ?? 0, body: JSON.parse(text) as unknown };
  });
  request.write(head);
  request.write(pdf.subarray(0, 100));
  return {
    finish() {
      request.end(Buffer.concat([pdf.subarray(100), Buffer.from(tail)]));
      return answered;
    },
  };
}

/** The temporary files of uploads in progress on `server` (one per file being received). */
export function uploadTempFiles(server: TestServer): string[] {
  try {
    return readdirSync(uploadTempDir(server.config.dataDir)).filter((name) => name.startsWith('upload-'));
  } catch {
    return [];
  }
}
