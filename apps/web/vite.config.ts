import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
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
