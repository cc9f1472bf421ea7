#!/usr/bin/env python3
"""Peers for issue 25 (partial tiles), from /work/shared/peers/gpu_peers.py with GEMM shapes (M, N, K).

Measures, with CUDA events (median of many runs after warm-up):
  sgemm      C[M,N] = A[M,K] @ B[K,N] in float32 without TF32 (cuBLAS via torch), TFLOP/s
  triton     Triton's masked FP32 matmul (loads with other=0, masked stores) over three configs,
             best TFLOP/s: what a ragged-size kernel that masks its tiles reaches
  transpose  out = a.T of an n x n float32 matrix (torch, materialized), GB/s
  copy       device-to-device copy of an n x n float32 matrix, GB/s (read + write)
Usage: python3 gpu_peers_mnk.py [--ops sgemm,triton,transpose,copy] [--m M] [--n N] [--k K]
Writes JSON to stdout.
"""
import argparse, json, os, statistics, tempfile, time
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
    return statistics.median(times) * 1e-3  # seconds

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--ops", default="sgemm")
    ap.add_argument("--m", type=int, default=4096)
    ap.add_argument("--n", type=int, default=None, help="default: m")
    ap.add_argument("--k", type=int, default=None, help="default: m")
    args = ap.parse_args()
    ops = set(args.ops.split(","))
    M = args.m; N = args.n or M; K = args.k or M
    res = {"device": torch.cuda.get_device_name(0), "torch": torch.__version__, "m": M, "n": N, "k": K}
    if "copy" in ops:
        a = torch.rand(M, M, device="cuda"); c = torch.empty_like(a)
        res[f"copy_{M}_GBps"] = 2 * M * M * 4 / bench(lambda: c.copy_(a)) / 1e9
        del a, c
    if "transpose" in ops:
        a = torch.rand(M, M, device="cuda"); t = torch.empty_like(a)
        res[f"torch_transpose_{M}_GBps"] = 2 * M * M * 4 / bench(lambda: t.copy_(a.t())) / 1e9
        del a, t
    flops = 2.0 * M * N * K
    if "sgemm" in ops or "triton" in ops:
        torch.backends.cuda.matmul.allow_tf32 = False
        A = torch.randn(M, K, device="cuda"); B = torch.randn(K, N, device="cuda"); C = torch.empty(M, N, device="cuda")
    if "sgemm" in ops:
        res[f"cublas_sgemm_{M}x{N}x{K}_TFLOPs"] = flops / bench(lambda: torch.mm(A, B, out=C), reps=20, warm=5) / 1e12
    if "triton" in ops:
        try:
            import triton, triton.language as tl
            os.environ.setdefault("TRITON_CACHE_DIR", tempfile.mkdtemp())

            @triton.jit
            def mm(a, b, c, M, N, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
                pm = tl.program_id(0) // tl.cdiv(N, BN); pn = tl.program_id(0) % tl.cdiv(N, BN)
                rm = pm * BM + tl.arange(0, BM); rn = pn * BN + tl.arange(0, BN); rk = tl.arange(0, BK)
                acc = tl.zeros((BM, BN), dtype=tl.float32)
                for k in range(0, K, BK):
                    av = tl.load(a + rm[:, None] * K + (k + rk)[None, :],
                                 mask=(rm[:, None] < M) & ((k + rk)[None, :] < K), other=0.0)
                    bv = tl.load(b + (k + rk)[:, None] * N + rn[None, :],
                                 mask=((k + rk)[:, None] < K) & (rn[None, :] < N), other=0.0)
                    acc = tl.dot(av, bv, acc, input_precision="ieee")
                tl.store(c + rm[:, None] * N + rn[None, :], acc, mask=(rm[:, None] < M) & (rn[None, :] < N))

            best = 0.0
            for BM, BN, BK, w, s in ((128, 128, 32, 8, 3), (128, 64, 32, 4, 4), (64, 128, 32, 4, 4)):
                grid = (triton.cdiv(M, BM) * triton.cdiv(N, BN),)
                f = lambda: mm[grid](A, B, C, M, N, K, BM=BM, BN=BN, BK=BK, num_warps=w, num_stages=s)
                tf = flops / bench(f, reps=20, warm=3) / 1e12
                res[f"triton_sgemm_{BM}x{BN}x{BK}_TFLOPs"] = tf
                best = max(best, tf)
            res[f"triton_sgemm_{M}x{N}x{K}_best_TFLOPs"] = best
        except ImportError:
            res["triton"] = "not installed"
    print(json.dumps(res, indent=1))

if __name__ == "__main__":
    main()
