/**
 * Product images the seed draws itself: flat garment silhouettes in the product's colour on a
 * light studio background, 800×1000 (the shop's 4:5 product ratio). Stored as SVG text in the
 * `images` table; the image service renders them to raster formats with sharp.
 */

export type ShapeKind =
  | 'dress'
  | 'gown'
  | 'coat'
  | 'robe'
  | 'jacket'
  | 'puffer'
  | 'shirt'
  | 'tshirt'
  | 'tank'
  | 'sweater'
  | 'cardigan'
  | 'hoodie'
  | 'trousers'
  | 'tights'
  | 'shorts'
  | 'skirt'
  | 'boot'
  | 'ankle-boot'
  | 'sneaker'
  | 'pump'
  | 'sandal'
  | 'loafer'
  | 'sports-bra'
  | 'bikini-top'
  | 'bikini-bottom'
  | 'swimsuit'
  | 'bra'
  | 'briefs'
  | 'bag'
  | 'scarf'

export const IMAGE_WIDTH = 800
export const IMAGE_HEIGHT = 1000

interface Shape {
  /** Filled silhouette paths, drawn in a 400×500 box */
  body: string[]
  /** Seams and details, stroked in a shade of the garment colour */
  details?: string[]
  /** Small filled circles: buttons, eyelets [cx, cy, r] */
  dots?: Array<[number, number, number]>
}

const SLEEVED_TOP =
  'M150 70 Q200 95 250 70 L310 100 L335 300 L305 305 L275 160 L272 320 L128 320 L125 160 L95 305 L65 300 L90 100 Z'
const LONG_COAT =
  'M150 60 L200 88 L250 60 L300 80 L340 330 L310 338 L290 170 L292 450 L108 450 L110 170 L90 338 L60 330 L100 80 Z'
const SHORT_JACKET =
  'M150 70 L200 95 L250 70 L300 90 L335 300 L305 307 L285 175 L288 320 L112 320 L115 175 L95 307 L65 300 L100 90 Z'

const SHAPES: Record<ShapeKind, Shape> = {
  dress: {
    body: [
      'M160 80 Q200 112 240 80 L265 95 L282 140 L255 150 L250 210 L305 440 Q200 462 95 440 L150 210 L145 150 L118 140 L135 95 Z',
    ],
    details: ['M150 210 Q200 222 250 210'],
  },
  gown: {
    body: [
      'M165 70 Q200 104 235 70 L250 80 L247 150 L238 222 L305 478 Q200 494 95 478 L162 222 L153 150 L150 80 Z',
    ],
    details: ['M160 222 Q200 232 240 222', 'M200 232 L215 470'],
  },
  coat: {
    body: [LONG_COAT],
    details: [
      'M200 88 L176 205',
      'M200 88 L224 205',
      'M200 205 L200 450',
      'M120 330 L160 330',
      'M240 330 L280 330',
    ],
    dots: [
      [210, 240, 5],
      [210, 300, 5],
      [210, 360, 5],
    ],
  },
  robe: {
    body: [LONG_COAT],
    details: [
      'M200 88 L170 250',
      'M200 88 L230 250',
      'M110 262 Q200 282 290 262',
      'M180 272 L165 330',
      'M220 272 L235 330',
    ],
  },
  jacket: {
    body: [SHORT_JACKET],
    details: [
      'M200 95 L180 180',
      'M200 95 L220 180',
      'M200 180 L200 320',
      'M130 250 L165 250',
      'M235 250 L270 250',
    ],
    dots: [
      [210, 215, 5],
      [210, 270, 5],
    ],
  },
  puffer: {
    body: [SHORT_JACKET],
    details: [
      'M112 140 L288 140',
      'M114 185 L286 185',
      'M115 230 L285 230',
      'M116 275 L284 275',
      'M200 95 L200 320',
    ],
  },
  shirt: {
    body: [
      'M150 70 L180 60 Q200 82 220 60 L250 70 L325 250 L298 262 L265 150 L265 340 L135 340 L135 150 L102 262 L75 250 Z',
    ],
    details: ['M200 78 L200 340', 'M180 60 L200 90 L220 60'],
    dots: [
      [206, 130, 4],
      [206, 190, 4],
      [206, 250, 4],
      [206, 310, 4],
    ],
  },
  tshirt: {
    body: ['M155 70 Q200 96 245 70 L310 100 L290 152 L260 136 L262 330 L138 330 L140 136 L110 152 L90 100 Z'],
    details: ['M160 74 Q200 104 240 74'],
  },
  tank: {
    body: [
      'M165 70 L180 70 Q200 112 220 70 L235 70 Q240 122 262 142 L262 330 L138 330 L138 142 Q160 122 165 70 Z',
    ],
  },
  sweater: {
    body: [SLEEVED_TOP],
    details: ['M130 300 L270 300', 'M100 288 L120 284', 'M300 288 L280 284', 'M158 76 Q200 104 242 76'],
  },
  cardigan: {
    body: [SLEEVED_TOP],
    details: ['M200 84 L200 320', 'M130 300 L270 300'],
    dots: [
      [210, 140, 5],
      [210, 190, 5],
      [210, 240, 5],
      [210, 290, 5],
    ],
  },
  hoodie: {
    body: [SLEEVED_TOP, 'M160 80 Q150 24 200 22 Q250 24 240 80 Q200 60 160 80 Z'],
    details: ['M150 230 L250 230 L240 290 L160 290 Z', 'M190 95 L188 150', 'M210 95 L212 150'],
  },
  trousers: {
    body: ['M130 60 L270 60 L286 452 L214 452 L200 165 L186 452 L114 452 Z'],
    details: ['M131 82 L269 82', 'M200 82 L200 165', 'M150 95 Q165 120 180 100'],
  },
  tights: {
    body: ['M142 60 L258 60 L256 452 L212 452 L200 175 L188 452 L144 452 Z'],
    details: ['M143 86 L257 86'],
  },
  shorts: {
    body: ['M130 80 L270 80 L288 250 L212 256 L200 170 L188 256 L112 250 Z'],
    details: ['M131 102 L269 102', 'M200 102 L200 170'],
  },
  skirt: {
    body: ['M145 90 L255 90 L302 385 Q200 405 98 385 Z'],
    details: ['M146 112 L254 112', 'M175 112 L160 390', 'M225 112 L240 390'],
  },
  boot: {
    body: ['M165 60 L250 60 L252 330 Q322 344 334 400 L334 432 L148 432 L148 398 L165 380 Z'],
    details: ['M148 412 L334 412', 'M165 90 L250 90'],
  },
  'ankle-boot': {
    body: ['M160 220 L248 220 L252 330 Q322 344 334 400 L334 432 L148 432 L148 398 L160 380 Z'],
    details: ['M148 412 L334 412', 'M210 225 L210 330'],
  },
  sneaker: {
    body: ['M80 360 Q82 290 150 262 L205 262 L240 292 Q300 298 330 330 L334 372 L80 372 Z'],
    details: ['M80 350 L334 350', 'M170 272 L200 300', 'M182 266 L214 294', 'M196 263 L228 290'],
  },
  pump: {
    body: [
      'M75 372 Q90 310 165 318 L220 306 Q292 292 324 338 L324 356 L304 356 L294 436 L282 436 L278 356 L75 380 Z',
    ],
    details: ['M90 372 Q180 340 300 350'],
  },
  sandal: {
    body: [
      'M80 380 L330 372 L330 390 L80 398 Z',
      'M130 380 Q160 320 200 378 Z',
      'M250 376 Q275 328 300 374 Z',
    ],
    details: ['M120 370 Q200 330 280 366'],
  },
  loafer: {
    body: ['M80 370 Q85 312 150 300 L260 300 Q318 310 330 350 L332 378 L80 378 Z'],
    details: ['M80 362 L332 362', 'M150 312 Q200 296 250 312', 'M175 320 L225 320'],
    dots: [[200, 330, 6]],
  },
  'sports-bra': {
    body: ['M160 90 Q200 132 240 90 L266 108 L272 250 L128 250 L134 108 Z'],
    details: ['M130 222 L270 222'],
  },
  'bikini-top': {
    body: ['M118 230 L194 230 L162 140 Z', 'M206 230 L282 230 L238 140 Z'],
    details: [
      'M60 222 L118 230',
      'M282 230 L340 222',
      'M162 140 L190 70',
      'M238 140 L210 70',
      'M194 230 L206 230',
    ],
  },
  'bikini-bottom': {
    body: ['M112 200 L288 200 L254 244 Q200 314 146 244 Z'],
    details: ['M112 200 L80 190', 'M288 200 L320 190'],
  },
  swimsuit: {
    body: [
      'M160 60 L180 60 Q200 108 220 60 L240 60 Q246 150 262 192 L252 300 Q236 342 200 386 Q164 342 148 300 L138 192 Q154 150 160 60 Z',
    ],
    details: ['M146 300 Q200 330 254 300'],
  },
  bra: {
    body: ['M108 240 Q118 150 196 168 L200 210 L204 168 Q282 150 292 240 Z'],
    details: [
      'M130 172 L150 80',
      'M270 172 L250 80',
      'M108 240 L292 240',
      'M60 232 L108 236',
      'M292 236 L340 232',
    ],
  },
  briefs: {
    body: ['M108 180 L292 180 L270 222 Q222 232 212 300 L188 300 Q178 232 130 222 Z'],
    details: ['M108 192 L292 192'],
  },
  bag: {
    body: ['M108 200 L292 200 L312 424 L88 424 Z'],
    details: ['M150 200 Q150 108 200 108 Q250 108 250 200', 'M108 250 L292 250'],
    dots: [[200, 268, 7]],
  },
  scarf: {
    body: ['M140 60 L260 60 L260 92 Q230 122 232 200 L250 440 L198 440 L196 200 Q190 130 140 92 Z'],
    details: [
      'M198 440 L196 462',
      'M210 440 L209 462',
      'M222 440 L222 462',
      'M234 440 L235 462',
      'M246 440 L248 462',
    ],
  },
}

/** Mixes a hex colour towards white (amount > 0) or black (amount < 0). */
export function shade(hex: string, amount: number): string {
  const value = Number.parseInt(hex.slice(1), 16)
  const channels = [(value >> 16) & 255, (value >> 8) & 255, value & 255]
  const target = amount >= 0 ? 255 : 0
  const mixed = channels.map((channel) => Math.round(channel + (target - channel) * Math.abs(amount)))
  return `#${mixed.map((channel) => channel.toString(16).padStart(2, '0')).join('')}`
}

function luminance(hex: string): number {
  const value = Number.parseInt(hex.slice(1), 16)
  return (0.2126 * ((value >> 16) & 255) + 0.7152 * ((value >> 8) & 255) + 0.0722 * (value & 255)) / 255
}

export type ImageView = 'front' | 'detail' | 'styled'

const BACKGROUNDS: Record<ImageView, string> = { front: '#f5ede7', detail: '#efe9e4', styled: '#e9e4dc' }

/** One product image as SVG text. */
export function drawGarment(kind: ShapeKind, colourHex: string, view: ImageView): string {
  const shape = SHAPES[kind]
  // Light garments get a darker outline so they stay visible on the light background.
  const outline = luminance(colourHex) > 0.75 ? shade(colourHex, -0.35) : shade(colourHex, -0.25)
  const detail = luminance(colourHex) > 0.35 ? shade(colourHex, -0.3) : shade(colourHex, 0.3)
  const transform =
    view === 'detail'
      ? 'translate(-200 -160) scale(2)'
      : view === 'styled'
        ? 'translate(400 0) scale(-1 1)'
        : ''
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${IMAGE_WIDTH}" height="${IMAGE_HEIGHT}" viewBox="0 0 400 500">`,
    `<rect width="400" height="500" fill="${BACKGROUNDS[view]}"/>`,
  ]
  if (view === 'styled') parts.push('<ellipse cx="200" cy="470" rx="130" ry="14" fill="#d9d1c7"/>')
  parts.push(`<g${transform ? ` transform="${transform}"` : ''}>`)
  for (const path of shape.body) {
    parts.push(
      `<path d="${path}" fill="${colourHex}" stroke="${outline}" stroke-width="2" stroke-linejoin="round"/>`,
    )
  }
  if (shape.details?.length) {
    parts.push(
      `<path d="${shape.details.join(' ')}" fill="none" stroke="${detail}" stroke-width="2" stroke-linecap="round"/>`,
    )
  }
  for (const [cx, cy, r] of shape.dots ?? [])
    parts.push(`<circle cx="${cx}" cy="${cy}" r="${r}" fill="${detail}"/>`)
  parts.push('</g></svg>')
  return parts.join('')
}
