import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { auth, engines, useServer, type TestServer } from '../../test/helper.js';
import { accountWithMenus } from '../../test/accounts.js';
import { jpg, multipart, png } from '../../test/images.js';
import { query } from '../db/database.js';

const AVATAR = '/user/api/v1/sys/manage/uploadAvatar';
const ICON = '/user/api/v1/sys/menu/uploadIcon';
const IMAGE = '/user/api/v1/global/config/uploadImage';
const SCENE = '/device/api/v1/device/uploadSceneImage';

type Answer = { code: number; msg: string; data: { url: string } | null };

async function upload(
  t: TestServer,
  token: string,
  url: string,
  body: { payload: Buffer; headers: Record<string, string> },
  lang = 'en_US',
): Promise<Answer> {
  const r = await t.inject({
    method: 'POST',
    url,
    headers: { ...auth(token, lang), ...body.headers },
    payload: body.payload,
  });
  expect(r.statusCode).toBeLessThan(500);
  return r.json();
}

const stored = async (t: TestServer) =>
  (await query<{ n: number }>(t.database.db, sql`select count(*)::int as n from sys_file`))[0]!.n;
const onDisk = (t: TestServer) =>
  ['avatars', 'images'].reduce((n, d) => n + fs.readdirSync(path.join(t.server.services.files.root, d)).length, 0);

describe.each(engines)('uploads (%s)', (engine) => {
  // These tests upload more than the default count per minute; the quota has its own tests below.
  const s = useServer(engine, { UPLOAD_PER_MINUTE: '1000' });

  it('each upload is bound to the permission of the screen that uses it; the own avatar needs only a sign-in', async () => {
    await accountWithMenus(s.current.database.db, 'nomenus', 'pass1234', []);
    await accountWithMenus(s.current.database.db, 'configer', 'pass1234', [
      'system',
      'system.config',
      'system.config.edit',
    ]);
    await accountWithMenus(s.current.database.db, 'scener', 'pass1234', [
      'system',
      'system.scenes',
      'system.scenes.edit',
    ]);
    const none = await s.current.login('nomenus', 'pass1234');
    const configer = await s.current.login('configer', 'pass1234');
    const scener = await s.current.login('scener', 'pass1234');
    const body = () => multipart(png(64, 64));

    for (const url of [ICON, IMAGE, SCENE]) expect((await upload(s.current, none, url, body())).code).toBe(100003);
    expect((await upload(s.current, none, AVATAR, body())).code).toBe(0);

    expect((await upload(s.current, configer, IMAGE, body())).code).toBe(0);
    expect((await upload(s.current, configer, SCENE, body())).code).toBe(100003);
    expect((await upload(s.current, scener, SCENE, body())).code).toBe(0);
    expect((await upload(s.current, scener, IMAGE, body())).code).toBe(100003);
    expect((await upload(s.current, scener, ICON, body())).code).toBe(100003);
  });

  it('stores only whole PNG and JPEG images: trailing bytes, truncation, damage and other types are refused, nothing half-written', async () => {
    const token = await s.current.login();
    const before = { rows: await stored(s.current), files: onDisk(s.current) };
    const good = png(64, 64);
    const refused = async (bytes: Buffer, url = IMAGE) => (await upload(s.current, token, url, multipart(bytes))).code;

    expect(await refused(Buffer.concat([good, Buffer.from('<html><script>alert(1)</script></html>')]))).toBe(100053);
    expect(await refused(Buffer.concat([jpg(), Buffer.from('<html><script>alert(1)</script></html>')]))).toBe(100053);
    // A 30-byte PNG header that claims 64x64 is no icon.
    expect(await refused(good.subarray(0, 30), ICON)).toBe(100053);
    expect(await refused(good.subarray(0, good.length - 12), ICON)).toBe(100053);
    const j = jpg(32, 32);
    expect(await refused(j.subarray(0, Math.floor(j.length / 2)))).toBe(100053);
    const crc = Buffer.from(good);
    crc[crc.length - 20] = crc[crc.length - 20]! ^ 0xff;
    expect(await refused(crc)).toBe(100053);
    expect(await refused(Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'))).toBe(100053);
    expect(await refused(Buffer.from('<svg onload=alert(1)>'))).toBe(100053);
    // More pixels than a decode may take, whatever the file size.
    expect(await refused(png(4097, 1))).toBe(100054);

    expect({ rows: await stored(s.current), files: onDisk(s.current) }).toEqual(before);

    const zh = await upload(s.current, token, IMAGE, multipart(Buffer.concat([good, Buffer.from('<html>')])), 'zh_CN');
    expect(zh.msg).toBe('图片无效，请上传完整的 PNG 或 JPEG 图片');
    const tw = await upload(s.current, token, IMAGE, multipart(Buffer.concat([good, Buffer.from('<html>')])), 'zh_TW');
    expect(tw.msg).toBe('圖片無效，請上傳完整的 PNG 或 JPEG 圖片');

    const okJpg = await upload(s.current, token, IMAGE, multipart(jpg(), { type: 'image/jpeg', filename: 'a.jpg' }));
    expect(okJpg.code).toBe(0);
    expect(okJpg.data!.url).toMatch(/^\/files\/images\/[0-9a-f]{32}\.jpg$/);
    expect(await stored(s.current)).toBe(before.rows + 1);
  });

  it('menu icons: the 64x64 rule is read from the decoded image', async () => {
    const token = await s.current.login();
    expect((await upload(s.current, token, ICON, multipart(png(63, 64)))).code).toBe(100117);
    expect((await upload(s.current, token, ICON, multipart(jpg(64, 65)))).code).toBe(100117);
    expect((await upload(s.current, token, ICON, multipart(jpg(64, 64)))).code).toBe(0);
    expect((await upload(s.current, token, ICON, multipart(png(64, 64)))).code).toBe(0);
  });

  it('refuses oversize files and unreadable requests with a code, never a 500', async () => {
    const token = await s.current.login();
    const big = await upload(s.current, token, IMAGE, multipart(Buffer.concat([png(), Buffer.alloc(2 * 1024 * 1024)])));
    expect(big).toMatchObject({ code: 100052, msg: 'The file cannot be larger than 2 MB' });

    const file = multipart(png());
    const noBoundary = await s.current.inject({
      method: 'POST',
      url: IMAGE,
      headers: { ...auth(token), 'content-type': 'multipart/form-data' },
      payload: file.payload,
    });
    expect(noBoundary.statusCode).toBe(400);
    expect(noBoundary.json().code).toBe(100002);
    const badBoundary = await s.current.inject({
      method: 'POST',
      url: IMAGE,
      headers: { ...auth(token), 'content-type': 'multipart/form-data; boundary=other' },
      payload: file.payload,
    });
    expect(badBoundary.statusCode).toBeLessThan(500);
    expect(badBoundary.json().code).not.toBe(0);

    const json = await s.current.inject({ method: 'POST', url: IMAGE, headers: auth(token), payload: { file: 'x' } });
    expect(json.json().code).toBe(100051);
    const text = await s.current.inject({
      method: 'POST',
      url: IMAGE,
      headers: { ...auth(token), 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(text.statusCode).toBeLessThan(500);
    expect(text.json().code).not.toBe(0);

    expect((await upload(s.current, token, IMAGE, multipart(Buffer.alloc(0)))).code).toBe(100051);
    expect((await upload(s.current, token, IMAGE, multipart(png(), { files: 2 }))).code).toBe(100055);
    const fieldOnly = `--b\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\r\n--b--\r\n`;
    const field = await s.current.inject({
      method: 'POST',
      url: IMAGE,
      headers: { ...auth(token), 'content-type': 'multipart/form-data; boundary=b' },
      payload: fieldOnly,
    });
    expect(field.json().code).toBe(100051);
  });

  it('serves uploads with their image type, nosniff and a sandbox policy', async () => {
    const token = await s.current.login();
    const { data } = await upload(s.current, token, IMAGE, multipart(png()));
    const r = await s.current.inject({ url: data!.url });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('image/png');
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(r.headers['content-security-policy']).toContain('sandbox');
    expect(r.rawPayload.equals(png())).toBe(true);

    const avatar = await upload(s.current, token, AVATAR, multipart(jpg()));
    const a = await s.current.inject({ url: avatar.data!.url });
    expect(a.headers['content-type']).toBe('image/jpeg');
    expect(a.headers['x-content-type-options']).toBe('nosniff');

    // Whatever else might lie in the folder is never a page.
    fs.writeFileSync(path.join(s.current.server.services.files.imagesDir, 'planted.html'), '<script>alert(1)</script>');
    const planted = await s.current.inject({ url: '/files/images/planted.html' });
    expect(planted.headers['content-type']).toBe('application/octet-stream');
    expect(planted.headers['content-disposition']).toBe('attachment');
    expect(planted.headers['x-content-type-options']).toBe('nosniff');
  });

  it('the sweep deletes old files nothing refers to and keeps referenced and recent ones', async () => {
    const t = s.current;
    const token = await t.login();
    const up = async (url: string, bytes = png()) => (await upload(t, token, url, multipart(bytes))).data!.url;
    const avatar = await up(AVATAR);
    const banner = await up(IMAGE);
    const scene = await up(SCENE);
    const logo = await up(IMAGE);
    const icon = await up(ICON, png(64, 64));
    const orphan = await up(IMAGE);
    const recent = await up(IMAGE);
    const json = (method: 'POST' | 'PUT', url: string, payload: object) =>
      t.inject({ method, url, headers: auth(token), payload }).then((r) => r.json().code as number);
    expect(
      await json('POST', '/user/api/v1/global/config/addBanner', {
        title: 'Sweep',
        img: banner,
        link: '',
        sort: 0,
        enabled: true,
      }),
    ).toBe(0);
    expect(
      await json('PUT', '/device/api/v1/device/updateImgAndAddr', { deviceType: 'cable', img: scene, link: '' }),
    ).toBe(0);
    const basis = (await t.inject({ url: '/user/api/v1/global/config/findByBasis', headers: auth(token) })).json().data;
    expect(
      await json('PUT', '/user/api/v1/global/config/', { paramType: 'basis', values: { ...basis, navLogo: logo } }),
    ).toBe(0);
    await t.database.db.execute(sql`update sys_menu set icon = ${icon} where code = 'system.config'`);

    const everyOld = [avatar, banner, scene, logo, icon, orphan];
    await t.database.db.execute(
      sql`update sys_file set created_at = now() - interval '25 hours' where url in (${sql.join(everyOld, sql`, `)})`,
    );
    const fileOf = (url: string) => t.server.services.files.pathOf(url)!;

    // Two sweeps at once: each unreferenced file is taken by exactly one of them.
    const [a, b] = await Promise.all([t.server.services.uploads.sweep(), t.server.services.uploads.sweep()]);
    expect(a + b).toBe(1);
    expect(fs.existsSync(fileOf(orphan))).toBe(false);
    for (const kept of [avatar, banner, scene, logo, icon, recent]) expect(fs.existsSync(fileOf(kept))).toBe(true);
    const urls = (await query<{ url: string }>(t.database.db, sql`select url from sys_file`)).map((r) => r.url);
    expect(urls).not.toContain(orphan);
    expect(urls).toEqual(expect.arrayContaining([avatar, banner, scene, logo, icon, recent]));

    // A new avatar leaves the old one unreferenced: the next sweep removes it.
    await up(AVATAR);
    expect(await t.server.services.uploads.sweep()).toBe(1);
    expect(fs.existsSync(fileOf(avatar))).toBe(false);
    // A day later the recent upload, still unreferenced, goes too; the referenced ones stay.
    const later = new Date(Date.now() + 25 * 3600_000);
    await t.server.services.uploads.sweep(later);
    expect(fs.existsSync(fileOf(recent))).toBe(false);
    for (const kept of [banner, scene, logo, icon]) expect(fs.existsSync(fileOf(kept))).toBe(true);
  });
});

describe.each(engines)('upload quota (%s)', (engine) => {
  const one = png(8, 8);
  // Room for exactly five of these files a day.
  const s = useServer(engine, { UPLOAD_PER_MINUTE: '7', UPLOAD_DAILY_MB: String((one.length * 5.5) / 1024 / 1024) });

  const burst = async (t: TestServer, token: string, n: number) =>
    Promise.all(Array.from({ length: n }, () => upload(t, token, AVATAR, multipart(one)).then((r) => r.code)));

  it('50 uploads at once never pass the count per minute', async () => {
    const t = s.current;
    t.server.services.uploads.clock = () => new Date('2030-01-01T10:00:30Z');
    // Plenty of bytes for this account today: only the count can stop it.
    const id = await accountWithMenus(t.database.db, 'burst', 'pass1234', []);
    await t.database.db.execute(
      sql`insert into sys_upload_quota values (${id}, '2030-01-01', ${-1_000_000}, '2030-01-01T09:00:00Z', 0)`,
    );
    const token = await t.login('burst', 'pass1234');
    const codes = await burst(t, token, 50);
    expect(codes.filter((c) => c === 0)).toHaveLength(7);
    expect(codes.filter((c) => c === 100057)).toHaveLength(43);
    expect(
      (
        await query<{ n: number }>(t.database.db, sql`select count(*)::int as n from sys_file where owner_id = ${id}`)
      )[0]!.n,
    ).toBe(7);
    // The next minute has room again.
    t.server.services.uploads.clock = () => new Date('2030-01-01T10:01:05Z');
    expect((await upload(t, token, AVATAR, multipart(one))).code).toBe(0);
  });

  it('50 uploads at once never pass the bytes per day', async () => {
    const t = s.current;
    const token = await t.login();
    // A fresh minute for every upload would not help: the day is full after five.
    t.server.services.uploads.clock = () => new Date('2030-02-01T10:00:00Z');
    const first = await burst(t, token, 5);
    expect(first.every((c) => c === 0)).toBe(true);
    t.server.services.uploads.clock = () => new Date('2030-02-01T11:00:00Z');
    const codes = await burst(t, token, 50);
    expect(codes.filter((c) => c === 0)).toHaveLength(0);
    expect(codes.filter((c) => c === 100056)).toHaveLength(50);
    const zh = await upload(t, token, AVATAR, multipart(one), 'zh_CN');
    expect(zh.msg).toMatch(/^今日上传已达上限/);
    // Tomorrow is a new day.
    t.server.services.uploads.clock = () => new Date('2030-02-02T00:00:01Z');
    expect((await upload(t, token, AVATAR, multipart(one))).code).toBe(0);
  });

  it('bytes and count are decided together under one burst', async () => {
    const t = s.current;
    await accountWithMenus(t.database.db, 'both', 'pass1234', []);
    const token = await t.login('both', 'pass1234');
    t.server.services.uploads.clock = () => new Date('2030-03-01T10:00:00Z');
    const codes = await burst(t, token, 50);
    // Five fit in the day, seven in the minute: five pass.
    expect(codes.filter((c) => c === 0)).toHaveLength(5);
  });
});
