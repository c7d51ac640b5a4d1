/**
 * The production build: the client bundle (with a manifest), the server (the render entry and the
 * process `npm start` runs), the service worker with its precache manifest, and brotli/gzip
 * copies of the client files. Records a fingerprint of the sources so `npm start` can tell
 * whether the build is stale.
 */
import path from 'node:path'
import { writeFile } from 'node:fs/promises'
import { build } from 'vite'
import { injectManifest } from 'workbox-build'
import { sourceFingerprint, BUILD_STAMP } from './build-stamp'
import { precompressDirectory } from './precompress'

const root = path.resolve(import.meta.dirname, '..')

export async function buildAll({ quiet = false } = {}) {
  // React's JSX transform follows NODE_ENV: a build made from a test run (NODE_ENV=test) would
  // ship the development runtime, which production React does not have. Always build for
  // production, and leave the caller's environment as it was.
  const callerNodeEnv = process.env.NODE_ENV
  process.env.NODE_ENV = 'production'
  try {
    await buildForProduction(quiet)
  } finally {
    if (callerNodeEnv === undefined) delete process.env.NODE_ENV
    else process.env.NODE_ENV = callerNodeEnv
  }
}

async function buildForProduction(quiet: boolean) {
  const logLevel = quiet ? 'warn' : 'info'
  const started = Date.now()
  await build({ root, logLevel, mode: 'production', build: { outDir: 'dist/client' } })
  // One server build: the render entry, the server process itself (dist/server/start.js, what
  // `npm start` runs) and the database worker it starts (dist/server/pglite-worker.js, ADR 0023),
  // so no TypeScript is transpiled at run time. Packages stay in node_modules.
  await build({
    root,
    logLevel,
    mode: 'production',
    build: {
      ssr: true,
      outDir: 'dist/server',
      emptyOutDir: true,
      manifest: false,
      copyPublicDir: false,
      sourcemap: true,
      rolldownOptions: {
        input: {
          'entry-server': 'src/entry-server.tsx',
          start: 'server/start.ts',
          'pglite-worker': 'server/db/pglite-worker.ts',
        },
      },
    },
  })
  // The service worker is bundled on its own (it must not share chunks with the page) and then
  // given the list of hashed assets to precache.
  await build({
    root,
    logLevel,
    configFile: false,
    // Workbox reads process.env.NODE_ENV for its development logging; a worker has no process.
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    publicDir: false,
    build: {
      outDir: 'dist/sw',
      emptyOutDir: true,
      minify: true,
      lib: { entry: 'sw/sw.ts', formats: ['es'], fileName: () => 'sw.js' },
    },
  })
  const { count, size } = await injectManifest({
    swSrc: path.join(root, 'dist/sw/sw.js'),
    swDest: path.join(root, 'dist/client/sw.js'),
    globDirectory: path.join(root, 'dist/client'),
    globPatterns: [
      'assets/**/*.{js,css,json,svg,png,webp,woff2}',
      'manifest.webmanifest',
      'icons/*.png',
      'offline.html',
    ],
  })
  // Last, so the service worker written above gets its compressed copies too.
  const compressed = await precompressDirectory(path.join(root, 'dist/client'))
  await writeFile(path.join(root, BUILD_STAMP), await sourceFingerprint(root))
  if (!quiet)
    console.log(
      `Built in ${Date.now() - started} ms; service worker precaches ${count} files (${Math.round(size / 1024)} KiB); ` +
        `${compressed.files} files precompressed (${kib(compressed.originalBytes)} → ${kib(compressed.brotliBytes)} brotli, ${kib(compressed.gzipBytes)} gzip)`,
    )
}

function kib(bytes: number): string {
  return `${Math.round(bytes / 1024)} KiB`
}

if (import.meta.url === `file://${process.argv[1]}`) {
  buildAll().catch((error: unknown) => {
    console.error(error)
    process.exit(1)
  })
}
