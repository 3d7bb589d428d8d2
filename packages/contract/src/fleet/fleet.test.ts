import { describe, expect, it } from 'vitest';
import {
  batchStorageRequest,
  commandSendRequest,
  describeError,
  expandSnRange,
  firmwareUpgradeRequest,
  rules,
} from '../index.js';

const why = (r: { success: boolean; error?: Parameters<typeof describeError>[0] }) =>
  r.success ? null : describeError(r.error!, 'en_US');

describe('fleet ID rules', () => {
  it('cabinet SN: 4 letters and 12 or 13 digits, upper-cased', () => {
    expect(rules.cabinetSn.parse(' chgb000000000001 ')).toBe('CHGB000000000001');
    expect(rules.cabinetSn.safeParse('CHGB0000000000001').success).toBe(true);
    for (const bad of [
      'CHG0000000000001',
      'CHGB00000000001',
      'CHGB00000000000001',
      'CHGB00000000000A',
      'CH1B000000000001',
    ]) {
      expect(rules.cabinetSn.safeParse(bad).success, bad).toBe(false);
    }
  });
  it('power bank ID: 4 letters and 13 digits', () => {
    expect(rules.powerBankId.safeParse('PBNK0000000000001').success).toBe(true);
    expect(rules.powerBankId.safeParse('PBNK000000000001').success).toBe(false);
  });
});

describe('batch storage request', () => {
  it('takes a list or a range, not both or neither', () => {
    expect(batchStorageRequest.safeParse({ sns: ['X'] }).success).toBe(true);
    expect(why(batchStorageRequest.safeParse({}))).toBe('sns: give either a list of cabinet SNs or a start and an end');
    expect(
      batchStorageRequest.safeParse({ sns: ['X'], start: 'CHGB000000000001', end: 'CHGB000000000002' }).success,
    ).toBe(false);
  });
  it('at most 500 in a list', () => {
    expect(
      why(
        batchStorageRequest.safeParse({
          sns: Array.from({ length: 501 }, (_, i) => `CHGB${String(i).padStart(12, '0')}`),
        }),
      ),
    ).toBe('sns: allows at most 500 items');
  });
  it('a range: same length, same prefix, start not above end, at most 500', () => {
    const r = (start: string, end: string) => why(batchStorageRequest.safeParse({ start, end }));
    expect(r('CHGB000000000001', 'CHGB000000000500')).toBeNull();
    expect(r('CHGB000000000001', 'CHGB000000000501')).toBe('end: a batch stocks in at most 500 cabinets');
    expect(r('CHGB000000000002', 'CHGB000000000001')).toBe('end: cannot be below start');
    expect(r('CHGB000000000001', 'CHGA000000000002')).toBe('end: must have the same letters as start');
    expect(r('CHGB000000000001', 'CHGB0000000000002')).toBe('end: must have the same length as start');
    expect(r('CHGB00000000001', 'CHGB000000000002')).toMatch(/^start: is a non-standard device code/);
  });
  it('expands a range keeping the width', () => {
    expect(expandSnRange('CHGB000000000009', 'CHGB000000000011')).toEqual([
      'CHGB000000000009',
      'CHGB000000000010',
      'CHGB000000000011',
    ]);
  });
});

describe('command request', () => {
  it('checks data by type', () => {
    expect(commandSendRequest.parse({ sn: 'CHGB000000000001', type: 'restart' })).toEqual({
      sn: 'CHGB000000000001',
      type: 'restart',
      data: {},
    });
    expect(
      commandSendRequest.safeParse({ sn: 'CHGB000000000001', type: 'eject', data: { slot: 3, force: true } }).success,
    ).toBe(true);
    expect(commandSendRequest.safeParse({ sn: 'CHGB000000000001', type: 'eject', data: {} }).success).toBe(false);
    expect(
      why(commandSendRequest.safeParse({ sn: 'CHGB000000000001', type: 'config', data: { heartbeatSec: 5 } })),
    ).toBe('data.heartbeatSec: must be at least 10');
    expect(
      why(
        commandSendRequest.safeParse({
          sn: 'CHGB000000000001',
          type: 'upgrade',
          data: { version: '2.4.0', url: 'file:///x' },
        }),
      ),
    ).toBe('data.url: must start with http://, https:// or ftp://');
  });
});

describe('firmware upgrade request', () => {
  const base = { sns: ['CHGB000000000001'], version: '2.4.0', url: 'https://firmware.example.com/a.bin' };
  it('an empty or blank checksum counts as absent (a field typed into and cleared)', () => {
    for (const sha256 of ['', '   ', undefined]) {
      const r = firmwareUpgradeRequest.safeParse({ ...base, sha256 });
      expect(r.success, JSON.stringify(sha256)).toBe(true);
      expect(r.data?.sha256).toBeUndefined();
    }
  });
  it('a given checksum must still be 64 hex digits', () => {
    expect(why(firmwareUpgradeRequest.safeParse({ ...base, sha256: 'abc' }))).toMatch(/^sha256: /);
    expect(firmwareUpgradeRequest.parse({ ...base, sha256: ` ${'a'.repeat(64)} ` }).sha256).toBe('a'.repeat(64));
  });
});
