/**
 * Generated avatars for profilephoto.png: a deterministic 5×5 mirrored pattern in white on a
 * coloured circle, both derived from the employee key. A tiny PNG encoder over node:zlib.
 */
import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** Encode RGBA pixels (width × height × 4 bytes) as a PNG. */
export function encodePng(width: number, height: number, rgba: Uint8Array): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  const raw = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (width * 4 + 1)] = 0; // filter: none
    Buffer.from(rgba.buffer, rgba.byteOffset + y * width * 4, width * 4).copy(raw, y * (width * 4 + 1) + 1);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function hslToRgb(h: number, s: number, l: number): [number, number, number] {
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    return Math.round(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return [f(0), f(8), f(4)];
}

/** The avatar of `seed` (an employee key): 96×96 PNG. */
export function avatarPng(seed: string, size = 96): Buffer {
  const hash = createHash('sha256').update(seed).digest();
  const [r, g, b] = hslToRgb((hash[0]! / 255) * 360, 0.55, 0.42);
  const cells: boolean[] = [];
  for (let i = 0; i < 15; i++) cells.push(((hash[1 + (i >> 3)]! >> (i & 7)) & 1) === 1);
  const on = (col: number, row: number) => cells[row * 3 + (col < 3 ? col : 4 - col)] === true;
  const pixels = new Uint8Array(size * size * 4);
  const centre = (size - 1) / 2;
  const grid = size * 0.5;
  const cell = grid / 5;
  const origin = (size - grid) / 2;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const i = (y * size + x) * 4;
      const inside = (x - centre) ** 2 + (y - centre) ** 2 <= (size / 2) ** 2;
      if (!inside) continue; // transparent corners
      const col = Math.floor((x - origin) / cell);
      const row = Math.floor((y - origin) / cell);
      const white = col >= 0 && col < 5 && row >= 0 && row < 5 && on(col, row);
      pixels[i] = white ? 255 : r;
      pixels[i + 1] = white ? 255 : g;
      pixels[i + 2] = white ? 255 : b;
      pixels[i + 3] = 255;
    }
  }
  return encodePng(size, size, pixels);
}
