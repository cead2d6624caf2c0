import type { Area, Observation } from '@gprhub/contract';
import { areaGridToLineMatrix, BAR_LENGTH_M, placeBarInObservation } from '@gprhub/scan3d';
import { useEffect, useMemo, useState } from 'react';
import * as THREE from 'three';
import { setGprCloudDrawn, useGprPointCloud, useGprPointCloudPoints, useIsGprCloudShown, type PointCloudSource } from '../gpr-point-cloud';
import { useObservationDetails } from '../three-d-models-api';

/** Length of the drawn bars across the line, metres (shared with the glTF export, `@gprhub/scan3d`). */
export { BAR_LENGTH_M };

/** The observation's frame as a matrix: columns planeX, planeY, planeZ, translation origin (world frame). */
export function areaMatrix(area: Area): THREE.Matrix4 {
  const [x, y, z] = [area.planeX, area.planeY, area.planeZ].map((v) => new THREE.Vector3(...v));
  return new THREE.Matrix4().makeBasis(x!, y!, z!).setPosition(new THREE.Vector3(...area.origin));
}

function useRadargramTexture(url: string | undefined): THREE.Texture | null {
  const [texture, setTexture] = useState<THREE.Texture | null>(null);
  useEffect(() => {
    if (!url) return;
    let isCancelled = false;
    let loaded: THREE.Texture | null = null;
    new THREE.TextureLoader().loadAsync(url).then((t) => {
      t.colorSpace = THREE.SRGBColorSpace;
      loaded = t;
      if (!isCancelled) setTexture(t);
      else t.dispose();
    }, () => undefined);
    return () => {
      isCancelled = true;
      loaded?.dispose();
    };
  }, [url]);
  return texture;
}

/**
 * A GPR scan in the room: its radargram as the section it is (planeX along the line, planeZ into the
 * surface), the scan line on the surface, and each bar as a cylinder at its position and depth with its
 * diameter, running across the line (planeY). Everything is placed by the observation's area (world frame).
 * Section and bars are drawn through the model (no depth test), so the surveyor sees them inside the wall.
 */
export function ObservationObject({ observation, area, isSelected, layers }: { observation: Observation; area: Area; isSelected: boolean; layers: { radargrams: boolean; rebars: boolean } }) {
  const details = useObservationDetails(observation.id).data;
  const texture = useRadargramTexture(details?.radargramUrl);
  const matrix = useMemo(() => areaMatrix(area), [area]);
  const lengthM = Math.max(details?.gprScan.lengthM ?? 0.5, 0.05);
  const depthM = Math.max(details?.gprScan.depthM ?? 0.3, 0.05);
  const line = useMemo(() => new THREE.BufferGeometry().setFromPoints([new THREE.Vector3(0, 0, 0), new THREE.Vector3(lengthM, 0, 0)]), [lengthM]);
  return (
    <group matrixAutoUpdate={false} matrix={matrix} name={`observation-${observation.id}`}>
      <mesh visible={layers.radargrams} position={[lengthM / 2, 0, depthM / 2]} rotation={[-Math.PI / 2, 0, 0]} renderOrder={2}>
        <planeGeometry args={[lengthM, depthM]} />
        {texture ? (
          // A new material (key) once the image is there: a reused one would keep the placeholder colour as a tint.
          <meshBasicMaterial key="radargram" map={texture} color="#ffffff" side={THREE.DoubleSide} transparent opacity={0.85} depthTest={false} depthWrite={false} />
        ) : (
          <meshBasicMaterial key="placeholder" color="#37474f" side={THREE.DoubleSide} transparent opacity={0.6} depthTest={false} depthWrite={false} />
        )}
      </mesh>
      <lineSegments geometry={line} renderOrder={3}>
        <lineBasicMaterial color={isSelected ? '#ffd54f' : '#4fc3f7'} depthTest={false} />
      </lineSegments>
      {layers.rebars && details?.rebars.map(placeBarInObservation).map((bar) => (
        // Placed as the glTF export places it (`placeBarInObservation`): a cylinder along planeY (three's y).
        <mesh key={bar.id} position={bar.centre} renderOrder={4}>
          <cylinderGeometry args={[bar.radius, bar.radius, bar.length, 20]} />
          <meshStandardMaterial color="#ff7043" emissive="#bf360c" emissiveIntensity={0.5} metalness={0.3} roughness={0.5} depthTest={false} />
        </mesh>
      ))}
      {details && <GprPointCloud observationId={observation.id} source={details.pointCloudSource} />}
    </group>
  );
}

/**
 * The scan's GPR point cloud (decisions/0045) when the user shows it: the PLY's points (the area scan's grid,
 * metres) moved into this line's frame by `areaGridToLineMatrix`, so the area's bars lie where this line's bars
 * are drawn. Its colours are sRGB bytes, turned linear here as three.js expects of vertex colours.
 */
function GprPointCloud({ observationId, source }: { observationId: string; source: PointCloudSource }) {
  const isShown = useIsGprCloudShown(observationId);
  const cloud = useGprPointCloud(isShown ? source.gprScanNodeId : null);
  const points = useGprPointCloudPoints(isShown ? cloud.results?.pointCloudFileId : null).data;
  const geometry = useMemo(() => {
    if (!points) return null;
    const colours = new Float32Array(points.count * 3);
    const colour = new THREE.Color();
    for (let p = 0; p < points.count; p++) {
      const c = points.colours;
      colour.setRGB((c?.[3 * p] ?? 255) / 255, (c?.[3 * p + 1] ?? 255) / 255, (c?.[3 * p + 2] ?? 255) / 255, THREE.SRGBColorSpace);
      colours.set([colour.r, colour.g, colour.b], 3 * p);
    }
    const g = new THREE.BufferGeometry();
    g.setAttribute('position', new THREE.BufferAttribute(points.positions, 3));
    g.setAttribute('color', new THREE.BufferAttribute(colours, 3));
    return g;
  }, [points]);
  useEffect(() => () => geometry?.dispose(), [geometry]);
  const matrix = useMemo(() => new THREE.Matrix4().set(...(areaGridToLineMatrix(source.direction, source.offsetM) as Parameters<THREE.Matrix4['set']>)), [source.direction, source.offsetM]);
  const isDrawn = isShown && geometry !== null;
  useEffect(() => {
    setGprCloudDrawn(observationId, isDrawn ? points!.count : null);
    return () => setGprCloudDrawn(observationId, null);
  }, [observationId, isDrawn, points]);
  if (!isDrawn) return null;
  return (
    <points geometry={geometry} matrixAutoUpdate={false} matrix={matrix} renderOrder={5} name={`gpr-point-cloud-${observationId}`}>
      <pointsMaterial size={0.006} vertexColors depthTest={false} transparent opacity={0.95} />
    </points>
  );
}
