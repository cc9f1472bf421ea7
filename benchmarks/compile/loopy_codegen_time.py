"""Peer measurement: loopy's time to create, preprocess and generate code for plain matmul.

Mirrors benchmarks/compile/compile_time.cpp's `BM_MatmulParseToC` (parse + preprocess + code
generation, C target). loopy caches generated code on disk; each repetition uses a fresh kernel
name so no cache entry is hit (LOOPY_NO_CACHE also set).
Run: python3 benchmarks/compile/loopy_codegen_time.py
"""
import os
import statistics
import time

os.environ["LOOPY_NO_CACHE"] = "1"
import loopy as lp  # noqa: E402
import numpy as np  # noqa: E402
from loopy.version import LOOPY_USE_LANGUAGE_VERSION_2018_2  # noqa: F401,E402


def matmul(name):
    knl = lp.make_kernel(
        "{[i,j,k]: 0<=i,j,k<n}",
        "c[i, j] = sum(k, a[i, k]*b[k, j])",
        [lp.GlobalArg("a,b,c", np.float32, shape=("n", "n")), lp.ValueArg("n", np.int32)],
        target=lp.CTarget(), name=name)
    return lp.generate_code_v2(knl).device_code()


def main():
    first = time.perf_counter()
    matmul("warmup")
    cold = time.perf_counter() - first
    times = []
    for rep in range(10):
        start = time.perf_counter()
        matmul(f"matmul_{rep}")
        times.append(time.perf_counter() - start)
    print(f"loopy {lp.__version__ if hasattr(lp, '__version__') else ''} matmul parse+preprocess+codegen (C target): "
          f"first call {cold * 1e3:.1f} ms, then median {statistics.median(times) * 1e3:.1f} ms "
          f"(min {min(times) * 1e3:.1f} ms) over {len(times)} runs")


if __name__ == "__main__":
    main()
