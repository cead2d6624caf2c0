// Loaded on demand (MapLibre is about 1 MB): only pages that show a location map fetch it.
import 'maplibre-gl/dist/maplibre-gl.css';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { setWorkerUrl } from 'maplibre-gl';

// The bundler moves the library away from its worker file: tell it where the worker went.
setWorkerUrl(workerUrl);

export { Map, Marker, NavigationControl } from 'maplibre-gl';
export type { MapMouseEvent } from 'maplibre-gl';
