/**
 * Durable commits for the embedded database (issue #15 finding 14, docs/adr/0039-durable-commits.md).
 * PGlite 0.5 starts PostgreSQL with `-F` (fsync off), and its Node filesystem (Emscripten's
 * NODEFS) has no fsync at all: `fdatasync` is a no-op and `fsync` finds no handler, so a commit
 * reached the operating system's cache but never the disk — `kill -9` lost nothing, a power cut
 * could. Here PostgreSQL runs with fsync on and `wal_sync_method=fsync` (the one method that
 * reaches the filesystem's handler), and the data directory's filesystem gets the handler: a real
 * `fsync(2)` of the file. A commit then returns after its WAL record is on disk.
 */
import { fsyncSync } from 'node:fs'
import { PGlite, type PGliteOptions } from '@electric-sql/pglite'
import { NodeFS } from '@electric-sql/pglite/nodefs'

type EmscriptenOptions = Awaited<ReturnType<NodeFS['init']>>['emscriptenOpts']
type PreRun = NonNullable<EmscriptenOptions['preRun']>[number]
type PostgresModule = Parameters<PreRun>[0]
interface NodeFsStream {
  nfd: number
  path: string
}
interface NodeFsModule {
  NODEFS: { stream_ops: { fsync?: (stream: NodeFsStream) => number } }
}

function hasNodeFs(module: object): module is NodeFsModule {
  const nodeFs: unknown = Reflect.get(module, 'NODEFS')
  if (typeof nodeFs !== 'object' || nodeFs === null) return false
  const streamOps: unknown = Reflect.get(nodeFs, 'stream_ops')
  return typeof streamOps === 'object' && streamOps !== null
}

/** PGlite's Node filesystem with an fsync that reaches the disk; `onSync` sees each synced path. */
export class DurableNodeFS extends NodeFS {
  constructor(
    dataDir: string,
    private readonly onSync?: (path: string) => void,
  ) {
    super(dataDir)
  }

  override async init(pg: PGlite, options: Partial<EmscriptenOptions>) {
    const { emscriptenOpts } = await super.init(pg, options)
    const addFsync: PreRun = (module: PostgresModule) => {
      // NODEFS is on the module at run time; PGlite's types do not name it
      if (!hasNodeFs(module)) throw new Error('PGlite module without NODEFS: cannot make fsync durable')
      module.NODEFS.stream_ops.fsync = (stream: NodeFsStream) => {
        fsyncSync(stream.nfd)
        this.onSync?.(stream.path)
        return 0
      }
    }
    const preRun = emscriptenOpts.preRun ?? []
    return { emscriptenOpts: { ...emscriptenOpts, preRun: [...preRun, addFsync] } }
  }
}

/** PostgreSQL's start parameters: PGlite's own, with fsync on (`-F` dropped) when `fsync`. */
export function pgliteStartParams(fsync: boolean): string[] {
  if (!fsync) return [...PGlite.defaultStartParams]
  return [
    ...PGlite.defaultStartParams.filter((parameter) => parameter !== '-F'),
    '-c',
    'fsync=on',
    '-c',
    'wal_sync_method=fsync',
  ]
}

/** The PGlite options for a data directory on disk: durable commits unless `fsync` is false. */
export function pgliteDirectoryOptions(
  directory: string,
  fsync: boolean,
  onSync?: (path: string) => void,
): Pick<PGliteOptions, 'fs' | 'dataDir' | 'startParams'> {
  if (!fsync) return { dataDir: directory, startParams: pgliteStartParams(false) }
  return { fs: new DurableNodeFS(directory, onSync), startParams: pgliteStartParams(true) }
}
