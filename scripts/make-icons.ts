/**
 * Draws the Lumo icon set from one SVG: favicon.svg, favicon.ico (a PNG inside an ICO
 * container, which every current browser reads), the apple-touch-icon and the web app manifest
 * icons (192/512, plus maskable ones with the mark inside the 80 % safe zone). The PNGs are
 * committed; rerun with `npx tsx scripts/make-icons.ts` after changing the drawing.
 */
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'

const THEME = '#f5ede7'
const INK = '#2b2420'
const ACCENT = '#a4482a'

/** The mark (an "L" with a sun) on a 512 grid; `scale` shrinks it around the centre. */
function mark(scale: number): string {
  const offset = (512 * (1 - scale)) / 2
  return `<g transform="translate(${offset} ${offset}) scale(${scale})">
    <rect x="160" y="120" width="64" height="272" rx="8" fill="${INK}"/>
    <rect x="160" y="328" width="200" height="64" rx="8" fill="${INK}"/>
    <circle cx="336" cy="180" r="44" fill="${ACCENT}"/>
  </g>`
}

export function iconSvg({ maskable }: { maskable: boolean }): string {
  // Maskable icons are cropped to a circle by some platforms: full-bleed background, smaller mark.
  const background = maskable
    ? `<rect width="512" height="512" fill="${THEME}"/>`
    : `<rect width="512" height="512" rx="112" fill="${THEME}"/>`
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">${background}${mark(maskable ? 0.72 : 1)}</svg>`
}

/** An .ico file holding one PNG image (the Vista+ PNG-in-ICO format). */
export function pngToIco(png: Buffer, size: number): Buffer {
  const header = Buffer.alloc(6)
  header.writeUInt16LE(0, 0) // reserved
  header.writeUInt16LE(1, 2) // type: icon
  header.writeUInt16LE(1, 4) // one image
  const entry = Buffer.alloc(16)
  entry.writeUInt8(size >= 256 ? 0 : size, 0) // width (0 means 256)
  entry.writeUInt8(size >= 256 ? 0 : size, 1) // height
  entry.writeUInt8(0, 2) // no palette
  entry.writeUInt8(0, 3) // reserved
  entry.writeUInt16LE(1, 4) // colour planes
  entry.writeUInt16LE(32, 6) // bits per pixel
  entry.writeUInt32LE(png.length, 8)
  entry.writeUInt32LE(header.length + entry.length, 12)
  return Buffer.concat([header, entry, png])
}

async function png(svg: string, size: number): Promise<Buffer> {
  return sharp(Buffer.from(svg), { density: 72 * (size / 512) * 4 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toBuffer()
}

async function main(): Promise<void> {
  const publicDir = path.resolve(import.meta.dirname, '..', 'public')
  const iconsDir = path.join(publicDir, 'icons')
  await mkdir(iconsDir, { recursive: true })
  const regular = iconSvg({ maskable: false })
  const maskable = iconSvg({ maskable: true })
  const files: [string, Buffer | string][] = [
    [path.join(publicDir, 'favicon.svg'), regular],
    [path.join(publicDir, 'favicon.ico'), pngToIco(await png(regular, 32), 32)],
    [path.join(publicDir, 'apple-touch-icon.png'), await png(maskable, 180)],
    [path.join(iconsDir, 'icon-192.png'), await png(regular, 192)],
    [path.join(iconsDir, 'icon-512.png'), await png(regular, 512)],
    [path.join(iconsDir, 'icon-maskable-192.png'), await png(maskable, 192)],
    [path.join(iconsDir, 'icon-maskable-512.png'), await png(maskable, 512)],
  ]
  for (const [file, content] of files) {
    await writeFile(file, content)
    console.log(`wrote ${path.relative(process.cwd(), file)} (${Buffer.byteLength(content)} bytes)`)
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    console.error(error)
    process.exitCode = 1
  })
}
