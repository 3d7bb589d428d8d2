import {
  gcjToWgs,
  roundCoord,
  TILE_GCJ,
  type GeocodeResult,
  type MapProvider,
  type MapSettings,
  type Translations,
} from '@cbo/contract';
import { AppError } from '../../platform/http/app-error.js';
import type { OutletNeeds } from './needs.js';

type Geocoder = Exclude<MapProvider, 'osm'>;
const GEOCODERS: readonly string[] = ['gaode', 'tencent', 'google'] satisfies Geocoder[];

/** The provider's name inside a message, in the caller's language. */
const PROVIDER_NAMES: Record<Geocoder, Translations> = {
  gaode: { zh_CN: '高德地图', zh_TW: '高德地圖', en_US: 'Gaode' },
  tencent: { zh_CN: '腾讯地图', zh_TW: '騰訊地圖', en_US: 'Tencent Maps' },
  google: { zh_CN: '谷歌地图', zh_TW: 'Google 地圖', en_US: 'Google Maps' },
};

/** What draws the tiles: the set map type when its key is configured, else OpenStreetMap. */
export function tilesOf(map: { mapType: string; mapKey: string }): MapProvider {
  return map.mapKey && GEOCODERS.includes(map.mapType) ? (map.mapType as Geocoder) : 'osm';
}

/**
 * Each provider's public web-service geocoding call (address → point). Gaode and Tencent answer
 * in GCJ-02 (China's offset datum, their tiles' too), Google in WGS-84 outside China; the outlet
 * stores WGS-84, as the map draws it (coords.ts).
 */
export function geocodeUrl(provider: Geocoder, key: string, address: string): string {
  const q = (params: Record<string, string>) => new URLSearchParams(params).toString();
  switch (provider) {
    case 'gaode': // lbs.amap.com/api/webservice/guide/api/georegeo (a key of type "Web service")
      return `https://restapi.amap.com/v3/geocode/geo?${q({ key, address, output: 'JSON' })}`;
    case 'tencent': // lbs.qq.com/service/webService/webServiceGuide/webServiceGeocoder (WebServiceAPI enabled on the key)
      return `https://apis.map.qq.com/ws/geocoder/v1/?${q({ key, address, output: 'json' })}`;
    case 'google': // developers.google.com/maps/documentation/geocoding (the Geocoding API enabled on the key)
      return `https://maps.googleapis.com/maps/api/geocode/json?${q({ key, address })}`;
  }
}

/** A provider's answer read: a point in the provider's datum, nothing found, or a refusal with its reason. */
export type GeocodeAnswer =
  | { kind: 'found'; lat: number; lng: number; address: string }
  | { kind: 'notFound' }
  | { kind: 'refused'; reason: string }
  | { kind: 'unreadable' };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const text = (v: unknown) => (typeof v === 'string' ? v : '');
const inRange = (lat: number, lng: number) => Math.abs(lat) <= 90 && Math.abs(lng) <= 180;

/** Reads a provider's JSON answer, whatever shape it has (it comes from outside: nothing is trusted). */
export function readGeocodeAnswer(provider: Geocoder, body: unknown): GeocodeAnswer {
  if (!isObject(body)) return { kind: 'unreadable' };
  switch (provider) {
    case 'gaode': {
      // { status: "1", info: "OK", count: "1", geocodes: [{ location: "lng,lat", formatted_address }] }; refusals: status "0", info "INVALID_USER_KEY", infocode "10001"
      if (body.status !== '1')
        return body.status === '0'
          ? { kind: 'refused', reason: [text(body.info), text(body.infocode)].filter(Boolean).join(' ') || 'status 0' }
          : { kind: 'unreadable' };
      const first = Array.isArray(body.geocodes) ? body.geocodes[0] : undefined;
      if (!isObject(first)) return Array.isArray(body.geocodes) ? { kind: 'notFound' } : { kind: 'unreadable' };
      const m = /^\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*$/.exec(text(first.location));
      if (!m) return { kind: 'unreadable' };
      const lng = Number(m[1]);
      const lat = Number(m[2]);
      return inRange(lat, lng)
        ? { kind: 'found', lat, lng, address: text(first.formatted_address) }
        : { kind: 'unreadable' };
    }
    case 'tencent': {
      // { status: 0, message: "query ok", result: { title, location: { lat, lng } } }; 347 is "no result", others are refusals (311 key format, 121 quota …)
      if (!finite(body.status)) return { kind: 'unreadable' };
      if (body.status === 347) return { kind: 'notFound' };
      if (body.status !== 0) return { kind: 'refused', reason: `${text(body.message)} (${body.status})`.trim() };
      const result = body.result;
      const loc = isObject(result) ? result.location : undefined;
      if (!isObject(result) || !isObject(loc) || !finite(loc.lat) || !finite(loc.lng) || !inRange(loc.lat, loc.lng))
        return { kind: 'unreadable' };
      return { kind: 'found', lat: loc.lat, lng: loc.lng, address: text(result.title) || text(result.address) };
    }
    case 'google': {
      // { status: "OK", results: [{ formatted_address, geometry: { location: { lat, lng } } }] }; "ZERO_RESULTS"; refusals carry error_message
      if (body.status === 'ZERO_RESULTS') return { kind: 'notFound' };
      if (body.status !== 'OK')
        return typeof body.status === 'string'
          ? { kind: 'refused', reason: [body.status, text(body.error_message)].filter(Boolean).join(': ') }
          : { kind: 'unreadable' };
      const first = Array.isArray(body.results) ? body.results[0] : undefined;
      if (!isObject(first)) return Array.isArray(body.results) ? { kind: 'notFound' } : { kind: 'unreadable' };
      const loc = isObject(first.geometry) ? first.geometry.location : undefined;
      if (!isObject(loc) || !finite(loc.lat) || !finite(loc.lng) || !inRange(loc.lat, loc.lng))
        return { kind: 'unreadable' };
      return { kind: 'found', lat: loc.lat, lng: loc.lng, address: text(first.formatted_address) };
    }
  }
}

/** How long a lookup may take before the form is told the provider cannot be reached. */
const LOOKUP_TIMEOUT_MS = 8000;
/** A provider's reason is shown in the message: cut, so an odd answer cannot flood it. */
const REASON_MAX = 120;

/**
 * The outlet form's map: which tiles, and looking an address up with the map type's geocoding.
 * The lookup runs here rather than in the console: the console's connections stay on its own
 * origin (connect-src 'self'), Tencent's web service sends no CORS headers, and the key is not
 * handed to every browser. `fetchFn` is the network (tests pass a provider's recorded answers).
 */
export class GeocodingService {
  constructor(
    private readonly settings: OutletNeeds['settings'],
    private readonly fetchFn: typeof fetch = (input, init) => fetch(input, init),
  ) {}

  async mapSettings(): Promise<MapSettings> {
    const map = await this.settings.map();
    const tiles = tilesOf(map);
    return { mapType: map.mapType, tiles, geocoding: tiles !== 'osm' };
  }

  async geocode(address: string): Promise<GeocodeResult> {
    const map = await this.settings.map();
    const provider = tilesOf(map);
    if (provider === 'osm') throw new AppError('OUTLET_GEOCODE_NO_KEY');
    const name = PROVIDER_NAMES[provider];
    let body: unknown;
    try {
      const res = await this.fetchFn(geocodeUrl(provider, map.mapKey, address), {
        signal: AbortSignal.timeout(LOOKUP_TIMEOUT_MS),
        headers: { accept: 'application/json' },
      });
      body = await res.json();
    } catch {
      throw new AppError('OUTLET_GEOCODE_UNREACHABLE', { provider: name });
    }
    const answer = readGeocodeAnswer(provider, body);
    switch (answer.kind) {
      case 'notFound':
        throw new AppError('OUTLET_GEOCODE_NOT_FOUND', { provider: name });
      case 'refused':
        throw new AppError('OUTLET_GEOCODE_REFUSED', { provider: name, reason: answer.reason.slice(0, REASON_MAX) });
      case 'unreadable':
        throw new AppError('OUTLET_GEOCODE_UNREACHABLE', { provider: name });
      case 'found': {
        // The same datum as the provider's tiles, so the point lands where its map shows the address.
        const [lat, lng] = TILE_GCJ[provider] ? gcjToWgs(answer.lat, answer.lng) : [answer.lat, answer.lng];
        return { lat: roundCoord(lat), lng: roundCoord(lng), address: answer.address };
      }
    }
  }
}
