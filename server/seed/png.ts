import { crc32, deflateSync } from 'node:zlib';

const chunk = (type: string, data: Buffer) => {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td) >>> 0);
  return Buffer.concat([len, td, crc]);
};

/** A small PNG: a solid background with a lighter centre square (an initials-free avatar). */
export function avatarPng(rgb: [number, number, number], size = 32): Buffer {
  const raw = Buffer.alloc((size * 3 + 1) * size);
  for (let y = 0; y < size; y++) {
    raw[y * (size * 3 + 1)] = 0;
    for (let x = 0; x < size; x++) {
      const inner = x > size / 4 && x < (size * 3) / 4 && y > size / 4 && y < (size * 3) / 4;
      const o = y * (size * 3 + 1) + 1 + x * 3;
      raw[o] = inner ? Math.min(255, rgb[0] + 80) : rgb[0];
      raw[o + 1] = inner ? Math.min(255, rgb[1] + 80) : rgb[1];
      raw[o + 2] = inner ? Math.min(255, rgb[2] + 80) : rgb[2];
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export const pngDataUrl = (rgb: [number, number, number]) =>
  `data:image/png;base64,${avatarPng(rgb).toString('base64')}`;

/** The default avatar (GET users/getdefaultavatar). */
export const DEFAULT_AVATAR = pngDataUrl([108, 117, 125]);
