// Draws the extension's icon, images/icon.png (128x128 RGBA), with no
// dependency: shapes as signed distances, 4x4 supersampling, PNG written
// with zlib. An eye (fore-sight) whose pupil is the Ethereum diamond, on a
// rounded indigo square. `node scripts/make-icon.js` rewrites the file.
'use strict';
const fs = require('fs');
const path = require('path');
const zlib = require('zlib');

const N = 128;
const SS = 4;

const mix = (a, b, t) => a.map((x, i) => x + (b[i] - x) * t);
const clamp01 = (x) => Math.min(1, Math.max(0, x));

// Signed distances (negative inside), in pixels of the 128 grid.
function roundedSquare(x, y, half, r) {
  const qx = Math.abs(x - 64) - (half - r);
  const qy = Math.abs(y - 64) - (half - r);
  return Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - r;
}
const circle = (x, y, cx, cy, r) => Math.hypot(x - cx, y - cy) - r;
// The almond of the eye: the intersection of two large circles.
function almond(x, y, halfWidth, halfHeight) {
  // Circles through (±halfWidth, 0) and (0, ±halfHeight).
  const R = (halfWidth * halfWidth + halfHeight * halfHeight) / (2 * halfHeight);
  const top = circle(x, y, 64, 64 + (R - halfHeight), R);
  const bottom = circle(x, y, 64, 64 - (R - halfHeight), R);
  return Math.max(top, bottom);
}
// A rhombus centred at (cx, cy): |dx|/w + |dy|/h <= 1 (approximate distance).
function rhombus(x, y, cx, cy, w, h) {
  const k = Math.hypot(1 / w, 1 / h);
  return (Math.abs(x - cx) / w + Math.abs(y - cy) / h - 1) / k;
}

/** The colour (RGBA, 0..1) of a point of the icon. */
function sample(x, y) {
  let c = [0, 0, 0, 0];
  const over = (src, alpha) => {
    const a = alpha * src[3];
    const outA = a + c[3] * (1 - a);
    if (outA === 0) {
      return;
    }
    const rgb = [0, 1, 2].map((i) => (src[i] * a + c[i] * c[3] * (1 - a)) / outA);
    c = [...rgb, outA];
  };
  const inside = (d) => (d < 0 ? 1 : 0);

  // Background: a rounded square, indigo with a lighter top.
  if (inside(roundedSquare(x, y, 62, 22))) {
    over([...mix([0.24, 0.2, 0.62], [0.1, 0.08, 0.3], y / N), 1], 1);
  }
  // The eye's white, a thin darker rim around it.
  if (inside(almond(x, y, 54, 30))) {
    over([0.09, 0.07, 0.26, 1], 1);
  }
  if (inside(almond(x, y, 50, 26))) {
    over([...mix([0.98, 0.98, 1], [0.84, 0.86, 0.95], y / N), 1], 1);
  }
  // The iris: teal to green, clipped by the eyelids.
  const lids = almond(x, y, 50, 26);
  if (inside(Math.max(circle(x, y, 64, 64, 24), lids))) {
    const t = clamp01(Math.hypot(x - 64, y - 64) / 24);
    over([...mix([0.1, 0.82, 0.78], [0.05, 0.45, 0.6], t), 1], 1);
  }
  // The pupil: the Ethereum diamond, upper half lighter.
  if (inside(rhombus(x, y, 64, 64, 11, 18))) {
    over(y < 64 ? [0.12, 0.1, 0.3, 1] : [0.04, 0.03, 0.14, 1], 1);
  }
  // A highlight.
  if (inside(circle(x, y, 72, 55, 4))) {
    over([1, 1, 1, 0.9], 1);
  }
  return c;
}

function render() {
  const rows = Buffer.alloc(N * (1 + N * 4));
  for (let py = 0; py < N; py++) {
    rows[py * (1 + N * 4)] = 0; // filter: none
    for (let px = 0; px < N; px++) {
      let acc = [0, 0, 0, 0];
      for (let sy = 0; sy < SS; sy++) {
        for (let sx = 0; sx < SS; sx++) {
          const c = sample(px + (sx + 0.5) / SS, py + (sy + 0.5) / SS);
          // Premultiplied, so edges against transparency stay clean.
          acc = [acc[0] + c[0] * c[3], acc[1] + c[1] * c[3], acc[2] + c[2] * c[3], acc[3] + c[3]];
        }
      }
      const a = acc[3] / (SS * SS);
      const o = py * (1 + N * 4) + 1 + px * 4;
      for (let i = 0; i < 3; i++) {
        rows[o + i] = a === 0 ? 0 : Math.round(clamp01(acc[i] / acc[3]) * 255);
      }
      rows[o + 3] = Math.round(a * 255);
    }
  }
  return rows;
}

function crc32(buf) {
  let c = ~0;
  for (const b of buf) {
    c ^= b;
    for (let k = 0; k < 8; k++) {
      c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
    }
  }
  return ~c >>> 0;
}

function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}

const ihdr = Buffer.alloc(13);
ihdr.writeUInt32BE(N, 0);
ihdr.writeUInt32BE(N, 4);
ihdr[8] = 8; // bit depth
ihdr[9] = 6; // RGBA
const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  chunk('IHDR', ihdr),
  chunk('IDAT', zlib.deflateSync(render(), { level: 9 })),
  chunk('IEND', Buffer.alloc(0)),
]);
const out = path.join(__dirname, '..', 'images', 'icon.png');
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(out, png);
console.error(`make-icon: ${path.relative(process.cwd(), out)} (${png.length} bytes)`);
