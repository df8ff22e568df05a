import 'leaflet/dist/leaflet.css';
import { divIcon, latLngBounds } from 'leaflet';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { MapContainer, Marker, Popup, TileLayer, useMap } from 'react-leaflet';
import { MAP_DEFAULT_VIEW, type AgentMapPoint } from '@contracts/agent-map.ts';
import type { TileSource } from '../tileSource.ts';

export interface AgentMapProps {
  points: AgentMapPoint[];
  tiles: TileSource;
  /** The agent's public page, when it has one. */
  pageUrl: (point: AgentMapPoint) => string | null;
}

// A CSS marker: Leaflet's default icon images do not survive bundling, and a div needs no image host.
const markerIcon = divIcon({
  className: 'agent-map-marker',
  iconSize: [22, 22],
  iconAnchor: [11, 22],
  popupAnchor: [0, -20],
});

/** Frames the points (one point: a street-level view of it); none: the default view (Morocco). */
function FitToPoints({ points }: { points: AgentMapPoint[] }) {
  const map = useMap();
  // The container gets its final size after Leaflet measured it (lazy page, flex layout): re-measure
  // whenever it changes, or markers and tiles are placed for the wrong size.
  useEffect(() => {
    const observer = new ResizeObserver(() => map.invalidateSize());
    observer.observe(map.getContainer());
    return () => observer.disconnect();
  }, [map]);
  useEffect(() => {
    map.invalidateSize();
    if (points.length === 0) {
      map.setView([MAP_DEFAULT_VIEW.latitude, MAP_DEFAULT_VIEW.longitude], MAP_DEFAULT_VIEW.zoom);
    } else if (points.length === 1) {
      map.setView([points[0]!.latitude, points[0]!.longitude], 14);
    } else {
      map.fitBounds(latLngBounds(points.map((p) => [p.latitude, p.longitude])), { padding: [40, 40], maxZoom: 14 });
    }
  }, [map, points]);
  return null;
}

/** The owner's agents as markers on a Leaflet map over the configured raster tiles. */
export function AgentMap({ points, tiles, pageUrl }: AgentMapProps) {
  const { t } = useTranslation();
  return (
    <div className="agent-map" role="region" aria-label={t('map:mapLabel')}>
      <MapContainer
        center={[MAP_DEFAULT_VIEW.latitude, MAP_DEFAULT_VIEW.longitude]}
        zoom={MAP_DEFAULT_VIEW.zoom}
        className="agent-map-canvas"
        scrollWheelZoom
      >
        <TileLayer url={tiles.url} {...(tiles.attribution ? { attribution: tiles.attribution } : {})} />
        {points.map((point) => {
          const href = pageUrl(point);
          return (
            <Marker
              key={point.agentId}
              position={[point.latitude, point.longitude]}
              icon={markerIcon}
              title={point.name}
              alt={point.name}
            >
              <Popup>
                <strong>{point.name}</strong>
                <br />
                {point.address}
                {href && (
                  <>
                    <br />
                    <a href={href} target="_blank" rel="noopener noreferrer">
                      {t('map:openPage')}
                    </a>
                  </>
                )}
              </Popup>
            </Marker>
          );
        })}
        <FitToPoints points={points} />
      </MapContainer>
    </div>
  );
}
