import { readdirSync, readFileSync } from 'node:fs';
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
              brotli(body, {
                params: {
                  [constants.BROTLI_PARAM_QUALITY]: 11,
                  [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
                  [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
                },
              }),
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

/** Set once the splash has played in this browser session (the bench's `--no-splash` sets it too). */
const SPLASH_FLAG = 'high5.splashShown';

/** `{{namespace:key}}` in index.html: the key's words in every language, each in its own `lang` span. */
function catalogWords(html: string) {
  const catalogs = new URL('../../packages/i18n/src/', import.meta.url);
  const languages = readdirSync(catalogs, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? [entry.name] : []));
  return html.replace(/\{\{(\w+):([\w.]+)\}\}/g, (_match, namespace: string, key: string) =>
    languages
      .map((lang) => {
        const catalog = JSON.parse(readFileSync(new URL(`${lang}/${namespace}.json`, catalogs), 'utf8')) as Record<string, unknown>;
        const words = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalog);
        if (typeof words !== 'string') throw new Error(`index.html names ${namespace}:${key}, which ${lang} does not have`);
        return `<span lang="${lang}">${words.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</span>`;
      })
      .join(''),
  );
}

/**
 * What must happen before the first paint, in a script of our own (the page's CSP allows no inline
 * script), render-blocking but tiny and asked first (docs/decisions/0552, 0614):
 * - the visitor's language (the choice kept this session, else the browser's, as lib/i18n.ts
 *   `initialLanguage`) on `<html lang>`, and `modulepreload` links for the first screen's catalogs in
 *   it, so they download with the entry instead of after it;
 * - whether this visit shows the logo splash (on `/`, once per browser session, never for reduced
 *   motion; decision 0054): `html[data-splash]` draws index.html's splash at once, and
 *   `data-splash-at` is when its 3500 ms began, for the sign-in screen that takes it over (app/splash.ts).
 * In development there is no such script: no splash, catalogs fetched by the app.
 */
export function firstPaint(): Plugin {
  return {
    name: 'high5-first-paint',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        html = catalogWords(html);
        if (!ctx.bundle) return html;
        const files: Record<string, string[]> = {};
        for (const file of Object.keys(ctx.bundle)) {
          const m = /^assets\/i18n-(\w+)-(\w+)-[\w-]+\.js$/.exec(file);
          if (m && (firstLoadNamespaces as readonly string[]).includes(m[2]!)) (files[m[1]!] ??= []).push(`/${file}`);
        }
        const source = `(function(){var f=${JSON.stringify(files)},d=document.documentElement,s=sessionStorage,l='en';try{l=(s.getItem('high5.language')||navigator.language||'').toLowerCase().indexOf('es')===0?'es':'en';d.lang=l;if(location.pathname==='/'&&!s.getItem('${SPLASH_FLAG}')&&!matchMedia('(prefers-reduced-motion: reduce)').matches){s.setItem('${SPLASH_FLAG}','1');d.setAttribute('data-splash','on');d.setAttribute('data-splash-at',String(performance.now()))}}catch(e){}(f[l]||[]).forEach(function(h){var k=document.createElement('link');k.rel='modulepreload';k.crossOrigin='';k.href=h;document.head.appendChild(k)})})();`;
        // At build time the hook runs inside the bundle's generation, which can emit files (Vite's types omit it).
        const bundler = this as unknown as Rollup.PluginContext;
        const name = bundler.emitFile({ type: 'asset', name: 'first-paint.js', source });
        return { html, tags: [{ tag: 'script', attrs: { fetchpriority: 'high', src: `/${bundler.getFileName(name)}` }, injectTo: 'head-prepend' }] };
      },
    },
  };
}

export default defineConfig({
  // Brotli and gzip copies of every asset, sent as they are by the server (docs/decisions/0530).
  plugins: [react(), firstPaint(), precompress()],
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
