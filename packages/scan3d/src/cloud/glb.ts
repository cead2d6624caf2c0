import { assembleGlb, positionBounds, SRGB_TO_LINEAR_U16 } from '../formats/glb-writer';

/**
 * A GLB (binary glTF 2.0) of a coloured point cloud: one mesh with one POINTS primitive (mode 0), POSITION
 * (float32, metres) and COLOR_0 (normalised unsigned short RGBA, linear as glTF requires, converted from the
 * cameras' sRGB: 8-bit linear would band the dark tones), one unlit-free material. Points keep their order (a
 * generated cloud's are shuffled, so every prefix is an even subsample, as in its PLY). Coordinates are the
 * map frame (z up, metres), like every file of a version: the viewer turns the whole model once.
 *
 * @param positions - xyz per point, metres.
 * @param colours - sRGB per point (0–255).
 * @returns The file's bytes.
 * @example writeGlbPoints(new Float32Array([0, 0, 0]), new Uint8Array([255, 0, 0]))
 */
export function writeGlbPoints(positions: Float32Array, colours: Uint8Array): Uint8Array {
  const count = positions.length / 3;
  if (count === 0) throw new Error('A GLB point cloud needs at least one point (glTF accessors are never empty)');
  if (colours.length !== count * 3) throw new Error('A GLB point cloud needs one rgb triple per point');
  const rgba = new Uint16Array(count * 4);
  for (let k = 0; k < count; k++) {
    rgba[k * 4] = SRGB_TO_LINEAR_U16[colours[k * 3]!]!;
    rgba[k * 4 + 1] = SRGB_TO_LINEAR_U16[colours[k * 3 + 1]!]!;
    rgba[k * 4 + 2] = SRGB_TO_LINEAR_U16[colours[k * 3 + 2]!]!;
    rgba[k * 4 + 3] = 65535;
  }
  const { min, max } = positionBounds(positions);
  return assembleGlb(
    {
      asset: { version: '2.0', generator: 'gprhub scan3d (RTAB-Map point cloud)' },
      scene: 0,
      scenes: [{ nodes: [0] }],
      nodes: [{ mesh: 0, name: 'point cloud' }],
      meshes: [{ name: 'point cloud', primitives: [{ attributes: { POSITION: 0, COLOR_0: 1 }, material: 0, mode: 0 }] }],
      materials: [{ name: 'vertex colours', pbrMetallicRoughness: { baseColorFactor: [1, 1, 1, 1], metallicFactor: 0, roughnessFactor: 1 } }],
      bufferViews: [{ target: 34962 }, { target: 34962 }],
      accessors: [
        { bufferView: 0, componentType: 5126, count, type: 'VEC3', min, max },
        { bufferView: 1, componentType: 5123, normalized: true, count, type: 'VEC4' },
      ],
    },
    [positions, rgba],
  );
}
