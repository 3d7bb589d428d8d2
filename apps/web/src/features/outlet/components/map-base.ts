import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import type { MapProvider } from '@cbo/contract';
import './outlet-map.css';

/** Tile sources by provider; whether they draw in GCJ-02 is the contract's TILE_GCJ (coords.ts converts). */
export const TILES: Record<MapProvider, { url: string; subdomains: string; attribution: string }> = {
  osm: {
    url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    subdomains: 'abc',
    attribution: '© OpenStreetMap contributors',
  },
  gaode: {
    url: 'https://webrd0{s}.is.autonavi.com/appmaptile?lang=zh_cn&size=1&scale=1&style=8&x={x}&y={y}&z={z}',
    subdomains: '1234',
    attribution: '© AutoNavi',
  },
  tencent: {
    url: 'https://rt{s}.map.gtimg.com/tile?z={z}&x={x}&y={-y}&styleid=1000&scene=0',
    subdomains: '0123',
    attribution: '© Tencent',
  },
  google: { url: 'https://mt{s}.google.com/vt/lyrs=m&x={x}&y={y}&z={z}', subdomains: '0123', attribution: '© Google' },
};

/** Where a map without points opens: central Shanghai, where the demo network stands. */
export const DEFAULT_VIEW = { center: [31.23, 121.47] as [number, number], zoom: 11 };

/**
 * A Leaflet map in `el` with the provider's tiles (the outlet map and the outlet form's picker
 * share it). The first tile that fails to load calls `onTilesFailed` once: what is drawn on the
 * map stays on a blank base. Returns the map and its undo.
 */
export function createBaseMap(
  el: HTMLElement,
  tiles: MapProvider,
  onTilesFailed: () => void,
): { map: L.Map; dispose: () => void } {
  const map = L.map(el, { zoomControl: true, attributionControl: true, worldCopyJump: true }).setView(
    DEFAULT_VIEW.center,
    DEFAULT_VIEW.zoom,
  );
  const t = TILES[tiles];
  let failed = false;
  L.tileLayer(t.url, { subdomains: t.subdomains, attribution: t.attribution, maxZoom: 18 })
    .on('tileerror', () => {
      if (!failed) {
        failed = true;
        onTilesFailed();
      }
    })
    .addTo(map);
  // The container may be sized after mount (tabs, drawers, a modal opening): measure again, without
  // animating. A view kept in a hidden tab measures 0 x 0: Leaflet is left alone until it is shown
  // again (an animated pan of a hidden map throws on its missing panes).
  const observer = new ResizeObserver(() => {
    if (el.clientWidth > 0 && el.clientHeight > 0) map.invalidateSize({ animate: false, pan: false });
  });
  observer.observe(el);
  return {
    map,
    dispose: () => {
      observer.disconnect();
      map.remove();
    },
  };
}
