import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';

/**
 * Files on disk under DATA_DIR/files: avatars and images (public, unguessable names) and exports (served
 * only through the export download call). One place knows the layout.
 */
export class FileStorage {
  readonly root: string;
  constructor(dataDir: string) {
    this.root = path.join(dataDir, 'files');
    for (const dir of ['avatars', 'exports', 'images']) fs.mkdirSync(path.join(this.root, dir), { recursive: true });
  }

  exportPath(id: number): string {
    return path.join(this.root, 'exports', `${id}.xlsx`);
  }

  async saveAvatar(bytes: Buffer, ext: string): Promise<string> {
    const name = `${crypto.randomBytes(16).toString('hex')}.${ext}`;
    await fs.promises.writeFile(path.join(this.root, 'avatars', name), bytes);
    return `/files/avatars/${name}`;
  }

  /** Logos, banners and scene pictures: public, unguessable names, served at /files/images/. */
  async saveImage(bytes: Buffer, ext: string): Promise<string> {
    const name = `${crypto.randomBytes(16).toString('hex')}.${ext}`;
    await fs.promises.writeFile(path.join(this.root, 'images', name), bytes);
    return `/files/images/${name}`;
  }

  get imagesDir(): string {
    return path.join(this.root, 'images');
  }

  get avatarsDir(): string {
    return path.join(this.root, 'avatars');
  }
}

/** Image type by content (magic bytes), not by name (issue 2, item 6). */
export function sniffImage(b: Buffer): 'png' | 'jpg' | 'gif' | 'webp' | null {
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpg';
  if (b.length >= 6 && (b.subarray(0, 6).toString('latin1') === 'GIF87a' || b.subarray(0, 6).toString('latin1') === 'GIF89a')) return 'gif';
  if (b.length >= 12 && b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP') return 'webp';
  return null;
}

/** Width and height of a PNG, GIF, JPEG or WebP from its header; null when it cannot be read. */
export function imageSize(b: Buffer): { width: number; height: number } | null {
  try {
    switch (sniffImage(b)) {
      case 'png':
        return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
      case 'gif':
        return { width: b.readUInt16LE(6), height: b.readUInt16LE(8) };
      case 'webp': {
        const kind = b.subarray(12, 16).toString('latin1');
        if (kind === 'VP8X') return { width: 1 + b.readUIntLE(24, 3), height: 1 + b.readUIntLE(27, 3) };
        if (kind === 'VP8L') {
          const bits = b.readUInt32LE(21);
          return { width: 1 + (bits & 0x3fff), height: 1 + ((bits >> 14) & 0x3fff) };
        }
        if (kind === 'VP8 ') return { width: b.readUInt16LE(26) & 0x3fff, height: b.readUInt16LE(28) & 0x3fff };
        return null;
      }
      case 'jpg': {
        // Walk the segments to the first start-of-frame marker (SOF0-SOF15 except DHT, JPG, DAC).
        let i = 2;
        while (i + 9 < b.length) {
          if (b[i] !== 0xff) return null;
          const marker = b[i + 1]!;
          const len = b.readUInt16BE(i + 2);
          if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
            return { width: b.readUInt16BE(i + 7), height: b.readUInt16BE(i + 5) };
          }
          i += 2 + len;
        }
        return null;
      }
      default:
        return null;
    }
  } catch {
    return null;
  }
}
