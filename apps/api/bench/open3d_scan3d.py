"""Open3D's run of GENERATE_POINT_CLOUD's and GENERATE_MESH's work, for `scan3d.bench.ts` to print beside ours.

Usage: python3 open3d_scan3d.py cloud|mesh <frames dir> <out dir>

The frames dir holds what our reader decoded from an RTAB-Map database, written by the bench (frames.json and
per frame a 16-bit PNG of depth in millimetres and a JPEG of colour, the database's own files where they are of
those kinds; a colour image larger than the depth is resampled here, timed, as our back-projection samples it). Timed from reading the first image file to the result in memory:
decoding the images, back-projection (max range 4 m) and a 1 cm voxel down-sample for `cloud`; decoding, 1 cm
ScalableTSDFVolume fusion (4 cm truncation, max range 4 m), marching cubes and quadric decimation to at most
300,000 triangles for `mesh`. Prints one JSON line with the phases' wall and CPU seconds and the peak RSS, and
writes the result as raw little-endian arrays (positions float32, triangles uint32) for the bench to measure
against the truth. Run it with OMP_NUM_THREADS=1 for one core.
"""

import json
import os
import resource
import sys
import time

import numpy as np
import open3d as o3d


def rss_peak_mib():
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def clock():
    return time.perf_counter(), time.process_time()


def since(start):
    wall, cpu = clock()
    return wall - start[0], cpu - start[1]


def frames_of(frames_dir):
    with open(os.path.join(frames_dir, "frames.json")) as f:
        frames = json.load(f)
    for frame in frames:
        intrinsic = o3d.camera.PinholeCameraIntrinsic(
            frame["width"], frame["height"], frame["fx"], frame["fy"], frame["cx"], frame["cy"]
        )
        world_from_camera = np.array(frame["cameraToWorld"], dtype=np.float64).reshape(4, 4)
        yield frame, intrinsic, np.linalg.inv(world_from_camera)


def rgbd(frames_dir, frame, max_range):
    colour = o3d.io.read_image(os.path.join(frames_dir, frame["colour"]))
    depth = o3d.io.read_image(os.path.join(frames_dir, frame["depth"]))
    c = np.asarray(colour)
    h, w = np.asarray(depth).shape[:2]
    if c.shape[:2] != (h, w):
        # A colour image larger than the depth (an iPhone's): the nearest colour pixel at each depth pixel.
        rows = np.minimum(np.round(np.arange(h) * c.shape[0] / h).astype(np.intp), c.shape[0] - 1)
        cols = np.minimum(np.round(np.arange(w) * c.shape[1] / w).astype(np.intp), c.shape[1] - 1)
        colour = o3d.geometry.Image(np.ascontiguousarray(c[rows][:, cols]))
    return o3d.geometry.RGBDImage.create_from_color_and_depth(
        colour, depth, depth_scale=1000.0, depth_trunc=max_range, convert_rgb_to_intensity=False
    )


def run_cloud(frames_dir, out_dir, voxel, max_range):
    baseline = rss_peak_mib()
    start = clock()
    merged = o3d.geometry.PointCloud()
    for frame, intrinsic, extrinsic in frames_of(frames_dir):
        merged += o3d.geometry.PointCloud.create_from_rgbd_image(rgbd(frames_dir, frame, max_range), intrinsic, extrinsic)
    back_projected = len(merged.points)
    cloud = merged.voxel_down_sample(voxel)
    wall, cpu = since(start)
    peak = rss_peak_mib()
    np.asarray(cloud.points, dtype=np.float32).tofile(os.path.join(out_dir, "positions.f32"))
    return {
        "cloudS": wall,
        "cloudCpuS": cpu,
        "backProjected": back_projected,
        "points": len(cloud.points),
        "peakMiB": peak,
        "baselineMiB": baseline,
    }


def run_mesh(frames_dir, out_dir, voxel, truncation, max_range, max_triangles):
    baseline = rss_peak_mib()
    start = clock()
    volume = o3d.pipelines.integration.ScalableTSDFVolume(
        voxel_length=voxel, sdf_trunc=truncation, color_type=o3d.pipelines.integration.TSDFVolumeColorType.RGB8
    )
    for frame, intrinsic, extrinsic in frames_of(frames_dir):
        volume.integrate(rgbd(frames_dir, frame, max_range), intrinsic, extrinsic)
    fuse = since(start)
    mesh = volume.extract_triangle_mesh()
    extract = since(start)
    extracted = len(mesh.triangles)
    if extracted > max_triangles:
        mesh = mesh.simplify_quadric_decimation(max_triangles)
    total = since(start)
    peak = rss_peak_mib()
    np.asarray(mesh.vertices, dtype=np.float32).tofile(os.path.join(out_dir, "positions.f32"))
    np.asarray(mesh.triangles, dtype=np.uint32).tofile(os.path.join(out_dir, "triangles.u32"))
    return {
        "fuseS": fuse[0],
        "fuseCpuS": fuse[1],
        "extractS": extract[0] - fuse[0],
        "simplifyS": total[0] - extract[0],
        "meshS": total[0],
        "meshCpuS": total[1],
        "extracted": extracted,
        "triangles": len(mesh.triangles),
        "peakMiB": peak,
        "baselineMiB": baseline,
    }


def main():
    mode, frames_dir, out_dir = sys.argv[1:4]
    o3d.utility.set_verbosity_level(o3d.utility.VerbosityLevel.Error)
    if mode == "cloud":
        result = run_cloud(frames_dir, out_dir, voxel=0.01, max_range=4.0)
    elif mode == "mesh":
        result = run_mesh(frames_dir, out_dir, voxel=0.01, truncation=0.04, max_range=4.0, max_triangles=300_000)
    else:
        raise SystemExit(f"unknown mode {mode}")
    result["version"] = o3d.__version__
    print(json.dumps(result))


if __name__ == "__main__":
    main()
