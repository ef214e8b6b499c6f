// The peer's own build (run by bench/run.mjs): a plain react-admin app, production build.
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, manifest: true, chunkSizeWarningLimit: 4096 },
  preview: { host: 'localhost' },
});
