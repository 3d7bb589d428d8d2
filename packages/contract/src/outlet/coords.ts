/**
 * Outlet positions are stored as WGS-84 (what GPS and OpenStreetMap use). Gaode and Tencent tiles
 * are drawn in GCJ-02, China's offset datum, so on their tiles a position is shifted the same
 * way (inside China; elsewhere the two agree). The formula is the public one used by every
 * Chinese map SDK.
 */
const A = 6378245.0;
const EE = 0.006693421622965943;

function outOfChina(lat: number, lng: number): boolean {
  return lng < 72.004 || lng > 137.8347 || lat < 0.8293 || lat > 55.8271;
}

function tLat(x: number, y: number): number {
  let r = -100 + 2 * x + 3 * y + 0.2 * y * y + 0.1 * x * y + 0.2 * Math.sqrt(Math.abs(x));
  r += ((20 * Math.sin(6 * x * Math.PI) + 20 * Math.sin(2 * x * Math.PI)) * 2) / 3;
  r += ((20 * Math.sin(y * Math.PI) + 40 * Math.sin((y / 3) * Math.PI)) * 2) / 3;
  r += ((160 * Math.sin((y / 12) * Math.PI) + 320 * Math.sin((y * Math.PI) / 30)) * 2) / 3;
  return r;
}

function tLng(x: number, y: number): number {
  let r = 300 + x + 2 * y + 0.1 * x * x + 0.1 * x * y + 0.1 * Math.sqrt(Math.abs(x));
  r += ((20 * Math.sin(6 * x * Math.PI) + 20 * Math.sin(2 * x * Math.PI)) * 2) / 3;
  r += ((20 * Math.sin(x * Math.PI) + 40 * Math.sin((x / 3) * Math.PI)) * 2) / 3;
  r += ((150 * Math.sin((x / 12) * Math.PI) + 300 * Math.sin((x / 30) * Math.PI)) * 2) / 3;
  return r;
}

/** WGS-84 → GCJ-02 (unchanged outside China): where a stored position lands on Gaode and Tencent tiles. */
export function wgsToGcj(lat: number, lng: number): [number, number] {
  if (outOfChina(lat, lng)) return [lat, lng];
  let dLat = tLat(lng - 105, lat - 35);
  let dLng = tLng(lng - 105, lat - 35);
  const radLat = (lat / 180) * Math.PI;
  let magic = Math.sin(radLat);
  magic = 1 - EE * magic * magic;
  const sqrtMagic = Math.sqrt(magic);
  dLat = (dLat * 180) / (((A * (1 - EE)) / (magic * sqrtMagic)) * Math.PI);
  dLng = (dLng * 180) / ((A / sqrtMagic) * Math.cos(radLat) * Math.PI);
  return [lat + dLat, lng + dLng];
}

/**
 * GCJ-02 → WGS-84: a point picked on Gaode or Tencent tiles, or answered by their geocoding, back
 * to what is stored. The formula has no closed inverse; a few fixed-point steps bring the forward
 * shift of the guess onto the given point to well under a centimetre.
 */
export function gcjToWgs(lat: number, lng: number): [number, number] {
  if (outOfChina(lat, lng)) return [lat, lng];
  let wLat = lat;
  let wLng = lng;
  for (let i = 0; i < 10; i++) {
    const [gLat, gLng] = wgsToGcj(wLat, wLng);
    const dLat = gLat - lat;
    const dLng = gLng - lng;
    wLat -= dLat;
    wLng -= dLng;
    if (Math.abs(dLat) < 1e-9 && Math.abs(dLng) < 1e-9) break;
  }
  return [wLat, wLng];
}

/** Decimal places kept of a latitude or longitude: 6 is about 0.1 m, finer than any map click. */
export const COORD_DECIMALS = 6;

/** A coordinate rounded to what is kept. */
export const roundCoord = (v: number): number => Number(v.toFixed(COORD_DECIMALS));

/**
 * A point picked on a map, as the outlet form keeps it: latitude clamped to the poles, longitude
 * wrapped into -180..180 (a map scrolled sideways past the date line answers 190°), taken back to
 * WGS-84 from GCJ-02 tiles (`gcj`), rounded.
 */
export function pickedPoint(lat: number, lng: number, gcj: boolean): { lat: number; lng: number } {
  const turned = ((((lng + 180) % 360) + 360) % 360) - 180;
  // The date line is one meridian: a click just east of it keeps its sign.
  const wrapped = turned === -180 && lng > 0 ? 180 : turned;
  const clamped = Math.min(90, Math.max(-90, lat));
  const [wLat, wLng] = gcj ? gcjToWgs(clamped, wrapped) : [clamped, wrapped];
  return { lat: roundCoord(wLat), lng: roundCoord(wLng) };
}
