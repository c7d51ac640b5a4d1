/**
 * Rendered variants on disk under `${dataDir}/image-cache/`, one file per (source, variant).
 * Writes go to a temporary file that is then renamed, so a reader never sees half an image and
 * two processes rendering the same variant at once both leave a whole file.
 *
 * The cache is bounded (issue #15 item 3, IMAGE_CACHE_MB): after a write that takes it past
 * `maxBytes`, the least recently used files go until it fits again. "Used" is a read or a write;
 * each touches the file's times, so the order survives a restart (the index is rebuilt from the
 * files' modification times on first use). A variant evicted is rendered again when asked for.
 */
import { createHash, randomBytes } from 'node:crypto'
import { mkdir, readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises'
import path from 'node:path'

/** The default bound (IMAGE_CACHE_MB=512). */
export const DEFAULT_IMAGE_CACHE_BYTES = 512 * 1024 * 1024

export interface DiskCache {
  readonly directory: string
  /** The file a key's bytes live in (tests look for it). */
  pathFor(key: string): string
  read(key: string): Promise<Buffer | undefined>
  write(key: string, bytes: Buffer): Promise<void>
  /** Bytes the cache's files hold now (as far as this process knows). */
  size(): Promise<number>
}

export interface DiskCacheOptions {
  maxBytes?: number
  now?: () => number
}

/** Files by last use, least recent first (a Map keeps insertion order; a use re-inserts). */
type UsageIndex = Map<string, number>

async function scan(directory: string): Promise<UsageIndex> {
  const found: { file: string; size: number; usedAt: number }[] = []
  const fanOut = await readdir(directory).catch(() => [] as string[])
  for (const folder of fanOut) {
    const names = await readdir(path.join(directory, folder)).catch(() => [] as string[])
    for (const name of names) {
      const file = path.join(directory, folder, name)
      // a temporary file left by a crash: never read, safe to drop
      if (name.endsWith('.tmp')) {
        await rm(file, { force: true })
        continue
      }
      const info = await stat(file).catch(() => undefined)
      if (info?.isFile()) found.push({ file, size: info.size, usedAt: info.mtimeMs })
    }
  }
  found.sort((a, b) => a.usedAt - b.usedAt)
  return new Map(found.map(({ file, size }) => [file, size]))
}

export function createDiskCache(dataDir: string, options: DiskCacheOptions = {}): DiskCache {
  const directory = path.join(dataDir, 'image-cache')
  const maxBytes = options.maxBytes ?? DEFAULT_IMAGE_CACHE_BYTES
  const now = options.now ?? Date.now
  let index: Promise<UsageIndex> | undefined
  let total = 0
  const usage = () =>
    (index ??= scan(directory).then((found) => {
      for (const size of found.values()) total += size
      return found
    }))

  function pathFor(key: string): string {
    const hash = createHash('sha256').update(key).digest('hex')
    // Two-character fan-out keeps directories small with many variants.
    return path.join(directory, hash.slice(0, 2), hash)
  }

  async function used(file: string, size: number): Promise<void> {
    const files = await usage()
    total += size - (files.get(file) ?? 0)
    files.delete(file)
    files.set(file, size)
    const at = new Date(now())
    // the order for the next start; a file evicted meanwhile leaves the index again
    const present = await utimes(file, at, at).then(
      () => true,
      () => false,
    )
    if (!present && files.get(file) === size) {
      files.delete(file)
      total -= size
    }
  }

  async function evict(): Promise<void> {
    const files = await usage()
    for (const [file, size] of files) {
      if (total <= maxBytes) break
      files.delete(file)
      total -= size
      await rm(file, { force: true })
    }
  }

  return {
    directory,
    pathFor,
    async read(key) {
      const file = pathFor(key)
      let bytes: Buffer
      try {
        bytes = await readFile(file)
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
        throw error
      }
      await used(file, bytes.length)
      return bytes
    },
    async write(key, bytes) {
      const file = pathFor(key)
      await mkdir(path.dirname(file), { recursive: true })
      const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`
      try {
        await writeFile(temporary, bytes)
        await rename(temporary, file)
      } catch (error) {
        await rm(temporary, { force: true })
        throw error
      }
      await used(file, bytes.length)
      if (total > maxBytes) await evict()
    },
    async size() {
      await usage()
      return total
    },
  }
}
