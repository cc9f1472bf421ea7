#!/usr/bin/env python3
"""Table of run_tails.sh's log: loom's tuned SGEMM specs vs cuBLAS (and Triton's masked kernel) per
shape, and transpose/stencil at 8191 vs 8192. Usage: tails_report.py tails.log > tails.md"""
import json, re, sys

UNITS = {"s": 1.0, "ms": 1e-3, "us": 1e-6, "µs": 1e-6, "ns": 1e-9}

def seconds(line):
    m = re.search(r"median ([0-9.]+) ?(ms|us|µs|ns|s)\b", line)
    return float(m.group(1)) * UNITS[m.group(2)] if m else None

def main():
    loom, peers, copies = {}, {}, {}
    for line in open(sys.argv[1], encoding="utf-8"):
        parts = line.split()
        if line.startswith("loom sgemm"):
            loom[(parts[1], int(parts[2]), int(parts[3]), int(parts[4]))] = seconds(line)
        elif line.startswith("loom "):
            loom[(parts[1], int(parts[2]))] = seconds(line)
        elif line.startswith("peers_copy"):
            copies[int(parts[1])] = json.loads(line.split(" ", 2)[2] or "{}")
        elif line.startswith("peers "):
            try:
                peers[(int(parts[1]), int(parts[2]), int(parts[3]))] = json.loads(line.split(" ", 4)[4])
            except (ValueError, IndexError):
                pass
    print("| M x N x K | old guard spec (square) | sgemm_tuned TFLOP/s | sgemm_tuned_small | cuBLAS | Triton masked (best of 3) | rule's spec / cuBLAS | best spec / cuBLAS |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for (M, N, K), p in peers.items():
        flops = 2.0 * M * N * K
        before = loom.get(("sgemm_before", M, N, K))
        big, small = loom.get(("sgemm_tuned", M, N, K)), loom.get(("sgemm_tuned_small", M, N, K))
        tf = lambda t: flops / t / 1e12 if t else None
        cublas = p.get(f"cublas_sgemm_{M}x{N}x{K}_TFLOPs")
        triton = p.get(f"triton_sgemm_{M}x{N}x{K}_best_TFLOPs")
        groups = -(-M // 128) * -(-N // 128)
        rule = tf(small) if groups < 264 else tf(big)
        best = max([x for x in (tf(big), tf(small)) if x] or [0])
        f = lambda x: f"{x:.1f}" if x else "-"
        r = lambda x: f"{x / cublas:.3f}" if x and cublas else "-"
        print(f"| {M} x {N} x {K} | {f(tf(before))} | {f(tf(big))} | {f(tf(small))} | {f(cublas)} | {f(triton)} | {r(rule)} | {r(best)} |")
    print()
    print("| kernel | n = 8192 GB/s | n = 8191 GB/s | 8191 / 8192 |")
    print("| --- | ---: | ---: | ---: |")
    for spec in ("transpose_tile32", "transpose_tile32_round_up", "stencil5_rows", "stencil5_rows_shift"):
        rates = []
        for n in (8192, 8191):
            t = loom.get((spec, n))
            moved = 2 * n * n * 4 if spec.startswith("transpose") else 2 * (n + 2) * (n + 2) * 4
            rates.append(moved / t / 1e9 if t else None)
        ratio = f"{rates[1] / rates[0]:.3f}" if all(rates) else "-"
        print(f"| {spec} | {rates[0] or 0:.0f} | {rates[1] or 0:.0f} | {ratio} |")
    for n, c in copies.items():
        print(f"\ncopy {n}: {c.get(f'copy_{n}_GBps', 0):.0f} GB/s; torch transpose {c.get(f'torch_transpose_{n}_GBps', 0):.0f} GB/s")

if __name__ == "__main__":
    main()
