import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { RequestListener } from 'node:http';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface HttpsStub {
  /** https://127.0.0.1:port, no trailing slash. */
  origin: string;
  port: number;
  /** The server's self-signed certificate (PEM): the CA a client given it should trust. */
  cert: string;
  close(): Promise<void>;
}

/** A throw-away self-signed certificate for 127.0.0.1 and `dnsNames`, valid for a day. */
function selfSignedCertificate(dnsNames: string[]): { key: string; cert: string } {
  const dir = mkdtempSync(join(tmpdir(), 'vonk-https-stub-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        `subjectAltName=${['IP:127.0.0.1', ...dnsNames.map((n) => `DNS:${n}`)].join(',')}`,
      ],
      { stdio: 'ignore' },
    );
    return {
      key: readFileSync(join(dir, 'key.pem'), 'utf8'),
      cert: readFileSync(join(dir, 'cert.pem'), 'utf8'),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * An HTTPS server on loopback with its own certificate, for a test stand-in of an outside HTTPS service
 * (Mollie, a push service): the real clients are tested without the network.
 */
export async function startHttpsStub(handler: RequestListener, dnsNames: string[] = []): Promise<HttpsStub> {
  const tls = selfSignedCertificate(dnsNames);
  const server = createServer(tls, handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `https://127.0.0.1:${port}`,
    port,
    cert: tls.cert,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
