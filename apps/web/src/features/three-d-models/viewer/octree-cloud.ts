import { selectOctreeNodes, type OctreeNode } from '@gprhub/scan3d';
import * as THREE from 'three';
import type { OctreeCloud } from './load-point-cloud';
import { markWhenDrawn } from './mark-drawn';
import { srgbVertexColourPointsMaterial } from './point-colours';

/** Largest point budget (the spec's "a few million"); the frame time may lower it, never raise it above this. */
export const MAX_POINT_BUDGET = 3_000_000;
/** Points sent to the GPU per frame at most, so that a frame never waits for a long upload (coarse first). */
const MAX_UPLOAD_POINTS_PER_FRAME = 500_000;
/** Points kept on the GPU: the budget twice over (what was just drawn stays for the next turn of the view). */
const MAX_RESIDENT_POINTS = 2 * MAX_POINT_BUDGET;
/** A node is refined while its cube's radius on screen is at least this (about √capacity / 2 pixels). */
const MIN_NODE_PX = 70;

interface ResidentNode {
  points: THREE.Points;
  lastUsedFrame: number;
}

/**
 * A cloud drawn through its octree (packages/scan3d): each frame the nodes are chosen by their size on
 * screen within the point budget, and only chosen nodes get GPU buffers (views of the shared arrays, so the
 * browser keeps the points once). Least recently drawn nodes leave the GPU when more than twice the budget
 * is there.
 */
export class OctreePointCloud extends THREE.Group {
  readonly material: THREE.PointsMaterial;
  readonly totalPoints: number;
  readonly hasColours: boolean;
  /** Points chosen by the last update (some may wait for their upload). */
  selectedPoints = 0;
  /** Points shown by the last update. */
  shownPoints = 0;
  /** The budget of the last update (the frame time lowers it below {@link MAX_POINT_BUDGET}). */
  pointBudget = MAX_POINT_BUDGET;
  /** Points with GPU buffers now. */
  residentPoints = 0;
  private readonly resident = new Map<number, ResidentNode>();
  private hasMarkedDrawn = false;
  private frame = 0;
  private readonly clip = new THREE.Matrix4();
  private readonly inverse = new THREE.Matrix4();
  private readonly eye = new THREE.Vector3();

  constructor(private readonly cloud: OctreeCloud) {
    super();
    this.name = 'point-cloud';
    this.totalPoints = cloud.count;
    this.hasColours = cloud.colours !== null;
    // The PLY's colours are sRGB bytes: the material turns them linear on the GPU (three.js works in linear).
    this.material = srgbVertexColourPointsMaterial(Boolean(cloud.colours));
  }

  get nodes(): readonly OctreeNode[] {
    return this.cloud.nodes;
  }

  /** The cloud's bounds in its own frame (from the points). */
  computeBounds(): THREE.Box3 {
    const box = new THREE.Box3();
    const p = this.cloud.positions;
    for (let i = 0; i < p.length; i += 3) box.expandByPoint(this.eye.set(p[i]!, p[i + 1]!, p[i + 2]!));
    return box;
  }

  /** Choose and show the nodes for this camera; answers the points shown. */
  update(camera: THREE.PerspectiveCamera, screenHeightPx: number, pointBudget: number): number {
    this.frame++;
    this.pointBudget = pointBudget;
    this.updateWorldMatrix(true, false);
    camera.updateMatrixWorld();
    this.clip.multiplyMatrices(camera.projectionMatrix, camera.matrixWorldInverse).multiply(this.matrixWorld);
    this.inverse.copy(this.matrixWorld).invert();
    camera.getWorldPosition(this.eye).applyMatrix4(this.inverse);
    const selection = selectOctreeNodes(
      this.cloud.nodes,
      { clipFromModel: this.clip.elements, eye: [this.eye.x, this.eye.y, this.eye.z], fovYRad: (camera.fov * Math.PI) / 180, screenHeightPx },
      { pointBudget, minNodePx: MIN_NODE_PX },
    );
    for (const node of this.resident.values()) node.points.visible = false;
    let uploaded = 0;
    let shown = 0;
    for (const index of selection.nodes) {
      let node = this.resident.get(index);
      if (!node) {
        const count = this.cloud.nodes[index]!.count;
        if (uploaded > 0 && uploaded + count > MAX_UPLOAD_POINTS_PER_FRAME) continue;
        uploaded += count;
        node = { points: this.createNodePoints(index), lastUsedFrame: this.frame };
        this.resident.set(index, node);
        this.residentPoints += count;
        this.add(node.points);
      }
      node.points.visible = true;
      node.lastUsedFrame = this.frame;
      shown += this.cloud.nodes[index]!.count;
    }
    this.evict();
    this.selectedPoints = selection.points;
    this.shownPoints = shown;
    return shown;
  }

  private createNodePoints(index: number): THREE.Points {
    const node = this.cloud.nodes[index]!;
    const from = node.start * 3;
    const to = (node.start + node.count) * 3;
    const geometry = new THREE.BufferGeometry();
    geometry.setAttribute('position', new THREE.BufferAttribute(this.cloud.positions.subarray(from, to), 3));
    if (this.cloud.colours) geometry.setAttribute('color', new THREE.BufferAttribute(this.cloud.colours.subarray(from, to), 3, true));
    const half = node.sizeM / 2;
    geometry.boundingSphere = new THREE.Sphere(new THREE.Vector3(node.min[0] + half, node.min[1] + half, node.min[2] + half), half * Math.sqrt(3));
    const points = new THREE.Points(geometry, this.material);
    if (this.resident.size === 0 && this.residentPoints === 0 && !this.hasMarkedDrawn) {
      this.hasMarkedDrawn = true;
      markWhenDrawn(points, 'octree');
    }
    // The node selection already culled by the frustum.
    points.frustumCulled = false;
    points.matrixAutoUpdate = false;
    points.name = `octree-node-${index}`;
    // Measuring picks what is drawn: a node kept on the GPU but not chosen this frame is not hit.
    const raycast = points.raycast.bind(points);
    points.raycast = (raycaster, intersects) => {
      if (points.visible) raycast(raycaster, intersects);
    };
    return points;
  }

  private evict(): void {
    if (this.residentPoints <= MAX_RESIDENT_POINTS) return;
    const oldest = [...this.resident.entries()].filter(([, n]) => n.lastUsedFrame < this.frame).sort((a, b) => a[1].lastUsedFrame - b[1].lastUsedFrame);
    for (const [index, node] of oldest) {
      if (this.residentPoints <= MAX_RESIDENT_POINTS) break;
      this.remove(node.points);
      node.points.geometry.dispose();
      this.resident.delete(index);
      this.residentPoints -= this.cloud.nodes[index]!.count;
    }
  }

  /** Free every GPU buffer and the material. */
  override dispose(): void {
    for (const node of this.resident.values()) node.points.geometry.dispose();
    this.resident.clear();
    this.residentPoints = 0;
    this.material.dispose();
    super.dispose();
  }
}
