import { describe, expect, it } from 'vitest';
import { wgsToGcj } from '@cbo/contract';
import { AppError } from '../../platform/http/app-error.js';
import { GeocodingService, geocodeUrl, readGeocodeAnswer, tilesOf } from './geocoding.service.js';
import type { OutletNeeds } from './needs.js';

// The Bund, Shanghai (WGS-84) and where Gaode and Tencent put it (GCJ-02).
const BUND = { lat: 31.240018, lng: 121.490317 };
const [gcjLat, gcjLng] = wgsToGcj(BUND.lat, BUND.lng);

/** Answers as each provider documents them (their geocoding pages). */
const ANSWERS = {
  gaode: {
    found: {
      status: '1',
      info: 'OK',
      infocode: '10000',
      count: '1',
      geocodes: [
        {
          formatted_address: '上海市黄浦区中山东一路',
          location: `${gcjLng.toFixed(6)},${gcjLat.toFixed(6)}`,
          level: '道路',
        },
      ],
    },
    none: { status: '1', info: 'OK', infocode: '10000', count: '0', geocodes: [] },
    refused: { status: '0', info: 'INVALID_USER_KEY', infocode: '10001' },
  },
  tencent: {
    found: {
      status: 0,
      message: 'query ok',
      result: {
        title: '中山东一路',
        location: { lat: gcjLat, lng: gcjLng },
        address_components: { province: '上海市' },
      },
    },
    none: { status: 347, message: '查询无结果' },
    refused: { status: 311, message: 'key格式错误' },
  },
  google: {
    found: {
      status: 'OK',
      results: [{ formatted_address: 'Zhongshan East 1st Rd, Huangpu, Shanghai', geometry: { location: BUND } }],
    },
    none: { status: 'ZERO_RESULTS', results: [] },
    refused: { status: 'REQUEST_DENIED', error_message: 'The provided API key is invalid.', results: [] },
  },
} as const;

type Provider = keyof typeof ANSWERS;
const PROVIDERS = Object.keys(ANSWERS) as Provider[];

const settings = (mapType: string, mapKey: string): OutletNeeds['settings'] => ({
  map: async () => ({ mapType, mapKey }),
  storeUrl: async () => '',
  saveStoreUrl: async () => null,
  range: async () => ({ hourlyPrice: { min: 0, max: 1 }, dailyCap: { min: 0, max: 1 }, deposit: { min: 0, max: 1 } }),
});

/** A network that records what was asked and answers with one body (or fails). */
function network(answer: unknown | Error) {
  const asked: string[] = [];
  const fetchFn = (async (input: string | URL | Request) => {
    asked.push(String(input));
    if (answer instanceof Error) throw answer;
    return new Response(typeof answer === 'string' ? answer : JSON.stringify(answer), {
      headers: { 'content-type': 'application/json' },
    });
  }) as typeof fetch;
  return { asked, fetchFn };
}

async function refusal(p: Promise<unknown>): Promise<AppError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof AppError) return e;
    throw e;
  }
  throw new Error('expected a refusal');
}

describe('geocoding for the outlet form', () => {
  it('uses the set map type only when its key is set; OpenStreetMap tiles and no lookup otherwise', async () => {
    expect(tilesOf({ mapType: 'gaode', mapKey: '' })).toBe('osm');
    expect(tilesOf({ mapType: 'gaode', mapKey: 'k' })).toBe('gaode');
    expect(tilesOf({ mapType: 'baidu', mapKey: 'k' })).toBe('osm');
    expect(await new GeocodingService(settings('google', 'k')).mapSettings()).toEqual({
      mapType: 'google',
      tiles: 'google',
      geocoding: true,
    });
    expect(await new GeocodingService(settings('tencent', '')).mapSettings()).toEqual({
      mapType: 'tencent',
      tiles: 'osm',
      geocoding: false,
    });
  });

  it('asks each provider its documented web-service call with the key and the address encoded', () => {
    const address = '上海市黄浦区中山东一路18号 & more';
    const urls = PROVIDERS.map((p) => new URL(geocodeUrl(p, 'K&1', address)));
    expect(urls.map((u) => `${u.origin}${u.pathname}`)).toEqual([
      'https://restapi.amap.com/v3/geocode/geo',
      'https://apis.map.qq.com/ws/geocoder/v1/',
      'https://maps.googleapis.com/maps/api/geocode/json',
    ]);
    for (const u of urls) {
      expect(u.searchParams.get('key')).toBe('K&1');
      expect(u.searchParams.get('address')).toBe(address);
    }
  });

  it.each(PROVIDERS)('reads %s answers: a point, nothing found, a refusal with its reason', (p) => {
    const found = readGeocodeAnswer(p, ANSWERS[p].found);
    expect(found.kind).toBe('found');
    const reason = readGeocodeAnswer(p, ANSWERS[p].refused);
    expect(reason.kind).toBe('refused');
    expect(reason.kind === 'refused' && reason.reason).toMatch(
      /INVALID_USER_KEY|key格式错误|REQUEST_DENIED: The provided API key is invalid/,
    );
    expect(readGeocodeAnswer(p, ANSWERS[p].none)).toEqual({ kind: 'notFound' });
  });

  it.each(PROVIDERS)('takes nothing from a %s answer of another shape', (p) => {
    for (const odd of [
      null,
      'text',
      [],
      {},
      { status: 'weird' },
      { status: '1', geocodes: [{ location: 'north' }] },
      { status: 0, result: { location: { lat: 'x', lng: 1 } } },
      { status: 'OK', results: [{ geometry: { location: { lat: 95, lng: 1 } } }] },
    ]) {
      expect(readGeocodeAnswer(p, odd).kind, JSON.stringify(odd)).not.toBe('found');
    }
  });

  it.each(PROVIDERS)(
    'answers the point of a %s lookup in WGS-84, rounded to 6 places, with the address it understood',
    async (p) => {
      const net = network(ANSWERS[p].found);
      const r = await new GeocodingService(settings(p, 'key-1'), net.fetchFn).geocode('中山东一路');
      expect(net.asked).toHaveLength(1);
      expect(new URL(net.asked[0]!).searchParams.get('address')).toBe('中山东一路');
      // Gaode and Tencent answer in GCJ-02 (about 500 m off in Shanghai): taken back to within a metre.
      expect(Math.abs(r.lat - BUND.lat)).toBeLessThan(1e-5);
      expect(Math.abs(r.lng - BUND.lng)).toBeLessThan(1e-5);
      expect(r.lat).toBe(Number(r.lat.toFixed(6)));
      expect(r.address).not.toBe('');
    },
  );

  it('refuses with the reason for each case: no key, nothing found, refused, unreachable, unreadable', async () => {
    const none = network(ANSWERS.gaode.found);
    const noKey = await refusal(new GeocodingService(settings('gaode', ''), none.fetchFn).geocode('x'));
    expect(noKey.errorName).toBe('OUTLET_GEOCODE_NO_KEY');
    expect(none.asked).toEqual([]);

    const notFound = await refusal(
      new GeocodingService(settings('tencent', 'k'), network(ANSWERS.tencent.none).fetchFn).geocode('x'),
    );
    expect(notFound.errorName).toBe('OUTLET_GEOCODE_NOT_FOUND');
    expect(notFound.params).toMatchObject({ provider: { en_US: 'Tencent Maps' } });

    const refused = await refusal(
      new GeocodingService(settings('google', 'k'), network(ANSWERS.google.refused).fetchFn).geocode('x'),
    );
    expect(refused).toMatchObject({
      errorName: 'OUTLET_GEOCODE_REFUSED',
      params: { reason: 'REQUEST_DENIED: The provided API key is invalid.' },
    });

    const long = await refusal(
      new GeocodingService(settings('gaode', 'k'), network({ status: '0', info: 'E'.repeat(500) }).fetchFn).geocode(
        'x',
      ),
    );
    expect((long.params as { reason: string }).reason.length).toBeLessThanOrEqual(120);

    const down = await refusal(
      new GeocodingService(settings('gaode', 'k'), network(new TypeError('fetch failed')).fetchFn).geocode('x'),
    );
    expect(down.errorName).toBe('OUTLET_GEOCODE_UNREACHABLE');
    const html = await refusal(
      new GeocodingService(settings('gaode', 'k'), network('<html>captive portal</html>').fetchFn).geocode('x'),
    );
    expect(html.errorName).toBe('OUTLET_GEOCODE_UNREACHABLE');
  });
});
