import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startServer, cannon, sessionLookupText } from './request-path.js';
import { spawn } from 'node:child_process';
const target = process.argv[2] ?? 'info';
const secs = Number(process.argv[3] ?? 15);
const logLevel = process.argv[4] ?? 'info';
const name = `cbo_rf_prof_${Date.now()}`;
const admin = new pg.Client({ connectionString: 'postgres://root@127.0.0.1:5432/postgres' });
await admin.connect();
await admin.query(`create database ${name}`);
const url = `postgres://root@127.0.0.1:5432/${name}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rf-prof-'));
const profDir = `/tmp/rf/prof-${target}-${Date.now()}`;
const s = await startServer(url, { dataDir, logLevel, profileDir: profDir });
try {
  const r = await fetch(`${s.base}/user/api/open/v1/auth`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userName: 'admin', password: 'bench123', clientType: 'MANAGE_PC' }) });
  const token = ((await r.json()) as { data: { token: string } }).data.token;
  const h = { authorization: token, clienttype: 'MANAGE_PC', 'accept-language': 'en_US', 'accept-encoding': 'gzip, deflate, br' };
  if (target === 'floor') {
    const { text, params } = sessionLookupText();
    const child = spawn(process.execPath, ['--cpu-prof', `--cpu-prof-dir=${profDir}`, 'bench/floor-server.mjs'], { env: { ...process.env, FLOOR_DATABASE_URL: url, FLOOR_SQL: text, FLOOR_PARAMS: JSON.stringify(params) }, stdio: ['ignore', 'pipe', 'inherit'] });
    const port = await new Promise<number>((res) => child.stdout.once('data', (d: Buffer) => res(JSON.parse(d.toString().split('\n')[0]!).port)));
    const fu = `http://127.0.0.1:${port}/floor`;
    await cannon(fu, { authorization: token }, 3);
    console.log(JSON.stringify(await cannon(fu, { authorization: token }, secs)));
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
  const u = target === 'info' ? `${s.base}/user/api/v1/sys/user/info` : `${s.base}/user/api/v1/sys/loginLog/queryPage?pageNum=1&pageSize=10`;
  if (target !== 'floor') {
    await cannon(u, h, 3);
    const res = await cannon(u, h, secs);
    console.log(JSON.stringify(res));
  }
} finally {
  s.child.kill('SIGTERM');
  await new Promise((r) => s.child.once('exit', r));
  await admin.query(`drop database ${name} with (force)`);
  await admin.end();
  console.log(profDir, fs.readdirSync(profDir));
}
