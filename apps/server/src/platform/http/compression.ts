import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import compress from '@fastify/compress';

/** JSON answers at least this long are compressed for a caller that accepts it; shorter ones gain less than they cost. */
export const COMPRESS_THRESHOLD = 1024;

/**
 * Compresses API answers: JSON only (the console's files are compressed once at build time and
 * served as they are; the live channel is a socket, never an HTTP answer), Brotli at a quality
 * cheap enough per request, else gzip. Request bodies are never decompressed: a compressed
 * upload is refused like any other body the server does not read.
 */
export async function installCompression(app: FastifyInstance): Promise<void> {
  // Only contract calls compress (set before the plugin reads each route): static files, the
  // reference page and the socket route are left as they are.
  app.addHook('onRoute', (route) => {
    if (!(route.config as { call?: unknown } | undefined)?.call && route.compress === undefined) route.compress = false;
  });
  await app.register(compress, {
    global: true,
    threshold: COMPRESS_THRESHOLD,
    encodings: ['br', 'gzip'],
    customTypes: /^application\/json\b/,
    globalDecompression: false,
    brotliOptions: {
      params: {
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
      },
    },
    zlibOptions: { level: 6 },
  });
}
