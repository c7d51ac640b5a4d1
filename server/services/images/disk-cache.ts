/**
 * Rendered variants on disk under `${dataDir}/image-cache/`, one file per (source, variant).
 * Writes go to a temporary file that is then renamed, so a reader never sees half an image and
 * two processes rendering the same variant at once both leave a whole file.
 */
import { createHash, randomBytes } from 'node:crypto'
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'

export interface DiskCache {
  readonly directory: string
  /** The file a key's bytes live in (tests look for it). */
  pathFor(key: string): string
  read(key: string): Promise<Buffer | undefined>
  write(key: string, bytes: Buffer): Promise<void>
}

export function createDiskCache(dataDir: string): DiskCache {
  const directory = path.join(dataDir, 'image-cache')

  function pathFor(key: string): string {
    const hash = createHash('sha256').update(key).digest('hex')
    // Two-character fan-out keeps directories small with many variants.
    return path.join(directory, hash.slice(0, 2), hash)
  }

  return {
    directory,
    pathFor,
    async read(key) {
      try {
        return await readFile(pathFor(key))
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
        throw error
      }
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
    },
  }
}
