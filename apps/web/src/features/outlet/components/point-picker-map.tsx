import { useEffect, useRef } from 'react';
import L from 'leaflet';
import { TILE_GCJ, wgsToGcj, type MapProvider } from '@cbo/contract';
import { createBaseMap } from './map-base';

export interface PointPickerMapProps {
  /** The point picked so far (WGS-84, as stored), or none yet. */
  point: { lat: number; lng: number } | null;
  tiles: MapProvider;
  /** A click on the map or the marker dragged: where, as the map reads it (GCJ-02 on Gaode and Tencent tiles). */
  onPick: (lat: number, lng: number) => void;
  /** The marker's name for screen readers and its tooltip. */
  markerLabel: string;
  onTilesFailed: () => void;
}

/** How close the map comes when it shows a point. */
const POINT_ZOOM = 16;

/**
 * The outlet form's map: one draggable marker at the outlet's point; a click moves it there. The
 * marker is CSS (no image download), so without tiles the point can still be picked on the blank
 * base. A point that changes from outside (an address looked up) is brought into view.
 */
export default function PointPickerMap({ point, tiles, onPick, markerLabel, onTilesFailed }: PointPickerMapProps) {
  const box = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const markerRef = useRef<L.Marker | null>(null);
  // The latest handler, so the map is not rebuilt when the parent renders again.
  const pickRef = useRef(onPick);
  pickRef.current = onPick;
  const gcj = TILE_GCJ[tiles];

  useEffect(() => {
    if (!box.current) return;
    const { map, dispose } = createBaseMap(box.current, tiles, onTilesFailed);
    map.on('click', (e: L.LeafletMouseEvent) => pickRef.current(e.latlng.lat, e.latlng.lng));
    mapRef.current = map;
    return () => {
      dispose();
      mapRef.current = null;
      markerRef.current = null;
    };
    // onTilesFailed is a notice only; the map is rebuilt for a new provider alone.
  }, [tiles]);

  // The marker follows the point; the view moves only when the point is outside it.
  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    if (!point) {
      markerRef.current?.remove();
      markerRef.current = null;
      return;
    }
    const at = gcj ? wgsToGcj(point.lat, point.lng) : ([point.lat, point.lng] as [number, number]);
    if (!markerRef.current) {
      markerRef.current = L.marker(at, {
        draggable: true,
        autoPan: true,
        keyboard: true,
        title: markerLabel,
        alt: markerLabel,
        icon: L.divIcon({ className: 'outlet-pin outlet-pin-picked', html: '<span></span>', iconSize: [22, 22] }),
      })
        .on('dragend', (e) => {
          const ll = (e.target as L.Marker).getLatLng();
          pickRef.current(ll.lat, ll.lng);
        })
        .addTo(map);
    } else {
      markerRef.current.setLatLng(at);
    }
    // Not animated: the modal may close before an animation ends.
    if (!map.getBounds().contains(at)) map.setView(at, Math.max(map.getZoom(), POINT_ZOOM), { animate: false });
  }, [point, gcj, markerLabel, tiles]);

  return <div ref={box} className="outlet-map outlet-map-picker" data-testid="outlet-pick-map" />;
}
