import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import type { TestMember } from './members.ts';

export interface Part {
  name: string;
  value: string | Buffer;
  filename?: string;
  type?: string;
}

/** A multipart/form-data body built by hand, exactly as a browser would send it. */
export function multipart(parts: Part[]) {
  const boundary = `----vonk${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename ? `; filename="${p.filename}"` : ''}`;
    const type = p.filename ? `Content-Type: ${p.type ?? 'application/octet-stream'}\r\n` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`));
    chunks.push(Buffer.isBuffer(p.value) ? p.value : Buffer.from(p.value));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Each member uploads from its own address, so per-address limits never trip across tests. */
export const addressOf = (m: TestMember) => `10.1.${(m.id >> 8) & 255}.${m.id & 255}`;

/** Sends a multipart form to POST /api/photos as this member. */
export function sendParts(app: FastifyInstance, m: TestMember, parts: Part[]) {
  return app.inject({
    method: 'POST',
    url: '/api/photos',
    cookies: m.cookies,
    remoteAddress: addressOf(m),
    ...multipart(parts),
  });
}

/** Uploads one photo as this member (a JPEG named me.jpg unless told otherwise). */
export function uploadPhotoAs(
  app: FastifyInstance,
  m: TestMember,
  data: Buffer,
  opts: { isPrivate?: boolean; filename?: string; type?: string } = {},
) {
  const parts: Part[] = [];
  if (opts.isPrivate !== undefined) parts.push({ name: 'is_private', value: String(opts.isPrivate) });
  parts.push({
    name: 'photo',
    value: data,
    filename: opts.filename ?? 'me.jpg',
    type: opts.type ?? 'image/jpeg',
  });
  return sendParts(app, m, parts);
}

/** A plain JPEG of this size. */
export const testJpeg = (width = 800, height = 1000) =>
  sharp({ create: { width, height, channels: 3, background: '#c66' } })
    .jpeg()
    .toBuffer();

/** The media key at the end of a media URL or path. */
export const keyOf = (url: string) => new URL(url, 'http://x').pathname.split('/').pop() ?? '';
