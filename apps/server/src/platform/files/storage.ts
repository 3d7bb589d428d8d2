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
