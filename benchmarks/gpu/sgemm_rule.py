#!/usr/bin/env python3
"""The two-spec SGEMM rule of issue 25 and its check against cuBLAS, shape by shape.

Rule (a size rule over m and n): with T = ceil(m/128) * ceil(n/128) tiles of sgemm_tuned
(128 x 128, two work-groups an SM) and W = 2 * SMs work-group slots, the tiles fill their last
wave to E = T / (W * ceil(T / W)). sgemm_splitk (64 x 128 tiles, k interleaved over 4 groups)
where E < 0.8, sgemm_tuned otherwise. E is 0.24 at 1000^2, 0.55 at 1500^2, 0.97 at 2000^2,
0.73 at 3000^2, 0.87 at 5000^2, 0.96 at 7000^2 (132 SMs: H100 and H200).

With --strip (tenth pass) the large spec is sgemm_tuned_strip (sgemm_tuned's kernel over the first
mm rows, then the last m - mm rows by a split-k strip kernel and a sum): mm = m - m % 128 where
m % 128 is 1..32 (the last row of 128 x 128 tiles would be at least 75% padding) and the full rows
of tiles alone need fewer waves of W slots than all of them (else the strip only adds its time:
-4.9% at 2060^3 in tails10's call B), else mm = m (the strip and sum kernels then have no groups
and are not launched: the same kernel as sgemm_tuned).

Since wt-floor14 (2026-11-27) examples/memory/sgemm_tuned_strip.json computes its boundary itself
(rows below 128*floor((m + 95)/128), i.e. m - m % 128 where m % 128 is 1..32, else m) and takes no
mm: the rule with --strip then passes nothing but m, n, p. It strips wherever m % 128 is 1..32,
whether or not that saves a wave (a spec cannot ask how many SMs there are). A spec that still
declares mm (tails10/sgemm_tuned_strip.json) gets -D mm=strip_rows(...) as before.

Usage: python3 sgemm_rule.py [--strip] LOOM SPEC_DIR M,N,K [M,N,K ...]
Per shape: cuBLAS (torch.mm, TF32 off, median of 20 after 5 warm-ups), then `LOOM run` of the
rule's spec (--repeat 20), then cuBLAS again, so drift between the two cuBLAS figures shows;
the ratio is taken against the larger. `python3 sgemm_rule.py --rule M N` prints the spec only.
"""
import math, re, statistics, subprocess, sys


def rule(m, n, sms=132):
    tiles = math.ceil(m / 128) * math.ceil(n / 128)
    slots = 2 * sms
    efficiency = tiles / (slots * math.ceil(tiles / slots))
    return ("sgemm_splitk" if efficiency < 0.8 else "sgemm_tuned"), efficiency


def strip_rows(m, n, sms=132):
    """The rows sgemm_tuned_strip's 128 x 128 kernel computes: the strip takes a remainder of 1..32
    rows when that saves the main kernel a wave."""
    remainder, slots, columns = m % 128, 2 * sms, math.ceil(n / 128)
    saves_a_wave = math.ceil(m // 128 * columns / slots) < math.ceil(math.ceil(m / 128) * columns / slots)
    return m - remainder if 1 <= remainder <= 32 and saves_a_wave else m


def takes_mm(spec_path):
    """Whether a spec declares the strip's row count mm as an argument (tails10's strip spec)."""
    import json
    with open(spec_path) as f:
        args = json.load(f)["args"]
    return any("mm" in [name.strip() for name in arg["name"].split(",")] for arg in args)


def main():
    strip = sys.argv[1] == "--strip"
    if strip:
        del sys.argv[1]
    if sys.argv[1] == "--rule":
        print(rule(int(sys.argv[2]), int(sys.argv[3]))[0])
        return
    import torch
    torch.backends.cuda.matmul.allow_tf32 = False
    loom, specs = sys.argv[1], sys.argv[2]
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

    for shape in sys.argv[3:]:
        M, N, K = (int(v) for v in shape.split(","))
        spec, efficiency = rule(M, N, sms)
        extra = []
        if strip and spec == "sgemm_tuned":
            spec = "sgemm_tuned_strip"
            if takes_mm(f"{specs}/{spec}.json"):
                extra = ["-D", f"mm={strip_rows(M, N, sms)}"]
        flops = 2.0 * M * N * K
        A = torch.randn(M, K, device="cuda"); B = torch.randn(K, N, device="cuda")
        C = torch.empty(M, N, device="cuda")
        before = cublas(A, B, C, flops)
        run = subprocess.run([loom, "run", f"{specs}/{spec}.json", "--target", "cuda", "--repeat", "20",
                              "-D", f"m={M}", "-D", f"n={N}", "-D", f"p={K}"] + extra,
                             capture_output=True, text=True, timeout=60)
        after = cublas(A, B, C, flops)
        found = re.search(r"median ([0-9.]+) (us|ms)", run.stdout + run.stderr)
        if not found:
            print(f"shape {M} {N} {K} {spec}: loom failed: {(run.stdout + run.stderr)[-300:]}", flush=True)
            continue
        seconds = float(found.group(1)) * (1e-6 if found.group(2) == "us" else 1e-3)
        tflops = flops / seconds / 1e12
        print(f"shape {M} {N} {K} E={efficiency:.2f} spec={spec}{' mm=' + extra[1][3:] if extra else ''} loom={tflops:.2f} cublas={before:.2f}/{after:.2f} "
              f"ratio={tflops / max(before, after):.3f} (vs first {tflops / before:.3f})", flush=True)
        del A, B, C
        torch.cuda.empty_cache()


if __name__ == "__main__":
    main()
