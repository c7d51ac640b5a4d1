import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'

// The client build writes a manifest so the server can link the entry, its imports and the
// current page's chunk (server/ssr/assets.ts). The SSR build is made by scripts/build.ts.
export default defineConfig({
  plugins: [react()],
  build: {
    manifest: true,
    outDir: 'dist/client',
    emptyOutDir: true,
    target: 'es2022',
    rolldownOptions: {
      input: 'src/entry-client.tsx',
    },
  },
})
