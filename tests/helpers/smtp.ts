/**
 * A real SMTP server for the tests of mail the portal sends (the `smtp-server` package on a free
 * port): every message is kept as its envelope recipients and its text (quoted-printable soft line
 * breaks undone, so a long link reads whole).
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  text: string;
}

export interface TestSmtp {
  /** smtp://127.0.0.1:<port>, for SMTP_URL. */
  url: string;
  mails: ReceivedMail[];
  close(): Promise<void>;
}

export async function startSmtp(): Promise<TestSmtp> {
  const mails: ReceivedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let text = '';
      stream.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), text: text.replace(/=\r?\n/g, '') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  // Closing waits for clients to say goodbye; a client that never does must not hold the tests.
  const close = () =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 5_000);
      smtp.close(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  return { url: `smtp://127.0.0.1:${port}`, mails, close };
}
