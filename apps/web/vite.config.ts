import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 1200, sourcemap: false },
  server: { proxy: { '/v1': 'http://127.0.0.1:3000', '/dev': 'http://127.0.0.1:3000' } },
});
