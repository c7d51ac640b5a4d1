/**
 * The ES256 signing keys. Each instance signs with the private key in `${DATA_DIR}/auth/`
 * (a JWK file, mode 0600, created on first start); every public key is in auth_signing_keys, so
 * any instance's JWKS verifies any instance's tokens. `npm run auth:rotate-key` writes a new key
 * file and retires the old key: it no longer signs but stays published for RETIRED_KEY_KEPT_MS,
 * longer than any access token lives. A running instance notices the new file at its next sign.
 */
import { link, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import type { Kysely } from 'kysely'
import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from 'jose'
import type { DB } from '../../db/schema'
import { authDb, type PublicJwk } from './db'

/** A retired key stays in the JWKS this long (access tokens live 15 minutes). */
export const RETIRED_KEY_KEPT_MS = 60 * 60 * 1000

export interface SigningKey {
  kid: string
  privateKey: CryptoKey
  publicJwk: PublicJwk
}

export function keyFile(dataDir: string): string {
  return path.join(dataDir, 'auth', 'signing-key.json')
}

async function newPrivateJwk(): Promise<JWK> {
  const { privateKey } = await generateKeyPair('ES256', { extractable: true })
  const jwk = await exportJWK(privateKey)
  return { ...jwk, kid: await calculateJwkThumbprint(jwk), alg: 'ES256', use: 'sig' }
}

async function writeTemp(file: string, jwk: JWK): Promise<string> {
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 })
  const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`
  await writeFile(temp, JSON.stringify(jwk), { mode: 0o600 })
  return temp
}

/** Creates the key file unless it exists; a parallel creator's file wins (link fails on EEXIST). */
async function ensureKeyFile(file: string): Promise<void> {
  const temp = await writeTemp(file, await newPrivateJwk())
  try {
    await link(temp, file)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
  } finally {
    await rm(temp, { force: true })
  }
}

function publicJwkOf(jwk: JWK): PublicJwk {
  if (jwk.kty !== 'EC' || jwk.crv !== 'P-256' || !jwk.x || !jwk.y || !jwk.kid || !jwk.d) {
    throw new Error('The auth signing key file does not hold an ES256 private JWK')
  }
  return { kty: 'EC', crv: 'P-256', x: jwk.x, y: jwk.y, kid: jwk.kid, alg: 'ES256', use: 'sig' }
}

async function readKey(file: string): Promise<SigningKey> {
  const jwk = JSON.parse(await readFile(file, 'utf8')) as JWK
  const publicJwk = publicJwkOf(jwk)
  const privateKey = (await importJWK(jwk, 'ES256')) as CryptoKey
  return { kid: publicJwk.kid, privateKey, publicJwk }
}

/** Makes the key verifiable by every instance (idempotent). */
export async function publishKey(db: Kysely<DB>, key: SigningKey): Promise<void> {
  await authDb(db)
    .insertInto('auth_signing_keys')
    .values({ kid: key.kid, public_jwk: JSON.stringify(key.publicJwk) })
    .onConflict((oc) => oc.column('kid').doNothing())
    .execute()
}

/** The keys of the JWKS: current ones and those retired less than RETIRED_KEY_KEPT_MS ago. */
export async function publishedKeys(db: Kysely<DB>, now = new Date()): Promise<PublicJwk[]> {
  const since = new Date(now.getTime() - RETIRED_KEY_KEPT_MS)
  const rows = await authDb(db)
    .selectFrom('auth_signing_keys')
    .select('public_jwk')
    .where((eb) => eb.or([eb('retired_at', 'is', null), eb('retired_at', '>', since)]))
    .orderBy('created_at', 'desc')
    .execute()
  return rows.map((row) => row.public_jwk)
}

export interface Signer {
  /** The key to sign with now; re-read when the key file changed (a rotation). */
  current(): Promise<SigningKey>
}

export function createSigner(db: Kysely<DB>, dataDir: string): Signer {
  const file = keyFile(dataDir)
  let loaded: { version: string; key: Promise<SigningKey> } | undefined
  return {
    async current() {
      let version: string
      try {
        const info = await stat(file)
        version = `${info.ino}:${info.mtimeMs}`
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
        await ensureKeyFile(file)
        return this.current()
      }
      if (loaded?.version !== version) {
        const key = readKey(file).then(async (read) => {
          await publishKey(db, read)
          return read
        })
        loaded = { version, key }
        key.catch(() => {
          if (loaded?.key === key) loaded = undefined
        })
      }
      return loaded.key
    },
  }
}

/**
 * Rotation: a new key file replaces the old one (atomically), its public key is published and
 * the previous key of this DATA_DIR retired. Keys retired long ago leave the table.
 */
export async function rotateSigningKey(
  db: Kysely<DB>,
  dataDir: string,
  now = new Date(),
): Promise<{ retired: string | null; current: string }> {
  const file = keyFile(dataDir)
  const previous = await readKey(file).catch(() => null)
  const jwk = await newPrivateJwk()
  const next: SigningKey = {
    kid: jwk.kid!,
    privateKey: (await importJWK(jwk, 'ES256')) as CryptoKey,
    publicJwk: publicJwkOf(jwk),
  }
  // Published before the file changes: no instance signs with a key the JWKS does not have.
  await publishKey(db, next)
  await rename(await writeTemp(file, jwk), file)
  const auth = authDb(db)
  if (previous) {
    await auth
      .updateTable('auth_signing_keys')
      .set({ retired_at: now })
      .where('kid', '=', previous.kid)
      .where('retired_at', 'is', null)
      .execute()
  }
  await auth
    .deleteFrom('auth_signing_keys')
    .where('retired_at', '<', new Date(now.getTime() - 24 * 60 * 60 * 1000))
    .execute()
  return { retired: previous?.kid ?? null, current: next.kid }
}
