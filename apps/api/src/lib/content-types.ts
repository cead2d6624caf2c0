const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  avif: 'image/avif',
  json: 'application/json',
  csv: 'text/csv',
  zip: 'application/zip',
  gltf: 'model/gltf+json',
  glb: 'model/gltf-binary',
  obj: 'model/obj',
  mtl: 'model/mtl',
  ply: 'application/ply',
  pcd: 'application/octet-stream',
  ifc: 'application/x-step',
  pdf: 'application/pdf',
};

/** MIME type for a file extension (octet-stream when unknown). */
export function contentTypeOf(extension: string): string {
  return CONTENT_TYPES[extension.toLowerCase()] ?? 'application/octet-stream';
}

export const IMAGE_EXTENSIONS = new Set(['png', 'jpg', 'jpeg', 'avif']);
