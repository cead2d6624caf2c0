"""NumPy side of the GPR benchmark's reading and processing comparison (issue #13).

Reads each 16-bit (or 8/32-bit) GSSI DZT the way the Python tools do (header fields, then one ``numpy.fromfile``
of the samples reshaped to traces, converted to float64 and centred in one pass) and runs the processing steps
GPRPy offers for the same job, each as GPRPy's toolbox implements it (a moving window mean evaluated window by
window over the matrix):

- dewow: subtract a moving mean along time (window in samples);
- smooth: replace each sample with a moving mean along time;
- remMeanTrace: subtract the moving mean trace (window in traces);
- a moving mean across traces with the smoothing's window (our smoothing is a 2-D boxcar: the same work on both
  sides);
- tpowGain: multiply by t**power.

It also runs the same five steps written the fastest way NumPy allows (cumulative sums, one pass per step), so the
comparison is against the better of the two. Times are CPU seconds (``time.process_time``), median of ``runs``.
GPRPy itself is imported and timed instead of the loop versions when it is installed.

Usage: python3 numpy_side_by_side.py RUNS DEWOW SMOOTH MEAN_TRACES GAIN_POWER FILE... ; prints one JSON object.
"""
import json
import sys
import time

import numpy as np


def read_dzt(path):
    header = np.fromfile(path, dtype='<u2', count=512)
    data_field = int(header[1])
    nsamp = int(header[2])
    bits = int(header[3])
    nchan = int(header[26]) or 1
    offset = 1024 * data_field if 0 < data_field < 1024 else 1024 * nchan
    dtype = {8: '<u1', 16: '<u2', 32: '<i4'}[bits]
    raw = np.fromfile(path, dtype=dtype, offset=offset)
    traces = raw.size // (nsamp * nchan)
    data = raw[: traces * nsamp * nchan].reshape(traces, nchan * nsamp)[:, :nsamp].T
    centre = {8: 128, 16: 32768, 32: 0}[bits]
    # One pass: the conversion and the centring together (32-bit samples are not centred, on both sides).
    return np.subtract(data, centre, dtype=np.float64) if centre else data.astype(np.float64)


def moving_mean(a, window, axis):
    """Centred moving mean (window clipped at the ends) by cumulative sums, along axis: the full windows by two
    slices of the cumulative sum (no index arrays), the clipped ends by indexing."""
    half = window // 2
    n = a.shape[axis]
    a = np.moveaxis(a, axis, 0)
    c = np.empty((n + 1,) + a.shape[1:], dtype=np.float64)
    c[0] = 0
    np.cumsum(a, axis=0, out=c[1:])
    idx = np.arange(n)
    lo = np.clip(idx - half, 0, n)
    hi = np.clip(idx + half + 1, 0, n)
    s = np.empty(a.shape, dtype=np.float64)
    full = max(0, n - 2 * half)
    if full > 0:
        s[half : half + full] = c[half + half + 1 : half + half + 1 + full] - c[0:full]
    ends = np.r_[0 : min(half, n), max(half, half + full) : n]
    s[ends] = c[hi[ends]] - c[lo[ends]]
    s /= (hi - lo).astype(np.float64).reshape((n,) + (1,) * (a.ndim - 1))
    return np.moveaxis(s, 0, axis)


def chain_vectorised(data, dewow, smooth, mean_traces, power, twtt):
    d = data - moving_mean(data, dewow, 0)
    d = moving_mean(d, smooth, 0)
    d -= moving_mean(d, mean_traces, 1)
    d = moving_mean(d, smooth, 1)  # ours smooths across traces too (the same window)
    d *= (twtt ** power)[:, None]
    return d


def window_mean_loop(data, window, axis):
    """GPRPy's way: the mean of each window, computed window by window."""
    out = np.zeros(data.shape)
    n = data.shape[axis]
    half = int(np.ceil(window / 2.0))
    for i in range(n):
        a, b = max(0, i - half), min(n, i + half + 1)
        if axis == 0:
            out[i, :] = data[a:b, :].mean(0)
        else:
            out[:, i] = data[:, a:b].mean(1)
    return out


def chain_loops(data, dewow, smooth, mean_traces, power, twtt):
    try:
        from gprpy.toolbox import gprpyTools as tools  # GPRPy's own, when installed

        d = tools.dewow(data, dewow)
        d = tools.smooth(d, smooth)
        d = tools.remMeanTrace(d, mean_traces)
        d = window_mean_loop(d, smooth, 1)  # ours smooths across traces too
        return tools.tpowGain(d, twtt, power)
    except ImportError:
        d = data - window_mean_loop(data, dewow, 0)
        d = window_mean_loop(d, smooth, 0)
        d = d - window_mean_loop(d, mean_traces, 1)
        d = window_mean_loop(d, smooth, 1)
        return np.multiply(d, (twtt ** power)[:, None])


def cpu_median(run, runs):
    """Median CPU time of one call, ms; each timed sample repeats the call until it lasts at least 20 ms."""
    repeats = 1
    while True:
        start = time.process_time()
        for _ in range(repeats):
            run()
        if time.process_time() - start >= 0.02 or repeats >= 1 << 16:
            break
        repeats *= 2
    times = []
    for _ in range(runs):
        start = time.process_time()
        for _ in range(repeats):
            run()
        times.append((time.process_time() - start) / repeats)
    times.sort()
    return times[len(times) // 2] * 1000


def main():
    runs, dewow, smooth, mean_traces = (int(v) for v in sys.argv[1:5])
    power = float(sys.argv[5])
    try:
        import gprpy  # noqa: F401

        loops_label = 'GPRPy'
    except ImportError:
        loops_label = 'NumPy, GPRPy-style window loops'
    out = {'numpy': np.__version__, 'loops': loops_label, 'files': {}}
    for path in sys.argv[6:]:
        data = read_dzt(path)
        twtt = np.arange(1, data.shape[0] + 1, dtype=np.float64)
        out['files'][path] = {
            'shape': list(data.shape),
            'readMs': cpu_median(lambda: read_dzt(path), runs),
            'chainVectorisedMs': cpu_median(
                lambda: chain_vectorised(data, dewow, smooth, mean_traces, power, twtt), runs
            ),
            'chainLoopsMs': cpu_median(
                lambda: chain_loops(data, dewow, smooth, mean_traces, power, twtt), max(1, runs // 3)
            ),
        }
    print(json.dumps(out))


if __name__ == '__main__':
    main()
