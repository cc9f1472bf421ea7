#!/usr/bin/env python3
"""Several SGEMM specs against cuBLAS at the same shapes, interleaved (issue 25).

Per shape and pass: cuBLAS (torch.mm, TF32 off, median of 20 after 5 warm-ups), then each spec
(`LOOM run SPEC --repeat 20`) followed by cuBLAS again, so every loom figure has a cuBLAS figure
on each side; its ratio is taken against the larger of the two.

Usage: python3 sgemm_variants.py LOOM PASSES SPEC[,SPEC...] M,N,K [M,N,K ...]
Prints per shape, pass and spec:
  shape M N K pass=P spec=NAME loom=<TFLOP/s> cublas=<before>/<after> ratio=..
"""
import json, os, re, statistics, subprocess, sys


def takes_mm(spec_path):
    """Whether a spec declares the strip's row count mm as an argument (tails10's strip spec)."""
    with open(spec_path) as f:
        args = json.load(f)["args"]
    return any("mm" in [name.strip() for name in arg["name"].split(",")] for arg in args)


def main():
    import torch
    torch.backends.cuda.matmul.allow_tf32 = False
    loom, passes, specs = sys.argv[1], int(sys.argv[2]), sys.argv[3].split(",")
    print(f"device {torch.cuda.get_device_name(0)} sms {torch.cuda.get_device_properties(0).multi_processor_count} "
          f"torch {torch.__version__}", flush=True)

    def cublas(A, B, C, flops):
        for _ in range(5):
            torch.mm(A, B, out=C)
        torch.cuda.synchronize()
        times = []
        for _ in range(20):
            s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
            s.record(); torch.mm(A, B, out=C); e.record(); torch.cuda.synchronize()
            times.append(s.elapsed_time(e))
        return flops / (statistics.median(times) * 1e-3) / 1e12

    def loom_tflops(spec, M, N, K, flops):
        # tails10's sgemm_tuned_strip takes mm, the rows of its 128 x 128 kernel (sgemm_rule.strip_rows);
        # examples/memory/sgemm_tuned_strip.json (wt-floor14) computes them itself and takes none.
        remainder = M % 128
        extra = ["-D", f"mm={M - remainder if 1 <= remainder <= 32 else M}"] if takes_mm(spec) else []
        run = subprocess.run([loom, "run", spec, "--target", "cuda", "--repeat", "20",
                              "-D", f"m={M}", "-D", f"n={N}", "-D", f"p={K}"] + extra,
                             capture_output=True, text=True, timeout=60)
        found = re.search(r"median ([0-9.]+) (us|ms)", run.stdout + run.stderr)
        if not found:
            print(f"  loom failed on {spec}: {(run.stdout + run.stderr)[-300:]}", flush=True)
            return float("nan")
        seconds = float(found.group(1)) * (1e-6 if found.group(2) == "us" else 1e-3)
        return flops / seconds / 1e12

    for p in range(1, passes + 1):
        for shape in sys.argv[4:]:
            M, N, K = (int(v) for v in shape.split(","))
            flops = 2.0 * M * N * K
            A = torch.randn(M, K, device="cuda"); B = torch.randn(K, N, device="cuda")
            C = torch.empty(M, N, device="cuda")
            before = cublas(A, B, C, flops)
            for spec in specs:
                t = loom_tflops(spec, M, N, K, flops)
                after = cublas(A, B, C, flops)
                name = os.path.splitext(os.path.basename(spec))[0]
                print(f"shape {M} {N} {K} pass={p} spec={name} loom={t:.2f} cublas={before:.2f}/{after:.2f} "
                      f"ratio={t / max(before, after):.3f}", flush=True)
                before = after
            del A, B, C
            torch.cuda.empty_cache()


if __name__ == "__main__":
    main()
