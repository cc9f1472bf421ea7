#!/usr/bin/env python3
"""cuBLAS SGEMM (torch.mm, TF32 off) at several (M, N, K) in one process (torch starts once).

Usage: python3 cublas_shapes.py M,N,K [M,N,K ...]
Prints one line per shape: `cublas M N K <TFLOP/s>` (median of 20 runs with CUDA events after 5
warm-up runs; random normal inputs, never zeros).
"""
import statistics, sys
import torch


def bench(fn, reps=20, warm=5):
    for _ in range(warm):
        fn()
    torch.cuda.synchronize()
    times = []
    for _ in range(reps):
        s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        s.record(); fn(); e.record(); torch.cuda.synchronize()
        times.append(s.elapsed_time(e))
    return statistics.median(times) * 1e-3


def main():
    torch.backends.cuda.matmul.allow_tf32 = False
    print(f"device {torch.cuda.get_device_name(0)} torch {torch.__version__}")
    for shape in sys.argv[1:]:
        M, N, K = (int(v) for v in shape.split(","))
        A = torch.randn(M, K, device="cuda"); B = torch.randn(K, N, device="cuda")
        C = torch.empty(M, N, device="cuda")
        seconds = bench(lambda: torch.mm(A, B, out=C))
        print(f"cublas {M} {N} {K} {2.0 * M * N * K / seconds / 1e12:.2f}", flush=True)
        del A, B, C


if __name__ == "__main__":
    main()
