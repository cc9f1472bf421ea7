#!/usr/bin/env python3
"""torch's transpose and copy of an n x n float32 matrix at several n, in one process (issue 25).

Usage: python3 torch_transpose.py N [N ...]
Prints per n: `torch n=N contiguous_us=... (GB/s) copy_t_us=... copy_us=...`: a.t().contiguous()
(allocates its result, as a user writes it), out.copy_(a.t()) (into a preallocated array) and
out.copy_(a) (the floor); median of 50 runs with CUDA events after 10 warm-up runs. GB/s counts
2 n^2 * 4 bytes (read and write once).
"""
import statistics, sys
import torch


def bench(fn, reps=50, warm=10):
    for _ in range(warm):
        fn()
    torch.cuda.synchronize()
    times = []
    for _ in range(reps):
        s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        s.record(); fn(); e.record(); torch.cuda.synchronize()
        times.append(s.elapsed_time(e))
    return statistics.median(times) * 1e3  # microseconds


def main():
    print(f"device {torch.cuda.get_device_name(0)} torch {torch.__version__}")
    for n in (int(v) for v in sys.argv[1:]):
        a = torch.randn(n, n, device="cuda"); out = torch.empty(n, n, device="cuda")
        gb = 2 * n * n * 4 / 1e3  # bytes / 1e3: GB/s when divided by microseconds
        contiguous = bench(lambda: a.t().contiguous())
        copy_t = bench(lambda: out.copy_(a.t()))
        copy = bench(lambda: out.copy_(a))
        print(f"torch n={n} contiguous_us={contiguous:.1f} ({gb / contiguous:.0f} GB/s) "
              f"copy_t_us={copy_t:.1f} ({gb / copy_t:.0f} GB/s) copy_us={copy:.1f} ({gb / copy:.0f} GB/s)")


if __name__ == "__main__":
    main()
