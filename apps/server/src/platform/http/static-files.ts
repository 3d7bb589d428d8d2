import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { Config } from '../../config.js';
import type { FileStorage } from '../files/storage.js';
import { sendError } from './envelope.js';

// Screens live at paths such as /device/cabinet; only /{service}/api/ is the API.
const API_PREFIXES = ['/user/api/', '/order/api/', '/device/api/', '/openapi.json', '/reference', '/ws', '/files/'];

/**
 * The files the server hands out: uploads (images only, never run as a page), the console's build
 * (when there is one) and, for any other path, the console page or the envelope's not-found.
 */
export async function serveFiles(app: FastifyInstance, files: FileStorage, config: Config): Promise<void> {
  // Uploaded files are only ever images: served with their type fixed (nosniff) and a sandbox
  // policy, so a file can never be run as a page even if something other than an image got in.
  const uploadHeaders = {
    setHeaders: uploadedFileHeaders,
    decorateReply: false,
    maxAge: '7d',
    immutable: true,
  } as const;
  await app.register(fastifyStatic, { root: files.avatarsDir, prefix: '/files/avatars/', ...uploadHeaders });
  await app.register(fastifyStatic, { root: files.imagesDir, prefix: '/files/images/', ...uploadHeaders });
  const hasWeb = fs.existsSync(path.join(config.webDist, 'index.html'));
  if (hasWeb) {
    // Built with a .br and a .gz copy of each file (vite.config.ts): the smallest one the browser
    // accepts is sent, with Content-Encoding and Vary: Accept-Encoding.
    await app.register(fastifyStatic, {
      root: config.webDist,
      prefix: '/',
      wildcard: false,
      index: false,
      preCompressed: true,
      globIgnore: ['**/*.br', '**/*.gz'],
    });
    // Hashed assets never change; index.html must be re-read on every visit. A missing asset is
    // not cached (a newer build may bring it).
    app.addHook('onSend', async (req, reply) => {
      if (req.url.startsWith('/assets/'))
        reply.header('cache-control', reply.statusCode < 400 ? 'public, max-age=31536000, immutable' : 'no-store');
    });
  }
  app.setNotFoundHandler((req, reply) => {
    const isApi = API_PREFIXES.some((p) => req.url.startsWith(p));
    // A script or style that is not there (a tab still running an older build asks for a chunk
    // this build does not have) is a plain not-found: the console page in its place would be
    // run as a script and fail with a misleading type error.
    if (!isApi && hasWeb && req.method === 'GET' && !req.url.startsWith('/assets/')) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html', config.webDist);
    }
    return sendError(reply, req.lang, 'NOT_FOUND');
  });
}

/** Headers of a served upload: its type as stored, never sniffed, never a document that runs. */
function uploadedFileHeaders(reply: FastifyReply, filePath: string): void {
  reply.header('x-content-type-options', 'nosniff');
  reply.header('content-security-policy', "default-src 'none'; sandbox");
  // Only images are ever stored; anything else found there is handed over as an opaque download.
  if (!/\.(png|jpe?g|gif|webp)$/i.test(filePath)) {
    reply.header('content-type', 'application/octet-stream');
    reply.header('content-disposition', 'attachment');
  }
}
