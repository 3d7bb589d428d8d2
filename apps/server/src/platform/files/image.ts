import zlib from 'node:zlib';
import { PNG } from 'pngjs';
import jpeg from 'jpeg-js';
import { IMAGE_MAX_SIDE } from '@cbo/contract';
import { AppError } from '../http/app-error.js';

/** An uploaded image that decoded whole: what is stored and served is exactly this. */
export interface VerifiedImage {
  ext: 'png' | 'jpg';
  mime: 'image/png' | 'image/jpeg';
  width: number;
  height: number;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * Accepts a file only when it is one complete PNG or JPEG: the structure is walked to its end
 * marker (PNG IEND, JPEG EOI) and nothing may follow it, and then every pixel is decoded, so a
 * truncated or damaged file, or an image with a page glued after it, is refused. Width and
 * height come from the decoded image, never from a header alone. GIF and WebP are refused: no
 * decoder here can check them whole.
 */
export function verifyImage(bytes: Buffer): VerifiedImage {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return verifyPng(bytes);
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return verifyJpeg(bytes);
  throw new AppError('IMAGE_INVALID');
}

function checkSides(width: number, height: number): void {
  if (!(width > 0 && height > 0)) throw new AppError('IMAGE_INVALID');
  if (width > IMAGE_MAX_SIDE || height > IMAGE_MAX_SIDE) throw new AppError('IMAGE_TOO_BIG', { max: IMAGE_MAX_SIDE });
}

function verifyPng(b: Buffer): VerifiedImage {
  // Chunks: length, type, data, CRC. The first is IHDR; IEND must end the file exactly.
  let i = 8;
  let first = true;
  let ended = false;
  while (i < b.length) {
    if (i + 12 > b.length) throw new AppError('IMAGE_INVALID');
    const len = b.readUInt32BE(i);
    const type = b.toString('latin1', i + 4, i + 8);
    if (i + 12 + len > b.length) throw new AppError('IMAGE_INVALID');
    if (first) {
      if (type !== 'IHDR' || len !== 13) throw new AppError('IMAGE_INVALID');
      // The declared size bounds the decode before a single pixel is inflated.
      checkSides(b.readUInt32BE(i + 8), b.readUInt32BE(i + 12));
      first = false;
    }
    if (zlib.crc32(b.subarray(i + 4, i + 8 + len)) !== b.readUInt32BE(i + 8 + len)) throw new AppError('IMAGE_INVALID');
    i += 12 + len;
    if (type === 'IEND') {
      ended = true;
      break;
    }
  }
  if (!ended || i !== b.length) throw new AppError('IMAGE_INVALID');
  let decoded: PNG;
  try {
    decoded = PNG.sync.read(b);
  } catch {
    throw new AppError('IMAGE_INVALID');
  }
  checkSides(decoded.width, decoded.height);
  return { ext: 'png', mime: 'image/png', width: decoded.width, height: decoded.height };
}

/** Markers that stand alone (no length): TEM and the restart markers. */
const standalone = (m: number) => m === 0x01 || (m >= 0xd0 && m <= 0xd7);

function verifyJpeg(b: Buffer): VerifiedImage {
  // Segments after SOI; after each SOS the entropy-coded data runs to the next marker (0xFF
  // followed by neither 0x00 stuffing nor a restart marker). EOI must end the file exactly.
  let i = 2;
  let ended = false;
  let frame: { width: number; height: number } | null = null;
  while (i < b.length) {
    if (b[i] !== 0xff) throw new AppError('IMAGE_INVALID');
    while (b[i + 1] === 0xff) i++; // fill bytes
    if (i + 1 >= b.length) throw new AppError('IMAGE_INVALID');
    const m = b[i + 1]!;
    if (m === 0xd9) {
      i += 2;
      ended = true;
      break;
    }
    if (standalone(m)) {
      i += 2;
      continue;
    }
    if (m === 0x00 || m === 0xd8 || i + 4 > b.length) throw new AppError('IMAGE_INVALID');
    const len = b.readUInt16BE(i + 2);
    if (len < 2 || i + 2 + len > b.length) throw new AppError('IMAGE_INVALID');
    if (m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc) {
      if (len < 8) throw new AppError('IMAGE_INVALID');
      frame = { height: b.readUInt16BE(i + 5), width: b.readUInt16BE(i + 7) };
      checkSides(frame.width, frame.height);
    }
    i += 2 + len;
    if (m === 0xda) {
      while (i < b.length) {
        if (b[i] === 0xff && i + 1 < b.length) {
          const next = b[i + 1]!;
          if (next !== 0x00 && !(next >= 0xd0 && next <= 0xd7) && next !== 0xff) break;
        }
        i++;
      }
      if (i >= b.length - 1) throw new AppError('IMAGE_INVALID');
    }
  }
  if (!ended || i !== b.length || !frame) throw new AppError('IMAGE_INVALID');
  let decoded: { width: number; height: number };
  try {
    decoded = jpeg.decode(b, {
      useTArray: true,
      tolerantDecoding: false,
      maxResolutionInMP: (IMAGE_MAX_SIDE * IMAGE_MAX_SIDE) / 1e6,
      maxMemoryUsageInMB: 256,
    });
  } catch {
    throw new AppError('IMAGE_INVALID');
  }
  checkSides(decoded.width, decoded.height);
  return { ext: 'jpg', mime: 'image/jpeg', width: decoded.width, height: decoded.height };
}
