#!/usr/bin/env python3
"""Two spec sets of the two-spec SGEMM rule against cuBLAS, interleaved shape by shape (issue 25).

For each shape the rule (sgemm_rule.py) picks sgemm_tuned or sgemm_splitk; this runs that spec
from SPEC_DIR_A and the same name from SPEC_DIR_B, with cuBLAS (torch.mm, TF32 off, median of 20
after 5 warm-ups) before, between and after them, so each loom figure has a cuBLAS figure on each
side. A ratio is loom over the larger of its two neighbours; cuBLAS's drift shows in the three.

Usage: python3 sgemm_compare.py LOOM SPEC_DIR_A SPEC_DIR_B PASSES M,N,K [M,N,K ...]
Prints per shape and pass:
  shape M N K E=.. spec=.. pass=P A=<TFLOP/s> B=<TFLOP/s> cublas=x/y/z ratioA=.. ratioB=..
"""
import os, re, statistics, subprocess, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from sgemm_rule import rule  # noqa: E402


def main():
    import torch
    torch.backends.cuda.matmul.allow_tf32 = False
    loom, dir_a, dir_b, passes = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
    sms = torch.cuda.get_device_properties(0).multi_processor_count
    print(f"device {torch.cuda.get_device_name(0)} sms {sms} torch {torch.__version__}", flush=True)

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
        run = subprocess.run([loom, "run", spec, "--target", "cuda", "--repeat", "20",
                              "-D", f"m={M}", "-D", f"n={N}", "-D", f"p={K}"],
                             capture_output=True, text=True, timeout=60)
        found = re.search(r"median ([0-9.]+) (us|ms)", run.stdout + run.stderr)
        if not found:
            print(f"  loom failed on {spec}: {(run.stdout + run.stderr)[-300:]}", flush=True)
            return float("nan")
        seconds = float(found.group(1)) * (1e-6 if found.group(2) == "us" else 1e-3)
        return flops / seconds / 1e12

    for p in range(1, passes + 1):
        for shape in sys.argv[5:]:
            M, N, K = (int(v) for v in shape.split(","))
            spec, efficiency = rule(M, N, sms)
            flops = 2.0 * M * N * K
            A = torch.randn(M, K, device="cuda"); B = torch.randn(K, N, device="cuda")
            C = torch.empty(M, N, device="cuda")
            c0 = cublas(A, B, C, flops)
            a = loom_tflops(f"{dir_a}/{spec}.json", M, N, K, flops)
            c1 = cublas(A, B, C, flops)
            b = loom_tflops(f"{dir_b}/{spec}.json", M, N, K, flops)
            c2 = cublas(A, B, C, flops)
            print(f"shape {M} {N} {K} E={efficiency:.2f} spec={spec} pass={p} A={a:.2f} B={b:.2f} "
                  f"cublas={c0:.2f}/{c1:.2f}/{c2:.2f} ratioA={a / max(c0, c1):.3f} ratioB={b / max(c1, c2):.3f}",
                  flush=True)
            del A, B, C
            torch.cuda.empty_cache()


if __name__ == "__main__":
    main()
