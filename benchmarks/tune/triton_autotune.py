#!/usr/bin/env python3
"""Triton's autotune of an FP32 (no TF32) matmul over a comparable number of configs, for
issue 14's side-by-side with `loom tune`: wall time of the autotuning call (compiles and
benchmarks every config, sequentially, in-process) and the best config's time.

Usage: triton_autotune.py [N] [MAX_CONFIGS]   (defaults 4096, 108); prints one JSON line.
"""
import itertools, json, sys, time
import torch, triton
import triton.language as tl

N = int(sys.argv[1]) if len(sys.argv) > 1 else 4096
MAX_CONFIGS = int(sys.argv[2]) if len(sys.argv) > 2 else 108

configs = [triton.Config({"BLOCK_M": m, "BLOCK_N": n, "BLOCK_K": k}, num_warps=w, num_stages=s)
           for m, n, k, w, s in itertools.product((32, 64, 128), (32, 64, 128), (16, 32, 64), (4, 8), (2, 3, 4))][:MAX_CONFIGS]

@triton.autotune(configs=configs, key=["M", "N", "K"])
@triton.jit
def matmul(a, b, c, M, N, K, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    pid_m, pid_n = tl.program_id(0), tl.program_id(1)
    rm = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    rn = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    rk = tl.arange(0, BLOCK_K)
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k0 in range(0, K, BLOCK_K):
        x = tl.load(a + rm[:, None] * K + (k0 + rk)[None, :], mask=(rm[:, None] < M) & ((k0 + rk)[None, :] < K), other=0.0)
        y = tl.load(b + (k0 + rk)[:, None] * N + rn[None, :], mask=((k0 + rk)[:, None] < K) & (rn[None, :] < N), other=0.0)
        acc += tl.dot(x, y, input_precision="ieee")
    tl.store(c + rm[:, None] * N + rn[None, :], acc, mask=(rm[:, None] < M) & (rn[None, :] < N))

a = torch.rand(N, N, device="cuda"); b = torch.rand(N, N, device="cuda"); c = torch.empty(N, N, device="cuda")
grid = lambda meta: (triton.cdiv(N, meta["BLOCK_M"]), triton.cdiv(N, meta["BLOCK_N"]))
start = time.perf_counter()
matmul[grid](a, b, c, N, N, N)
torch.cuda.synchronize()
autotune_s = time.perf_counter() - start
ms = triton.testing.do_bench(lambda: matmul[grid](a, b, c, N, N, N))
error = ((c.double() - a.double() @ b.double()).norm() / (a.double() @ b.double()).norm()).item()
print(json.dumps({"n": N, "configs": len(configs), "autotune_wall_s": round(autotune_s, 2), "best_config": str(matmul.best_config),
                  "best_ms": ms, "best_TFLOPs": 2 * N**3 / ms / 1e9, "normwise_error": error}))
