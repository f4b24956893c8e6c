import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rollup } from 'vite';
import { firstLoadNamespaces } from './src/lib/namespaces.js';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text the browser fetches; images other than SVG, fonts and archives are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map|webmanifest)$/;
/** Below one TCP packet a compressed copy saves nothing worth a second file. */
const MIN_BYTES = 1024;

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else yield path;
  }
}

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) beside every compressible
 * file of the build, once, at build time: the server (@fastify/static `preCompressed`) sends them
 * by the request's Accept-Encoding and never compresses a file per request (docs/decisions/0530).
 * A copy that is not smaller than the file is not written, so the file itself is sent.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'high5-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    // After the output is written (public files are copied before it).
    async writeBundle() {
      const work: Promise<void>[] = [];
      for await (const path of files(outDir)) {
        if (!COMPRESSIBLE.test(path) || path.includes('/.vite/')) continue;
        if ((await stat(path)).size < MIN_BYTES) continue;
        work.push(
          readFile(path).then(async (body) => {
            const [br, gzipped] = await Promise.all([
              brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } }),
              gz(body, { level: 9 }),
            ]);
            if (br.length < body.length) await writeFile(`${path}.br`, br);
            if (gzipped.length < body.length) await writeFile(`${path}.gz`, gzipped);
          }),
        );
      }
      await Promise.all(work);
    },
  };
}


/**
 * Preloads the first screen's catalogs in the visitor's language beside the entry script, instead of
 * after the entry has run (docs/decisions/0552). The language is known only in the browser (the
 * choice kept this session, else the browser's, as lib/i18n.ts `initialLanguage`), and the page's
 * CSP allows no inline script: a tiny async script of our own adds the `modulepreload` links.
 */
export function preloadCatalogs(): Plugin {
  return {
    name: 'high5-preload-catalogs',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const files: Record<string, string[]> = {};
        for (const file of Object.keys(ctx.bundle ?? {})) {
          const m = /^assets\/i18n-(\w+)-(\w+)-[\w-]+\.js$/.exec(file);
          if (m && (firstLoadNamespaces as readonly string[]).includes(m[2]!)) (files[m[1]!] ??= []).push(`/${file}`);
        }
        const source = `(function(){var f=${JSON.stringify(files)},l='en';try{l=(sessionStorage.getItem('high5.language')||navigator.language||'').toLowerCase().indexOf('es')===0?'es':'en'}catch(e){}(f[l]||[]).forEach(function(h){var k=document.createElement('link');k.rel='modulepreload';k.crossOrigin='';k.href=h;document.head.appendChild(k)})})();`;
        // At build time the hook runs inside the bundle's generation, which can emit files (Vite's types omit it).
        const bundler = this as unknown as Rollup.PluginContext;
        const name = bundler.emitFile({ type: 'asset', name: 'catalog-preload.js', source });
        return [{ tag: 'script', attrs: { async: true, fetchpriority: 'high', src: `/${bundler.getFileName(name)}` }, injectTo: 'head-prepend' }];
      },
    },
  };
}

export default defineConfig({
  // Brotli and gzip copies of every asset, sent as they are by the server (docs/decisions/0530).
  plugins: [react(), preloadCatalogs(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1200,
    sourcemap: false,
    // The manifest is what scripts/bundle-budget.mjs measures; catalogs are named by language and namespace for it.
    manifest: true,
    rollupOptions: {
      output: {
        chunkFileNames: (chunk) => {
          const catalog = /\/i18n\/src\/(\w+)\/(\w+)\.json$/.exec(chunk.facadeModuleId ?? (chunk.moduleIds.length === 1 ? (chunk.moduleIds[0] ?? '') : ''));
          return catalog ? `assets/i18n-${catalog[1]}-${catalog[2]}-[hash].js` : 'assets/[name]-[hash].js';
        },
      },
    },
  },
  server: { proxy: { '/v1': 'http://127.0.0.1:3000', '/dev': 'http://127.0.0.1:3000' } },
});
