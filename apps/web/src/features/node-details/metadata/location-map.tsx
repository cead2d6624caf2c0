import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import type { Location } from '@gprhub/contract';
import { useEffect, useRef, useState } from 'react';
import type { Map as MapLibreMap, Marker as MapLibreMarker } from 'maplibre-gl';
import { LocationFallback } from './location-fallback';
import { LOCATION_MAP_HEIGHT_PX, LOCATION_MAP_ZOOM, MAP_LOAD_TIMEOUT_MS, MAP_STYLE_URL } from './map-config';

export interface LocationMapProps {
  value: Location | null;
  /** Makes the map editable: a click (or dragging the marker) moves the location. */
  onChange?: (location: Location) => void;
  height?: number;
  zoom?: number;
}

export type MapState = 'loading' | 'ready' | 'fallback';

const MARKER_COLOR = '#17734a';
const round = (value: number) => Number(value.toFixed(7));

/**
 * A location on a MapLibre map (400 px high, zoom 14) with a marker. When the map cannot show
 * tiles (offline, tile host blocked, no WebGL), it gives way to a plain marker view with the
 * coordinates, so the feature keeps working on sites without a connection.
 */
export function LocationMap({
  value,
  onChange,
  height = LOCATION_MAP_HEIGHT_PX,
  zoom = LOCATION_MAP_ZOOM,
}: LocationMapProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<MapLibreMap | null>(null);
  const markerRef = useRef<MapLibreMarker | null>(null);
  const valueRef = useRef(value);
  const onChangeRef = useRef(onChange);
  const [state, setState] = useState<MapState>('loading');
  const [attempt, setAttempt] = useState(0);
  const isEditable = Boolean(onChange);

  useEffect(() => {
    valueRef.current = value;
    onChangeRef.current = onChange;
  });

  // Create the map (again after "Retry"); fall back when it cannot show tiles.
  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    if (typeof navigator !== 'undefined' && navigator.onLine === false) {
      setState('fallback');
      return;
    }
    setState('loading');
    let isDone = false;
    let hasLoaded = false;
    let hasTiles = false;
    let map: MapLibreMap | null = null;
    const fail = () => {
      if (isDone) return;
      isDone = true;
      clearTimeout(timer);
      map?.remove();
      mapRef.current = null;
      markerRef.current = null;
      setState('fallback');
    };
    const timer = setTimeout(() => {
      if (!hasLoaded) fail();
    }, MAP_LOAD_TIMEOUT_MS);

    import('./maplibre')
      .then(({ Map, Marker, NavigationControl }) => {
        if (isDone) return;
        const start = valueRef.current;
        map = new Map({
          container,
          style: MAP_STYLE_URL,
          center: start ? [start.longitude, start.latitude] : [0, 20],
          zoom: start ? zoom : 1,
          attributionControl: { compact: true },
          cooperativeGestures: true,
        });
        mapRef.current = map;
        map.addControl(new NavigationControl({ showCompass: false }), 'top-right');
        map.on('load', () => {
          hasLoaded = true;
          clearTimeout(timer);
          if (!isDone) setState('ready');
        });
        map.on('data', (event) => {
          if (event.dataType === 'source' && 'tile' in event && event.tile) hasTiles = true;
        });
        map.on('error', () => {
          // Before the style loads, or while no tile has ever arrived, the map shows nothing useful.
          if (!hasLoaded || !hasTiles) fail();
        });
        map.on('webglcontextlost', fail);

        const marker = new Marker({ color: MARKER_COLOR, draggable: isEditable });
        markerRef.current = marker;
        if (start) marker.setLngLat([start.longitude, start.latitude]).addTo(map);
        marker.on('dragend', () => {
          const { lng, lat } = marker.getLngLat();
          onChangeRef.current?.({ latitude: round(lat), longitude: round(lng) });
        });
        if (isEditable) {
          map.getCanvas().style.cursor = 'crosshair';
          map.on('click', (event) => {
            onChangeRef.current?.({ latitude: round(event.lngLat.lat), longitude: round(event.lngLat.lng) });
          });
        }
      })
      .catch(fail);

    return () => {
      isDone = true;
      clearTimeout(timer);
      map?.remove();
      mapRef.current = null;
      markerRef.current = null;
    };
  }, [attempt, isEditable, zoom]);

  // Follow the value: move the marker, and the view when the marker left it.
  useEffect(() => {
    const map = mapRef.current;
    const marker = markerRef.current;
    if (!map || !marker || state !== 'ready') return;
    if (!value) {
      marker.remove();
      return;
    }
    const position: [number, number] = [value.longitude, value.latitude];
    marker.setLngLat(position).addTo(map);
    if (!map.getBounds().contains(position))
      map.jumpTo({ center: position, zoom: Math.max(map.getZoom(), zoom) });
  }, [value, state, zoom]);

  return (
    <Box
      data-testid="location-map"
      data-state={state}
      sx={{
        position: 'relative',
        height,
        borderRadius: '12px',
        overflow: 'hidden',
        border: 1,
        borderColor: 'divider',
        bgcolor: 'action.hover',
      }}
    >
      <Box
        ref={containerRef}
        sx={{ position: 'absolute', inset: 0, visibility: state === 'ready' ? 'visible' : 'hidden' }}
      />
      {state === 'loading' && (
        <Box sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center' }}>
          <CircularProgress size={28} />
        </Box>
      )}
      {state === 'fallback' && (
        <LocationFallback value={value} isEditable={isEditable} onRetry={() => setAttempt((n) => n + 1)} />
      )}
    </Box>
  );
}
