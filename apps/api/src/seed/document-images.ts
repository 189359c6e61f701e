import { PNG } from 'pngjs';
import { hashString, Random } from './random.js';

/*
 * Small PNG pictures that stand in for identity documents and dispute evidence. Drawn pixel by pixel
 * (no network, no fonts): same kind and variant, same bytes.
 */

export type DocumentImageKind = 'id-card-front' | 'id-card-back' | 'passport' | 'selfie' | 'evidence';

export const DOCUMENT_IMAGE_SIZES: Record<DocumentImageKind, { width: number; height: number }> = {
  'id-card-front': { width: 480, height: 300 },
  'id-card-back': { width: 480, height: 300 },
  passport: { width: 480, height: 340 },
  selfie: { width: 300, height: 360 },
  evidence: { width: 400, height: 300 },
};

type Color = readonly [red: number, green: number, blue: number];

const SKIN_TONES: readonly Color[] = [
  [92, 58, 38],
  [120, 78, 50],
  [141, 94, 62],
  [168, 117, 80],
  [198, 145, 104],
  [224, 182, 148],
];
const HAIR_COLORS: readonly Color[] = [
  [25, 20, 18],
  [45, 32, 24],
  [70, 50, 35],
  [110, 80, 50],
];
const PASTELS: readonly Color[] = [
  [222, 235, 247],
  [232, 245, 233],
  [255, 243, 224],
  [243, 229, 245],
  [224, 242, 241],
  [255, 249, 196],
];
const INK: Color = [40, 44, 52];
const ANGOLA_RED: Color = [204, 9, 47];
const ANGOLA_YELLOW: Color = [255, 203, 0];
const BLACK: Color = [20, 20, 20];
const WHITE: Color = [250, 250, 250];

interface Area {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

class Canvas {
  readonly png: PNG;
  /** Drawing outside this area is ignored. */
  #clip: Area;

  constructor(width: number, height: number, background: Color) {
    this.png = new PNG({ width, height });
    this.#clip = { left: 0, top: 0, right: width, bottom: height };
    this.fillRect(0, 0, width, height, background);
  }

  /** Runs `draw` with drawing limited to the given rectangle. */
  clipped(x: number, y: number, width: number, height: number, draw: () => void): void {
    const previous = this.#clip;
    this.#clip = {
      left: Math.max(0, x),
      top: Math.max(0, y),
      right: Math.min(this.width, x + width),
      bottom: Math.min(this.height, y + height),
    };
    draw();
    this.#clip = previous;
  }

  get width(): number {
    return this.png.width;
  }

  get height(): number {
    return this.png.height;
  }

  setPixel(x: number, y: number, color: Color): void {
    const clip = this.#clip;
    if (x < clip.left || y < clip.top || x >= clip.right || y >= clip.bottom) return;
    const offset = (y * this.width + x) * 4;
    const data = this.png.data;
    data[offset] = color[0];
    data[offset + 1] = color[1];
    data[offset + 2] = color[2];
    data[offset + 3] = 255;
  }

  fillRect(x: number, y: number, width: number, height: number, color: Color): void {
    const clip = this.#clip;
    const left = Math.max(clip.left, Math.round(x));
    const top = Math.max(clip.top, Math.round(y));
    const right = Math.min(clip.right, Math.round(x + width));
    const bottom = Math.min(clip.bottom, Math.round(y + height));
    const data = this.png.data;
    for (let row = top; row < bottom; row += 1) {
      for (
        let offset = (row * this.width + left) * 4, end = (row * this.width + right) * 4;
        offset < end;
        offset += 4
      ) {
        data[offset] = color[0];
        data[offset + 1] = color[1];
        data[offset + 2] = color[2];
        data[offset + 3] = 255;
      }
    }
  }

  fillEllipse(centerX: number, centerY: number, radiusX: number, radiusY: number, color: Color): void {
    const top = Math.floor(centerY - radiusY);
    const bottom = Math.ceil(centerY + radiusY);
    for (let row = top; row <= bottom; row += 1) {
      const dy = (row - centerY) / radiusY;
      if (dy * dy > 1) continue;
      const half = radiusX * Math.sqrt(1 - dy * dy);
      for (let column = Math.ceil(centerX - half); column <= Math.floor(centerX + half); column += 1) {
        this.setPixel(column, row, color);
      }
    }
  }

  /** Dark bars that look like lines of printed text. */
  textLines(x: number, y: number, maxWidth: number, lines: number, random: Random, color: Color = INK): void {
    for (let line = 0; line < lines; line += 1) {
      this.fillRect(x, y + line * 18, maxWidth * random.float(0.45, 1), 7, color);
    }
  }

  encode(): Buffer {
    // RGBA without filtering and with the default zlib strategy: fast, and a few kilobytes for flat colours.
    return PNG.sync.write(this.png, { filterType: 0, deflateStrategy: 0, deflateLevel: 6 });
  }
}

function shade(color: Color, factor: number): Color {
  return [
    Math.min(255, Math.round(color[0] * factor)),
    Math.min(255, Math.round(color[1] * factor)),
    Math.min(255, Math.round(color[2] * factor)),
  ];
}

function portrait(canvas: Canvas, x: number, y: number, width: number, height: number, random: Random): void {
  canvas.clipped(x, y, width, height, () => drawPerson(canvas, x, y, width, height, random));
}

function drawPerson(
  canvas: Canvas,
  x: number,
  y: number,
  width: number,
  height: number,
  random: Random,
): void {
  canvas.fillRect(x, y, width, height, shade(random.pick(PASTELS), 0.85));
  const skin = random.pick(SKIN_TONES);
  const shirt: Color = [random.int(30, 200), random.int(30, 200), random.int(30, 200)];
  canvas.fillEllipse(x + width / 2, y + height, width * 0.45, height * 0.3, shirt);
  canvas.fillRect(x + width * 0.42, y + height * 0.55, width * 0.16, height * 0.2, skin);
  canvas.fillEllipse(x + width / 2, y + height * 0.36, width * 0.26, height * 0.24, random.pick(HAIR_COLORS));
  canvas.fillEllipse(x + width / 2, y + height * 0.42, width * 0.22, height * 0.22, skin);
  canvas.fillEllipse(x + width * 0.41, y + height * 0.4, width * 0.03, height * 0.02, BLACK);
  canvas.fillEllipse(x + width * 0.59, y + height * 0.4, width * 0.03, height * 0.02, BLACK);
  canvas.fillRect(x + width * 0.42, y + height * 0.52, width * 0.16, height * 0.015, shade(skin, 0.6));
}

function angolanFlag(canvas: Canvas, x: number, y: number, width: number, height: number): void {
  canvas.fillRect(x, y, width, height / 2, ANGOLA_RED);
  canvas.fillRect(x, y + height / 2, width, height / 2, BLACK);
  canvas.fillEllipse(x + width / 2, y + height / 2, height * 0.22, height * 0.22, ANGOLA_YELLOW);
}

function machineReadableZone(canvas: Canvas, y: number, rows: number, random: Random): void {
  for (let row = 0; row < rows; row += 1) {
    for (let column = 20; column < canvas.width - 20; column += 11) {
      if (random.chance(0.85)) canvas.fillRect(column, y + row * 16, 7, 10, INK);
    }
  }
}

function drawIdCardFront(random: Random): Canvas {
  const { width, height } = DOCUMENT_IMAGE_SIZES['id-card-front'];
  const canvas = new Canvas(width, height, random.pick(PASTELS));
  canvas.fillRect(0, 0, width, 48, shade(random.pick(PASTELS), 0.55));
  angolanFlag(canvas, 14, 10, 44, 28);
  canvas.textLines(72, 14, 220, 1, random, WHITE);
  portrait(canvas, 20, 68, 128, 160, random);
  canvas.textLines(170, 76, 280, 7, random);
  for (let column = 20; column < width - 20; column += random.int(3, 6)) {
    canvas.fillRect(column, 248, random.int(1, 3), 36, INK);
  }
  return canvas;
}

function drawIdCardBack(random: Random): Canvas {
  const { width, height } = DOCUMENT_IMAGE_SIZES['id-card-back'];
  const canvas = new Canvas(width, height, random.pick(PASTELS));
  canvas.fillRect(0, 24, width, 40, shade(random.pick(PASTELS), 0.4));
  const ridge = shade(random.pick(SKIN_TONES), 0.7);
  for (let ring = 8; ring >= 1; ring -= 1) {
    canvas.fillEllipse(390, 130, ring * 6, ring * 8, ring % 2 === 0 ? ridge : WHITE);
  }
  canvas.textLines(24, 86, 300, 5, random);
  machineReadableZone(canvas, 220, 3, random);
  return canvas;
}

function drawPassport(random: Random): Canvas {
  const { width, height } = DOCUMENT_IMAGE_SIZES.passport;
  const background = random.pick(PASTELS);
  const canvas = new Canvas(width, height, background);
  const wave = shade(background, 0.92);
  for (let x = 0; x < width; x += 1) {
    for (let band = 0; band < height; band += 24) {
      canvas.setPixel(x, Math.round(band + 6 * Math.sin(x / 17 + band)), wave);
    }
  }
  canvas.fillRect(0, 0, width, 36, shade([60, 90, 140], random.float(0.8, 1.1)));
  angolanFlag(canvas, width - 60, 6, 40, 24);
  portrait(canvas, 24, 56, 130, 170, random);
  canvas.textLines(176, 64, 270, 8, random);
  machineReadableZone(canvas, 262, 2, random);
  return canvas;
}

function drawSelfie(random: Random): Canvas {
  const { width, height } = DOCUMENT_IMAGE_SIZES.selfie;
  const canvas = new Canvas(width, height, WHITE);
  portrait(canvas, 0, 0, width, height, random);
  if (random.chance(0.5)) {
    canvas.fillRect(width * 0.55, height * 0.7, width * 0.35, height * 0.2, random.pick(PASTELS));
    canvas.fillRect(
      width * 0.58,
      height * 0.73,
      width * 0.1,
      height * 0.12,
      shade(random.pick(SKIN_TONES), 0.9),
    );
  }
  return canvas;
}

function drawEvidence(random: Random): Canvas {
  const { width, height } = DOCUMENT_IMAGE_SIZES.evidence;
  if (random.chance(0.4)) {
    const canvas = new Canvas(width, height, [90, 90, 96]);
    canvas.fillRect(110, 10, 180, 280, WHITE);
    canvas.textLines(126, 30, 150, 12, random);
    canvas.fillRect(126, 256, 150, 12, ANGOLA_RED);
    return canvas;
  }
  const wall: Color = [random.int(150, 230), random.int(140, 220), random.int(120, 200)];
  const canvas = new Canvas(width, height, wall);
  canvas.fillRect(0, height * 0.7, width, height * 0.3, shade(wall, 0.6));
  for (let crack = 0; crack < 3; crack += 1) {
    let x = random.int(40, width - 40);
    for (let y = random.int(10, 60); y < height * 0.7; y += 1) {
      x += random.int(-1, 1);
      canvas.fillRect(x, y, 2, 1, shade(wall, 0.35));
    }
  }
  canvas.fillRect(random.int(20, 250), random.int(120, 160), 90, 60, shade(wall, 0.8));
  return canvas;
}

const DRAWERS: Record<DocumentImageKind, (random: Random) => Canvas> = {
  'id-card-front': drawIdCardFront,
  'id-card-back': drawIdCardBack,
  passport: drawPassport,
  selfie: drawSelfie,
  evidence: drawEvidence,
};

/** PNG bytes of a document picture; `variant` picks the colours and shapes deterministically. */
export function renderDocumentImage(kind: DocumentImageKind, variant: number): Buffer {
  return DRAWERS[kind](new Random((hashString(kind) ^ Math.imul(variant + 1, 0x9e3779b1)) >>> 0)).encode();
}
