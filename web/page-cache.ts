// Answers from memory: the built static files and the rendered pages, each kept with its gzip and
// brotli forms and an ETag, so a request costs no file read, no render and no compression.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** One answer, ready to send: the body in every encoding the client may take. */
export interface Prepared {
  status: number;
  type: string;
  cacheControl: string;
  etag: string;
  body: Buffer;
  gzip?: Buffer;
  br?: Buffer;
  /** Time (ms) after which the answer must be made again; Infinity for files. */
  validUntil: number;
}

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.txt', '.ico']);
/** Below this a compressed body saves less than its headers cost. */
const MIN_COMPRESS = 512;

const etagOf = (body: Buffer) => `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 27)}"`;

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);
const brotliOptions = (size: number) => ({
  params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size },
});

/** Compresses a body once, at the strongest settings: it is sent many times. */
export async function prepare(fields: Omit<Prepared, 'etag' | 'gzip' | 'br'>): Promise<Prepared> {
  const { body } = fields;
  if (body.length < MIN_COMPRESS) return { ...fields, etag: etagOf(body) };
  const [gz, br] = await Promise.all([gzip(body, { level: 9 }), brotli(body, brotliOptions(body.length))]);
  return { ...fields, etag: etagOf(body), gzip: gz, br };
}

/**
 * Every file of the client build, keyed by URL path. `npm run build` writes .gz and .br beside
 * each compressible file; a build without them is compressed here, once, at start.
 */
export async function loadStaticFiles(clientDir: string): Promise<Map<string, Prepared>> {
  const files = new Map<string, Prepared>();
  const names = readdirSync(clientDir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => path.join(d.parentPath, d.name))
    .filter((f) => !/\.(gz|br)$/.test(f) && !f.includes(`${path.sep}.vite${path.sep}`) && path.basename(f) !== 'index.html');
  for (const file of names) {
    const urlPath = '/' + path.relative(clientDir, file).split(path.sep).join('/');
    const ext = path.extname(file);
    // Hashed names never change content, so browsers may keep them for a year.
    const cacheControl = urlPath.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=86400';
    const fields = {
      status: 200,
      type: TYPES[ext] ?? 'application/octet-stream',
      cacheControl,
      body: readFileSync(file),
      validUntil: Infinity,
    };
    if (!COMPRESSIBLE.has(ext)) files.set(urlPath, { ...fields, etag: etagOf(fields.body) });
    else if (existsSync(`${file}.br`) && existsSync(`${file}.gz`)) {
      files.set(urlPath, { ...fields, etag: etagOf(fields.body), gzip: readFileSync(`${file}.gz`), br: readFileSync(`${file}.br`) });
    } else files.set(urlPath, await prepare(fields));
  }
  return files;
}

/** br, gzip or identity, as the Accept-Encoding header allows ("q=0" refuses a coding). */
function pickEncoding(accept: string | undefined, p: Prepared): 'br' | 'gzip' | undefined {
  if (!accept || !p.gzip) return undefined;
  const allows = (coding: string) => {
    const i = accept.indexOf(coding);
    if (i < 0) return false;
    const rest = accept.slice(i + coding.length, accept.indexOf(',', i) >>> 0);
    return !/;\s*q=0(\.0*)?\s*$/.test(rest);
  };
  if (p.br && allows('br')) return 'br';
  if (allows('gzip')) return 'gzip';
  return undefined;
}

/** True when If-None-Match names this ETag (weak comparison, as RFC 9110 asks for GET). */
function notModified(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const bare = etag.slice(2);
  return header.split(',').some((t) => {
    const v = t.trim();
    return v === etag || v === bare;
  });
}

/**
 * Sends a prepared answer: 304 on a matching If-None-Match, else the best encoding, HEAD without body.
 * `first` are headers sent before the answer's own (the security headers, on the path that skips Express).
 */
export function sendPrepared(req: IncomingMessage, res: ServerResponse, p: Prepared, first?: Record<string, string>): void {
  const headers: Record<string, string | number> = { ...first, 'Cache-Control': p.cacheControl, ETag: p.etag };
  if (p.gzip) headers.Vary = 'Accept-Encoding';
  if (p.status === 200 && notModified(req.headers['if-none-match'], p.etag)) {
    res.writeHead(304, headers).end();
    return;
  }
  const encoding = pickEncoding(req.headers['accept-encoding'], p);
  const body = encoding === 'br' ? p.br! : encoding === 'gzip' ? p.gzip! : p.body;
  headers['Content-Type'] = p.type;
  headers['Content-Length'] = body.length;
  if (encoding) headers['Content-Encoding'] = encoding;
  res.writeHead(p.status, headers).end(req.method === 'HEAD' ? undefined : body);
}
