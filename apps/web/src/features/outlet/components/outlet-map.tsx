import { useEffect, useMemo, useRef, useState } from 'react';
import L from 'leaflet';
import Supercluster from 'supercluster';
import { TILE_GCJ, wgsToGcj, type MapPoint, type MapProvider } from '@cbo/contract';
import { createBaseMap } from './map-base';

export interface OutletMapProps {
  points: MapPoint[];
  tiles: MapProvider;
  /** The popup's text of one outlet (status, devices, turnover in the console's language). */
  popup: (p: MapPoint) => string;
  clusterLabel: (count: number) => string;
  /** Tiles could not be loaded: the points stay on a blank base. */
  onTilesFailed: () => void;
}

type Props = { id: number };

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The outlets on a Leaflet map, clustered with supercluster: a cluster shows its count and zooms
 * in on a click; an outlet opens a popup. Markers are drawn with CSS (no image downloads), so
 * without a network the points still show on the blank base.
 */
export default function OutletMap({ points, tiles, popup, clusterLabel, onTilesFailed }: OutletMapProps) {
  const box = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const layerRef = useRef<L.LayerGroup | null>(null);
  const [ready, setReady] = useState(false);
  const gcj = TILE_GCJ[tiles];

  // The map and its tiles, once per provider.
  useEffect(() => {
    if (!box.current) return;
    const { map, dispose } = createBaseMap(box.current, tiles, onTilesFailed);
    layerRef.current = L.layerGroup().addTo(map);
    mapRef.current = map;
    setReady(true);
    return () => {
      dispose();
      mapRef.current = null;
      layerRef.current = null;
      setReady(false);
    };
    // onTilesFailed is a notice only; the map is rebuilt for a new provider alone.
  }, [tiles]);

  const index = useMemo(() => {
    const sc = new Supercluster<Props>({ radius: 60, maxZoom: 16 });
    sc.load(
      points.map((p) => {
        const [lat, lng] = gcj ? wgsToGcj(p.lat, p.lng) : [p.lat, p.lng];
        return {
          type: 'Feature' as const,
          properties: { id: p.id },
          geometry: { type: 'Point' as const, coordinates: [lng, lat] },
        };
      }),
    );
    return sc;
  }, [points, gcj]);
  const byId = useMemo(() => new Map(points.map((p) => [p.id, p])), [points]);

  // Frame the points when they change.
  useEffect(() => {
    const map = mapRef.current;
    if (!map || !ready || !points.length) return;
    const latLngs = points.map((p) => (gcj ? wgsToGcj(p.lat, p.lng) : ([p.lat, p.lng] as [number, number])));
    // Not animated: the view may be hidden in a tab before an animation ends.
    map.fitBounds(L.latLngBounds(latLngs), { padding: [40, 40], maxZoom: 15, animate: false });
  }, [points, gcj, ready]);

  // Draw the clusters and outlets of the visible area at the current zoom.
  useEffect(() => {
    const map = mapRef.current;
    const layer = layerRef.current;
    if (!map || !layer || !ready) return;
    const draw = () => {
      layer.clearLayers();
      const b = map.getBounds();
      const features = index.getClusters(
        [b.getWest() - 1, b.getSouth() - 1, b.getEast() + 1, b.getNorth() + 1],
        Math.round(map.getZoom()),
      );
      for (const f of features) {
        const [lng, lat] = f.geometry.coordinates as [number, number];
        const props = f.properties as Props & { cluster?: boolean; cluster_id?: number; point_count?: number };
        if (props.cluster) {
          const count = props.point_count ?? 0;
          const size = count < 10 ? 34 : count < 100 ? 42 : 50;
          L.marker([lat, lng], {
            icon: L.divIcon({
              className: 'outlet-cluster',
              html: `<span title="${escape(clusterLabel(count))}">${count}</span>`,
              iconSize: [size, size],
            }),
            keyboard: true,
            title: clusterLabel(count),
          })
            .on('click', () => map.setView([lat, lng], Math.min(index.getClusterExpansionZoom(props.cluster_id!), 18)))
            .addTo(layer);
        } else {
          const p = byId.get(props.id)!;
          L.marker([lat, lng], {
            icon: L.divIcon({
              className: `outlet-pin outlet-pin-${p.status}${p.simulated ? ' outlet-pin-simulated' : ''}`,
              html: '<span></span>',
              iconSize: [18, 18],
            }),
            title: p.name,
            alt: p.name,
          })
            .bindPopup(popup(p))
            .addTo(layer);
        }
      }
    };
    draw();
    map.on('moveend zoomend', draw);
    return () => {
      map.off('moveend zoomend', draw);
    };
  }, [index, byId, ready, popup, clusterLabel]);

  return <div ref={box} className="outlet-map" data-testid="outlet-map" />;
}
