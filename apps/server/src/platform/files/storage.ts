import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';

/** Public folders of uploads, each served at /files/<folder>/. */
export type PublicFolder = 'avatars' | 'images';

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

  /** A new unguessable public address in a folder; nothing is written yet. */
  newUrl(folder: PublicFolder, ext: string): string {
    return `/files/${folder}/${crypto.randomBytes(16).toString('hex')}.${ext}`;
  }

  /** Where a public address lives on disk; null for anything that is not one of ours. */
  pathOf(url: string): string | null {
    const m = /^\/files\/(avatars|images)\/([0-9a-f]{32}\.[a-z]{3,4})$/.exec(url);
    return m ? path.join(this.root, m[1]!, m[2]!) : null;
  }

  async write(url: string, bytes: Buffer): Promise<void> {
    const p = this.pathOf(url);
    if (!p) throw new Error(`not a file address: ${url}`);
    await fs.promises.writeFile(p, bytes, { flag: 'wx' });
  }

  /** Removes a stored file; one already gone is fine. */
  async remove(url: string): Promise<void> {
    const p = this.pathOf(url);
    if (!p) return;
    await fs.promises.rm(p, { force: true });
  }

  get imagesDir(): string {
    return path.join(this.root, 'images');
  }

  get avatarsDir(): string {
    return path.join(this.root, 'avatars');
  }
}
