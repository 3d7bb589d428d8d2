import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const server = process.env.API_ORIGIN ?? 'http://127.0.0.1:8080';
const proxied = ['/user', '/order', '/device', '/files', '/openapi.json', '/reference'];

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Writes a Brotli (.br) and a gzip (.gz) copy beside every text file of the build, compressed
 * once at the highest levels, so the server hands browsers the smallest copy they accept without
 * compressing anything per request (@fastify/static's preCompressed). Files under 1 KB gain
 * nothing and are left alone; the server then sends them as they are.
 */
function precompress(): Plugin {
  return {
    name: 'cbo-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      const files = Object.keys(bundle).filter((f) => /\.(js|mjs|css|html|svg|json|txt)$/.test(f));
      await Promise.all(
        files.map(async (f) => {
          const file = path.join(dir, f);
          const raw = await fs.readFile(file);
          if (raw.length < 1024) return;
          const [br, gz] = await Promise.all([
            brotli(raw, {
              params: {
                [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
                [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
              },
            }),
            gzip(raw, { level: 9 }),
          ]);
          await Promise.all([fs.writeFile(`${file}.br`, br), fs.writeFile(`${file}.gz`, gz)]);
        }),
      );
    },
  };
}

/** Namespaces the console loads before its first screen (SHELL_NAMESPACES in src/shared/i18n.ts). */
const SHELL_NS = ['common', 'login', 'layout', 'menu', 'errors', 'kit', 'export', 'role'];
const DAYJS_LANG: Record<string, string> = { 'zh-cn': 'zh_CN', 'zh-tw': 'zh_TW' };

/**
 * One chunk per language for what /login needs in that language (its shell strings, antd's and
 * dayjs's locale), instead of a dozen files of a few hundred bytes, each costing a request and a
 * kilobyte of headers.
 */
function startChunk(id: string): string | null {
  const own = /\/src\/locales\/(\w+)\/(\w+)\.ts$/.exec(id);
  if (own && SHELL_NS.includes(own[2]!)) return `start-${own[1]}`;
  const antd = /\/antd\/es\/locale\/(zh_CN|zh_TW)\.js$/.exec(id);
  if (antd) return `start-${antd[1]}`;
  const dayjs = /\/dayjs\/locale\/(zh-cn|zh-tw)\.js$/.exec(id);
  if (dayjs) return `start-${DAYJS_LANG[dayjs[1]!]}`;
  return null;
}

export default defineConfig({
  plugins: [react(), precompress()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: {
    port: 5173,
    proxy: {
      ...Object.fromEntries(proxied.map((p) => [p, { target: server, changeOrigin: false }])),
      '/ws': { target: server.replace(/^http/, 'ws'), ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        codeSplitting: { includeDependenciesRecursively: false, groups: [{ name: startChunk, debugName: 'start' }] },
      },
    },
  },
});
