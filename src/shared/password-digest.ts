/**
 * The password as it leaves the browser (docs/product-rules.md#accounts-and-auth, docs/service-contracts.md#auth-protocol): base64 of SHA-384 over the
 * password followed by a fixed salt. The auth service stores only a slow hash of this digest, so
 * the plain password never reaches the server. One module for the browser and Node: both have
 * `globalThis.crypto.subtle`.
 */

/** Fixed for the life of the shop: changing it makes every stored password unusable. */
export const PASSWORD_DIGEST_SALT = 'lumo-auth-v1:7Yq3pX9sLk2Wm8Rt'

function toBase64(bytes: Uint8Array): string {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary)
}

export async function passwordDigest(password: string): Promise<string> {
  const data = new TextEncoder().encode(password + PASSWORD_DIGEST_SALT)
  const hash = await globalThis.crypto.subtle.digest('SHA-384', data)
  return toBase64(new Uint8Array(hash))
}
