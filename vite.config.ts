import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { precompress } from './src/build/precompress';

// The explorer is built into dist/web (each text asset beside its .br and .gz) and served by the API
// server at `/`, or by any static host (docs/deploy.md).
export default defineConfig({
  plugins: [
    tanstackRouter({
      target: 'react',
      routesDirectory: './src/web/routes',
      generatedRouteTree: './src/web/route-tree.gen.ts',
      autoCodeSplitting: true,
    }),
    react(),
    tailwindcss(),
    precompress(),
  ],
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // React, TanStack and zod in one chunk: every page needs them at start, and split by the
          // automatic chunking into four files they cost four requests' headers on the wire.
          // (@ton/core and React Flow stay out: only the pages that decode or draw a graph load them.)
          groups: [{ name: 'framework', test: /node_modules[\\/](react|react-dom|scheduler|@tanstack|zod)[\\/]/ }],
        },
      },
    },
  },
  server: {
    proxy: { '/api': process.env.LEDGERSCOPE_API ?? 'http://127.0.0.1:8080' },
  },
});
