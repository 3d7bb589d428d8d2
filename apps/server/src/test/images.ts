import { PNG } from 'pngjs';
import jpeg from 'jpeg-js';

/** A real PNG of the given size (decodes whole). */
export function png(width = 2, height = 2): Buffer {
  const img = new PNG({ width, height });
  for (let i = 0; i < img.data.length; i += 4) img.data.set([(i * 7) & 255, 80, 160, 255], i);
  return PNG.sync.write(img);
}

/** A real baseline JPEG of the given size. */
export function jpg(width = 16, height = 16): Buffer {
  const data = Buffer.alloc(width * height * 4, 0x80);
  return jpeg.encode({ width, height, data }, 80).data;
}

/** A multipart/form-data body with one file part (or `files` parts). */
export function multipart(
  content: Buffer,
  opts: { name?: string; filename?: string; type?: string; files?: number } = {},
) {
  const boundary = '----cbo' + Math.random().toString(16).slice(2);
  const part = `--${boundary}\r\nContent-Disposition: form-data; name="${opts.name ?? 'file'}"; filename="${opts.filename ?? 'a.png'}"\r\nContent-Type: ${opts.type ?? 'image/png'}\r\n\r\n`;
  const parts: Buffer[] = [];
  for (let i = 0; i < (opts.files ?? 1); i++) parts.push(Buffer.from(part), content, Buffer.from('\r\n'));
  const payload = Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
