import * as THREE from 'three';

/**
 * The sRGB transfer function undone per vertex (IEC 61966-2-1, as three's `SRGBToLinear`): a PLY's 8-bit
 * colours are sRGB, as cameras and every PLY writer give them, while three.js blends and lights in linear
 * space and encodes to sRGB on output. Drawn as if linear, they came out washed out (too light, whitish).
 */
const SRGB_TO_LINEAR_GLSL = /* glsl */ `
#ifdef USE_COLOR
	vColor.rgb = mix( vColor.rgb / 12.92, pow( ( vColor.rgb + 0.055 ) / 1.055, vec3( 2.4 ) ), step( vec3( 0.04045 ), vColor.rgb ) );
#endif
`;

/**
 * A points material whose vertex colours are sRGB bytes (a cloud read from a PLY in the worker: 3 bytes a
 * point, kept as they are, so converting them on the GPU costs no memory), turned linear in the vertex shader.
 * Points without colours get `colour` (an sRGB hex, as three's `Color` reads it). Not tone-mapped.
 */
export function srgbVertexColourPointsMaterial(hasColours: boolean, colour = 0x9ec5e8): THREE.PointsMaterial {
  // Measured colours, unlit: drawn as they are, without the canvas' filmic tone mapping (react-three-fiber's
  // default, which suits the lit meshes but shifts a scan's colours: brick red 200,60,40 came out 213,54,35).
  const material = new THREE.PointsMaterial({ size: 0.01, vertexColors: hasColours, color: hasColours ? 0xffffff : colour, toneMapped: false });
  material.onBeforeCompile = (shader) => {
    shader.vertexShader = shader.vertexShader.replace('#include <color_vertex>', `#include <color_vertex>\n${SRGB_TO_LINEAR_GLSL}`);
  };
  material.customProgramCacheKey = () => 'srgb-vertex-colours';
  return material;
}
