/**
 * The auth service's own tables of migration 0800_auth.sql as Kysely types, private to this
 * service. auth_refresh_tokens is in server/db/schema.ts: the user API revokes tokens too.
 */
import type { Generated, Kysely } from 'kysely'
import type { DB, GeneratedTimestamp, Json, Timestamp } from '../../db/schema'

/** The public half of an ES256 key as published in the JWKS. */
export interface PublicJwk {
  kty: 'EC'
  crv: 'P-256'
  x: string
  y: string
  kid: string
  alg: 'ES256'
  use: 'sig'
}

export interface AuthSigningKeysTable {
  kid: string
  public_jwk: Json<PublicJwk>
  created_at: GeneratedTimestamp
  retired_at: Timestamp | null
}

export interface AuthSignChallengesTable {
  sign_hash: string
  username: string
  signature_hash: string | null
  signed_at: Timestamp | null
  used_at: Timestamp | null
  expires_at: Timestamp
  created_at: GeneratedTimestamp
}

export interface AuthLoginFailuresTable {
  failure_id: Generated<number>
  subject_hash: string
  failed_at: GeneratedTimestamp
}

/** Device tokens no longer trusted (migration 1065, devices.ts). */
export interface AuthRevokedDevicesTable {
  device_id: string
  expires_at: Timestamp
}

export type AuthDB = DB & {
  auth_revoked_devices: AuthRevokedDevicesTable
  auth_signing_keys: AuthSigningKeysTable
  auth_sign_challenges: AuthSignChallengesTable
  auth_login_failures: AuthLoginFailuresTable
}

/** The shared handle with the 0800 and 1065 tables (Kysely's withTables: same pool, wider type). */
export function authDb(db: Kysely<DB>): Kysely<AuthDB> {
  return db.withTables<Omit<AuthDB, keyof DB>>()
}
