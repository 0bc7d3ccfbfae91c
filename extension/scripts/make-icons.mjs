// Draws the toolbar icon (a blue rounded square with a white eye) as PNGs, with no image library.
import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

function crc32(buffer) {
  let crc = -1;
  for (const byte of buffer) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return (crc ^ -1) >>> 0;
}

function chunk(type, data) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

function icon(size) {
  const rows = [];
  const r = size / 2;
  for (let y = 0; y < size; y++) {
    const row = [0];
    for (let x = 0; x < size; x++) {
      const cx = x + 0.5 - r;
      const cy = y + 0.5 - r;
      const corner = size * 0.22;
      const dx = Math.max(Math.abs(cx) - (r - corner), 0);
      const dy = Math.max(Math.abs(cy) - (r - corner), 0);
      const inside = dx * dx + dy * dy <= corner * corner;
      // An eye: an almond of two circle arcs, with a pupil.
      const eye = (cx * cx) / (r * 0.72) ** 2 + (cy * cy) / (r * 0.42) ** 2 <= 1;
      const pupil = cx * cx + cy * cy <= (r * 0.2) ** 2;
      const [red, green, blue] = !inside ? [0, 0, 0] : pupil ? [31, 111, 235] : eye ? [255, 255, 255] : [31, 111, 235];
      row.push(red, green, blue, inside ? 255 : 0);
    }
    rows.push(Buffer.from(row));
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

for (const size of [16, 32, 48, 128])
  writeFileSync(new URL(`../public/icons/${size}.png`, import.meta.url), icon(size));
