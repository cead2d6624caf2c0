/**
 * Where the location map takes its tiles: a MapLibre style URL. Set `VITE_MAP_STYLE_URL` at build
 * time to use your own tile server (e.g. one on the site network); the default is OpenFreeMap's
 * free "liberty" style, which needs no key.
 */
export const DEFAULT_MAP_STYLE_URL = 'https://tiles.openfreemap.org/styles/liberty';

const configured = (import.meta.env.VITE_MAP_STYLE_URL as string | undefined)?.trim();
export const MAP_STYLE_URL = configured || DEFAULT_MAP_STYLE_URL;

/** The spec's location map: 400 px high, zoom 14. */
export const LOCATION_MAP_HEIGHT_PX = 400;
export const LOCATION_MAP_ZOOM = 14;
/** When the style has not loaded by then, the map gives way to the coordinates-only view. */
export const MAP_LOAD_TIMEOUT_MS = 8_000;

/** A link to the location on openstreetmap.org (for a second look in a full map). */
export function openStreetMapUrl(latitude: number, longitude: number, zoom = LOCATION_MAP_ZOOM): string {
  return `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=${zoom}/${latitude}/${longitude}`;
}
