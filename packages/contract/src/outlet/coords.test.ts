import { describe, expect, it } from 'vitest';
import { gcjToWgs, outletSaveRequest, pickedPoint, roundCoord, wgsToGcj } from '../index.js';

const RULE = { freeMinutes: 3, pricePerPeriod: 150, periodMinutes: 30, dailyCap: 3000, totalCap: 9900, deposit: 9900 };
const OUTLET = {
  name: 'A',
  type: 'catering',
  address: 'x',
  agentId: 1,
  ratio: 30,
  hiddenRatio: 30,
  costAmount: 0,
  billing: RULE,
} as const;

describe('outlet coordinates', () => {
  it('takes a GCJ-02 point back to the WGS-84 it came from, within a centimetre, across China', () => {
    for (const [lat, lng] of [
      [31.240018, 121.490317],
      [39.9087, 116.3975],
      [22.5431, 114.0579],
      [43.8256, 87.6168],
    ] as const) {
      const [gLat, gLng] = wgsToGcj(lat, lng);
      // The offset is hundreds of metres: the inverse has real work to do.
      expect(Math.abs(gLat - lat) + Math.abs(gLng - lng)).toBeGreaterThan(1e-3);
      const [wLat, wLng] = gcjToWgs(gLat, gLng);
      expect(Math.abs(wLat - lat)).toBeLessThan(1e-7);
      expect(Math.abs(wLng - lng)).toBeLessThan(1e-7);
    }
    // Outside China the two datums agree.
    expect(gcjToWgs(48.8584, 2.2945)).toEqual([48.8584, 2.2945]);
  });

  it('turns a click on the map into form values: rounded to 6 places, wrapped, clamped, back from GCJ-02 tiles', () => {
    expect(roundCoord(31.2304167777)).toBe(31.230417);
    expect(pickedPoint(31.2304167777, 121.4737011111, false)).toEqual({ lat: 31.230417, lng: 121.473701 });
    // A map scrolled sideways past the date line answers longitudes beyond ±180.
    expect(pickedPoint(10, 190, false)).toEqual({ lat: 10, lng: -170 });
    expect(pickedPoint(10, -540.5, false)).toEqual({ lat: 10, lng: 179.5 });
    expect(pickedPoint(10, 180, false)).toEqual({ lat: 10, lng: 180 });
    expect(pickedPoint(-91, 0, false)).toEqual({ lat: -90, lng: 0 });
    // On Gaode or Tencent tiles the click is GCJ-02: the stored point is the WGS-84 one.
    const [gLat, gLng] = wgsToGcj(31.240018, 121.490317);
    expect(pickedPoint(gLat, gLng, true)).toEqual({ lat: 31.240018, lng: 121.490317 });
    // Whatever the click, the save's own rule takes it.
    for (const [lat, lng] of [
      [89.9999999, 359.9999999],
      [-95, -200],
      [0, 0],
    ] as const) {
      const p = pickedPoint(lat, lng, false);
      expect(outletSaveRequest.safeParse({ ...OUTLET, ...p }).success, JSON.stringify(p)).toBe(true);
    }
  });
});
