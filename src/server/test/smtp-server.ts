import { createServer, type Socket } from 'node:net';

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  messageId: string;
  data: string;
}

/** What the server answers to a mail's data: 250, 451 (try later), 550 (refused), or nothing. */
export type SmtpAnswer = 'accept' | 'defer' | 'reject' | 'hang';

/**
 * A small SMTP server on loopback for tests: it speaks just enough of RFC 5321 for nodemailer
 * (no TLS, no auth) and lets the test decide the answer to each mail, by subject and attempt.
 */
export async function startSmtpServer(
  decide: (subject: string, attempt: number) => SmtpAnswer = () => 'accept',
) {
  const accepted: ReceivedMail[] = [];
  const attempts = new Map<string, number>();
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    let buffer = '';
    let inData = false;
    let data: string[] = [];
    let from = '';
    let to: string[] = [];
    const reply = (line: string) => socket.write(`${line}\r\n`);
    const header = (name: string, text: string) =>
      new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(text.split('\r\n\r\n')[0] ?? '')?.[1]?.trim() ?? '';
    const onLine = (line: string) => {
      if (inData) {
        if (line !== '.') {
          data.push(line.startsWith('..') ? line.slice(1) : line);
          return;
        }
        inData = false;
        const text = data.join('\r\n');
        const subject = header('Subject', text);
        const attempt = (attempts.get(subject) ?? 0) + 1;
        attempts.set(subject, attempt);
        const answer = decide(subject, attempt);
        if (answer === 'accept') {
          accepted.push({ from, to, subject, messageId: header('Message-ID', text), data: text });
          reply('250 2.0.0 queued');
        } else if (answer === 'defer') reply('451 4.3.0 try again later');
        else if (answer === 'reject') reply('550 5.1.1 no such mailbox');
        return;
      }
      const verb = line.slice(0, 4).toUpperCase();
      if (verb === 'EHLO' || verb === 'HELO') reply('250 test.smtp');
      else if (verb === 'MAIL') {
        from = /<([^>]*)>/.exec(line)?.[1] ?? '';
        to = [];
        reply('250 2.1.0 ok');
      } else if (verb === 'RCPT') {
        to.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
        reply('250 2.1.5 ok');
      } else if (verb === 'DATA') {
        inData = true;
        data = [];
        reply('354 go ahead');
      } else if (verb === 'QUIT') {
        reply('221 bye');
        socket.end();
      } else reply('250 ok');
    };
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (let i = buffer.indexOf('\r\n'); i >= 0; i = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, i);
        buffer = buffer.slice(i + 2);
        onLine(line);
      }
    });
    reply('220 test.smtp ESMTP');
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    accepted,
    attempts,
    close: () =>
      new Promise<void>((ok) => {
        for (const s of sockets) s.destroy();
        server.close(() => ok());
      }),
  };
}
