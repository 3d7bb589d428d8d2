import { beforeEach, describe, expect, it } from 'vitest';
import { arrangeColumns, columnId, DEFAULT_COLUMN_WIDTH, loadPrefs, moveColumn, savePrefs, tableWidth, type LayoutColumn } from './table-layout';

const sn = { key: 'sn', fixed: 'left', width: 180 } as const;
const online = { key: 'online', width: 110 };
const bound = { key: 'bound', width: 150 };
const iccid = { dataIndex: 'iccid', width: 220, defaultHidden: true };
const actions = { key: 'actions', fixed: 'right', width: 90 } as const;
const columns: LayoutColumn[] = [online, sn, bound, iccid, actions];
const ids = (cs: LayoutColumn[]) => cs.map(columnId);

describe('table layout', () => {
  beforeEach(() => localStorage.clear());

  it('shows left-fixed columns first and right-fixed last, leaves default-hidden ones out', () => {
    expect(ids(arrangeColumns(columns, {}, false))).toEqual(['sn', 'online', 'bound', 'actions']);
  });

  it('follows the person: hidden, shown and moved columns; fixed ones cannot be hidden', () => {
    const prefs = { hidden: ['online', 'sn', 'actions'], shown: ['iccid'], order: ['iccid', 'bound'] };
    expect(ids(arrangeColumns(columns, prefs, false))).toEqual(['sn', 'iccid', 'bound', 'actions']);
  });

  it('below 992 px no column is pinned on the right (it would cover the scrolled columns); the left one stays', () => {
    const shown = arrangeColumns(columns, {}, true);
    expect(shown.find((c) => columnId(c) === 'actions')!.fixed).toBeUndefined();
    expect(shown.find((c) => columnId(c) === 'sn')!.fixed).toBe('left');
  });

  it('is as wide as its columns, a column without a width counting the default', () => {
    expect(tableWidth([sn, online, { key: 'x' }])).toBe(180 + 110 + DEFAULT_COLUMN_WIDTH);
  });

  it('moves a column one step and never past either end', () => {
    expect(moveColumn(['a', 'b', 'c'], 'b', -1)).toEqual(['b', 'a', 'c']);
    expect(moveColumn(['a', 'b', 'c'], 'c', 1)).toEqual(['a', 'b', 'c']);
  });

  it('remembers choices per screen and ignores what it cannot read', () => {
    savePrefs('cabinetQueryPage', { hidden: ['bound'], density: 'small' });
    expect(loadPrefs('cabinetQueryPage')).toEqual({ hidden: ['bound'], density: 'small', order: undefined, shown: undefined });
    expect(loadPrefs('manageList')).toEqual({});
    localStorage.setItem('listTable:broken', '{"hidden": 3, "density": "huge"');
    expect(loadPrefs('broken')).toEqual({});
    savePrefs('cabinetQueryPage', {});
    expect(localStorage.getItem('listTable:cabinetQueryPage')).toBeNull();
  });
});
