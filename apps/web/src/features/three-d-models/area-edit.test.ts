import { describe, expect, it } from 'vitest';
import { holdRepeatDelayMs, isAreaChanged, moveArea, rotateArea } from './area-edit';
import { fileTypeOf } from './model-files';

const area = { origin: [0, 0, 1] as [number, number, number], planeX: [1, 0, 0] as [number, number, number], planeY: [0, 0, -1] as [number, number, number], planeZ: [0, 1, 0] as [number, number, number] };

describe('observation editing', () => {
  it('rotates about its own axes, keeping the axes unit and at right angles', () => {
    const turned = rotateArea(area, 'y', 90);
    expect(turned.planeY).toEqual(area.planeY);
    expect(turned.planeX[0]).toBeCloseTo(0);
    expect(Math.abs(turned.planeX[1])).toBeCloseTo(1);
    let many = area;
    for (let i = 0; i < 360; i++) many = rotateArea(many, 'z', 1);
    for (const [a, b] of [[many.planeX, area.planeX], [many.planeZ, area.planeZ]]) a!.forEach((v, i) => expect(v).toBeCloseTo(b![i]!, 6));
    expect(isAreaChanged(many, area)).toBe(false);
  });
  it('moves along its own axes', () => {
    expect(moveArea(area, 'z', 0.25).origin).toEqual([0, 0.25, 1]);
    expect(isAreaChanged(moveArea(area, 'x', 0.01), area)).toBe(true);
  });
  it('repeats a held step faster by 5 % every 100 ms', () => {
    expect(holdRepeatDelayMs(0)).toBe(100);
    expect(holdRepeatDelayMs(150)).toBeCloseTo(100 / 1.05);
    expect(holdRepeatDelayMs(1000)).toBeCloseTo(100 / 1.05 ** 10);
  });
  it('types uploaded files by extension', () => {
    expect(fileTypeOf('Room.PLY')).toBe('point_cloud');
    expect(fileTypeOf('positions.json')).toBe('radar_positions');
    expect(fileTypeOf('wall.jpeg')).toBe('rtabmap_mesh_texture');
    expect(fileTypeOf('notes.txt')).toBeNull();
  });
});
