/**
 * Which scripts and styles a page needs, from Vite's build manifest: the client entry with its
 * static imports and CSS, plus the chunks of the page's own route module and of its language's
 * messages, so the browser fetches them in parallel instead of discovering them one by one.
 */
import path from 'node:path'
import { readFile } from 'node:fs/promises'

interface ManifestChunk {
  file: string
  src?: string
  isEntry?: boolean
  imports?: string[]
  dynamicImports?: string[]
  css?: string[]
}

export interface PageAssets {
  /** The module script that boots the client. */
  entry: string
  /** Module scripts to preload (entry's static imports and the route's chunk). */
  modulepreload: string[]
  stylesheets: string[]
  /** The stylesheets' contents, in order, to inline into the head (production). */
  inlineCss?: string
  /** Extra raw HTML for the head in development (Vite client, React refresh preamble). */
  devHead?: string
}

export interface AssetManifest {
  /** The assets of a page: the entry's, its route module's and its messages module's chunks. */
  forRoute(routeModule: string | undefined, messagesModule?: string): PageAssets
}

const ENTRY = 'src/entry-client.tsx'

export async function loadAssetManifest(clientDist: string): Promise<AssetManifest> {
  const file = path.join(clientDist, '.vite/manifest.json')
  const raw = await readFile(file, 'utf8').catch(() => {
    throw new Error(`The production build is missing (${file}). Run "npm run build" or "npm start".`)
  })
  const chunks = JSON.parse(raw) as Record<string, ManifestChunk>
  const entryChunk = chunks[ENTRY]
  if (!entryChunk) throw new Error(`The build manifest has no entry for ${ENTRY}`)

  /** A chunk's file, CSS and its static imports, depth first, each once. */
  const collect = (key: string, scripts: Set<string>, styles: Set<string>) => {
    const chunk = chunks[key]
    if (!chunk || scripts.has(`/${chunk.file}`)) return
    scripts.add(`/${chunk.file}`)
    for (const css of chunk.css ?? []) styles.add(`/${css}`)
    for (const imported of chunk.imports ?? []) collect(imported, scripts, styles)
  }
  const cache = new Map<string, PageAssets>()
  const cssFiles = new Set(Object.values(chunks).flatMap((chunk) => chunk.css ?? []))
  const cssText = new Map<string, string>(
    await Promise.all(
      [...cssFiles].map(
        async (file) => [`/${file}`, await readFile(path.join(clientDist, file), 'utf8')] as const,
      ),
    ),
  )

  return {
    forRoute(routeModule, messagesModule) {
      const key = `${routeModule ?? ''} ${messagesModule ?? ''}`
      const cached = cache.get(key)
      if (cached) return cached
      const scripts = new Set<string>()
      const styles = new Set<string>()
      collect(ENTRY, scripts, styles)
      if (routeModule) collect(routeModule, scripts, styles)
      if (messagesModule) collect(messagesModule, scripts, styles)
      const entry = `/${entryChunk.file}`
      scripts.delete(entry)
      const stylesheets = [...styles]
      const inlineCss = stylesheets.map((href) => cssText.get(href) ?? '').join('\n')
      const assets = { entry, modulepreload: [...scripts], stylesheets, inlineCss }
      cache.set(key, assets)
      return assets
    },
  }
}

const REACT_REFRESH_PREAMBLE = `<script type="module">import RefreshRuntime from "/@react-refresh";RefreshRuntime.injectIntoGlobalHook(window);window.$RefreshReg$=()=>{};window.$RefreshSig$=()=>(type)=>type;window.__vite_plugin_react_preamble_installed__=true</script>`

export function devAssets(): AssetManifest {
  return {
    forRoute: () => ({
      entry: `/${ENTRY}`,
      modulepreload: [],
      stylesheets: [],
      devHead: `${REACT_REFRESH_PREAMBLE}<script type="module" src="/@vite/client"></script>`,
    }),
  }
}
