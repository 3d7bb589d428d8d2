import { beforeEach, describe, expect, it } from 'vitest';
import {
  arrangeColumns,
  columnId,
  DEFAULT_COLUMN_WIDTH,
  leadWidth,
  loadPrefs,
  moveColumn,
  pinForWidth,
  savePrefs,
  tableWidth,
  type LayoutColumn,
} from './table-layout';

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
    expect(ids(arrangeColumns(columns, {}))).toEqual(['sn', 'online', 'bound', 'actions']);
  });

  it('follows the person: hidden, shown and moved columns; fixed ones cannot be hidden', () => {
    const prefs = { hidden: ['online', 'sn', 'actions'], shown: ['iccid'], order: ['iccid', 'bound'] };
    expect(ids(arrangeColumns(columns, prefs))).toEqual(['sn', 'iccid', 'bound', 'actions']);
  });

  const pins = (cs: LayoutColumn[]) => Object.fromEntries(cs.map((c) => [columnId(c), c.fixed ?? null]));

  it('keeps the declared pins before the table is measured and when it fits its card', () => {
    const shown = arrangeColumns(columns, {}); // sn 180, online 110, bound 150, actions 90: 530 px
    expect(pins(pinForWidth(shown, undefined))).toEqual({ sn: 'left', online: null, bound: null, actions: 'right' });
    expect(pins(pinForWidth(shown, 530))).toEqual({ sn: 'left', online: null, bound: null, actions: 'right' });
  });

  it('keeps both pins on a narrow card while every column can be read at one end of the scroll', () => {
    // 600 px in a 560 px view: at the start the actions cover 470-560 (b), at the end the SN 40-220 (a).
    const shown = arrangeColumns([sn, { key: 'a', width: 150 }, { key: 'b', width: 180 }, actions], {});
    expect(pins(pinForWidth(shown, 560))).toEqual({ sn: 'left', a: null, b: null, actions: 'right' });
  });

  it('lets the identity column scroll when a column would lie under a pin at both ends; the actions stay pinned', () => {
    const id = { key: 'sn', fixed: 'left', width: 120 } as const;
    const shown = arrangeColumns([id, { key: 'wide', width: 340 }, online, actions], {}); // 660 px, "wide" at 120-460
    // View 600: the actions cover 510-600 at the start, the SN 60-180 at the end: "wide" is free at the start.
    expect(pins(pinForWidth(shown, 600))).toEqual({ sn: 'left', wide: null, online: null, actions: 'right' });
    // View 520: the actions cover 430-520, the SN 140-260: "wide" is under one or the other however it is scrolled.
    expect(pins(pinForWidth(shown, 520))).toEqual({ sn: null, wide: null, online: null, actions: 'right' });
    // View 560: free without a row checkbox; with one (32 px, pinned with the SN) "wide" is at 152-492
    // and the pins cover 470-560 at the start and 132-284 at the end.
    expect(pins(pinForWidth(shown, 560))).toEqual({ sn: 'left', wide: null, online: null, actions: 'right' });
    expect(pins(pinForWidth(shown, 560, 32))).toEqual({ sn: null, wide: null, online: null, actions: 'right' });
  });

  it('lets the identity column scroll when the pins together would take more than half the view', () => {
    const shown = arrangeColumns(
      [sn, { key: 'a', width: 100 }, { key: 'b', width: 100 }, { key: 'c', width: 100 }, { ...actions, width: 150 }],
      {},
    );
    // 630 px; the pins are 330 px. In a 700 px view nothing scrolls; in 620 they take more than half.
    expect(pins(pinForWidth(shown, 700))).toEqual({ sn: 'left', a: null, b: null, c: null, actions: 'right' });
    expect(pins(pinForWidth(shown, 620))).toEqual({ sn: null, a: null, b: null, c: null, actions: 'right' });
  });

  it('lets the actions scroll too only when they alone would take more than half the view (a phone)', () => {
    const shown = arrangeColumns([sn, online, bound, { ...actions, width: 220 }], {}); // 660 px
    // 420 px: the actions would take 220; they scroll, and the SN alone (180) stays.
    expect(pins(pinForWidth(shown, 420))).toEqual({ sn: 'left', online: null, bound: null, actions: null });
    expect(pins(pinForWidth(shown, 460))).toEqual({ sn: null, online: null, bound: null, actions: 'right' });
  });

  it('counts the row checkbox as antd draws it', () => {
    expect(leadWidth(undefined)).toBe(0);
    expect(leadWidth({})).toBe(32);
    expect(leadWidth({ columnWidth: 48 })).toBe(48);
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
    expect(loadPrefs('cabinetQueryPage')).toEqual({
      hidden: ['bound'],
      density: 'small',
      order: undefined,
      shown: undefined,
    });
    expect(loadPrefs('manageList')).toEqual({});
    localStorage.setItem('listTable:broken', '{"hidden": 3, "density": "huge"');
    expect(loadPrefs('broken')).toEqual({});
    savePrefs('cabinetQueryPage', {});
    expect(localStorage.getItem('listTable:cabinetQueryPage')).toBeNull();
  });
});
