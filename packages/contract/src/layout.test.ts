import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  actionLabel,
  actionLabels,
  api,
  auditTargetIn,
  callName,
  callNames,
  callsNamed,
  callsWithAction,
  errorMessage,
  exportHeaders,
  exportLabels,
  fieldLabel,
  fieldName,
  label,
  labels,
  LANGS,
  roleNameIn,
  type Translations,
} from './index.js';

/**
 * The contract's layout holds: platform/ knows no domain, a domain knows only itself and
 * platform/, and no file imports itself back through others (type-only imports included).
 */
const root = dirname(fileURLToPath(import.meta.url));
const DOMAINS = [
  'identity',
  'system',
  'fleet',
  'assets',
  'accessories',
  'network',
  'outlet',
  'order',
  'ledger',
  'deposit',
  'voucher',
  'stats',
  'payout',
  'coupon',
  'separation',
  'reconcile',
];

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? files(p) : p.endsWith('.ts') && !p.endsWith('.test.ts') ? [p] : [];
  });
}
const sources = files(root).map((p) => relative(root, p));
const importsOf = new Map(
  sources.map((f) => {
    const text = readFileSync(join(root, f), 'utf8');
    const specs = [...text.matchAll(/^(?:import|export)\b[^'"]*?from '(\.[^']+)'/gm)].map((m) => m[1]!);
    return [f, specs.map((s) => relative(root, resolve(root, dirname(f), s)).replace(/\.js$/, '.ts'))];
  }),
);
const folderOf = (f: string) => (f.includes('/') ? f.split('/')[0]! : '');

describe('contract layout', () => {
  it('has a folder per domain and platform/, and nothing else', () => {
    expect([...new Set(sources.map(folderOf))].filter(Boolean).sort()).toEqual([...DOMAINS, 'platform'].sort());
  });

  it('platform/ imports no domain and no catalogue; a domain imports only itself and platform/', () => {
    const wrong: string[] = [];
    for (const [f, deps] of importsOf) {
      const from = folderOf(f);
      if (!from) continue;
      for (const d of deps) if (folderOf(d) !== from && folderOf(d) !== 'platform') wrong.push(`${f} -> ${d}`);
    }
    expect(wrong).toEqual([]);
  });

  it('has no import cycle', () => {
    const cycles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const visit = (f: string, path: string[]) => {
      if (state.get(f) === 'done') return;
      if (state.get(f) === 'open') return void cycles.push([...path.slice(path.indexOf(f)), f].join(' -> '));
      state.set(f, 'open');
      for (const d of importsOf.get(f) ?? []) visit(d, [...path, f]);
      state.set(f, 'done');
    };
    for (const f of sources) visit(f, []);
    expect(cycles).toEqual([]);
  });
});

describe('labels', () => {
  it('every label reads in the three languages', () => {
    const empty: string[] = [];
    const walk = (v: unknown, at: string) => {
      if (v && typeof v === 'object' && 'en_US' in v) {
        for (const l of LANGS) if (!(v as Translations)[l]?.trim()) empty.push(`${at} ${l}`);
      } else if (v && typeof v === 'object') for (const [k, c] of Object.entries(v)) walk(c, `${at}.${k}`);
    };
    walk(labels, 'labels');
    walk(exportLabels, 'exportLabels');
    expect(empty).toEqual([]);
  });

  it('an export is labelled by the call that starts it', () => {
    for (const call of Object.keys(exportLabels)) {
      expect(api).toHaveProperty(call);
      expect(call).toMatch(/Export$/);
    }
  });

  it('reads a label, an export header row and a role name', () => {
    expect(label('identity', 'manageStatus', 'frozen', 'zh_TW')).toBe('凍結');
    expect(label('fleet', 'commandState', 'expired', 'en_US')).toBe('Expired');
    const h = exportHeaders('powerBankExport', 'en_US');
    expect(h.title).toBe('Power banks');
    expect(h.columns[0]).toEqual({ key: 'powerBankId', header: 'Power bank ID' });
    expect(roleNameIn('role.superAdmin', 'zh_CN')).toBe('超级管理员');
    expect(roleNameIn('Night shift', 'en_US')).toBe('Night shift');
    expect(roleNameIn('role.toString', 'en_US')).toBe('role.toString');
  });

  it('reads an operation-log target: a label address in the language, a seeded role by its key, data as stored', () => {
    expect(auditTargetIn('system.settingsGroup.basis', 'zh_TW')).toBe('基礎設定');
    expect(auditTargetIn('system.extensionName.coupons', 'en_US')).toBe('Coupons');
    expect(auditTargetIn('role.superAdmin', 'zh_CN')).toBe('超级管理员');
    // Data is never read as an address: an order number, an SN, a name with dots, a near miss.
    for (const data of [
      'A20261129000001',
      'SIMU000000000001',
      'shop.example.com',
      'system.settingsGroup.toString',
      'system.settingsGroup.basis.x',
    ])
      expect(auditTargetIn(data, 'en_US')).toBe(data);
  });

  it('names a field by its label, with the labelled part above it; a field without one by its path', () => {
    expect(fieldName('values.bluetoothHourlyLimit', 'zh_CN')).toBe('蓝牙充电器每小时价格上限');
    expect(fieldName('hourlyPrice.min', 'en_US')).toBe('Hourly price – Minimum');
    expect(fieldName('values.withdrawal.agent.feePercent', 'zh_TW')).toBe('代理商·手續費率');
    expect(fieldName('sns.3', 'en_US')).toBe('sns.3');
    expect(
      errorMessage('CONFIG_OUT_OF_RANGE', 'zh_CN', {
        field: fieldLabel('bluetoothDailyCap'),
        min: '0.00',
        max: '1.00',
      }),
    ).toBe('蓝牙充电器每日封顶 必须在 0.00 到 1.00 之间（范围设置）');
  });

  it('every change has an action in the three languages (the operation log shows it)', () => {
    const missing = Object.entries(api)
      .filter(([name, c]) => c.method !== 'GET' && !actionLabel(name, 'zh_CN'))
      .map(([name]) => name);
    expect(missing).toEqual([]);
    expect(actionLabel('manageStatus', 'zh_CN')).toBe('冻结/解冻账号');
    expect(callsWithAction('冻结')).toEqual([
      'manageStatus',
      'agentUpdateStatus',
      'pusherUpdateStatus',
      'providerUpdateStatus',
      'memberUpdateStatus',
    ]);
  });

  it("every call has a name in the three languages (the interfaces screen shows it in the reader's)", () => {
    const missing = Object.keys(api).flatMap((name) =>
      LANGS.filter((lang) => !callName(name, lang)?.trim()).map((lang) => `${name} ${lang}`),
    );
    expect(missing).toEqual([]);
    // One name per call: a change is named by its action, only a call that changes nothing by a read name.
    expect(Object.keys(callNames).length).toBe(Object.keys(api).length);
    expect(Object.keys(callNames).filter((name) => !Object.hasOwn(api, name))).toEqual([]);
    expect(
      Object.entries(actionLabels)
        .filter(([name, l]) => callNames[name as keyof typeof callNames] !== l)
        .map(([name]) => name),
    ).toEqual([]);
    expect(callName('manageStatus', 'zh_TW')).toBe(actionLabels.manageStatus!.zh_TW);
    expect(callName('apiQueryPage', 'zh_CN')).toBe('查询接口');
    expect(callName('apiQueryPage', 'en_US')).toBe('Query interfaces');
    expect(callName('gone', 'en_US')).toBeNull();
    expect(callsNamed('查詢介面')).toEqual(['apiQueryPage']);
    expect(callsNamed('query interfaces')).toEqual(['apiQueryPage']);
  });
});
