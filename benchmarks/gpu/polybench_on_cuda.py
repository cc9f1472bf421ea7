#!/usr/bin/env python3
"""Runs every PolyBench spec whose OpenCL outcome is "passes" (tests/polybench/outcomes.json) with
`$LOOM_CLI run SPEC --target cuda --check`, on real work-groups and barriers; one line per spec and
a total. Run from the repository root on the GPU machine (benchmarks/gpu/verify_env.sh sets LOOM_CLI)."""
import json, os, subprocess

outcomes = json.load(open("tests/polybench/outcomes.json"))
ran = failed = 0
for name, outcome in outcomes.items():
    if outcome.get("opencl") != "passes":
        continue
    ran += 1
    run = subprocess.run([os.environ["LOOM_CLI"], "run", f"tests/polybench/{name}.json", "--target", "cuda", "--check"],
                         capture_output=True, text=True, timeout=120)
    last = (run.stdout + run.stderr).strip().splitlines()[-1:] or [""]
    ok = run.returncode == 0 and last[0].startswith("check passed")
    failed += not ok
    print(("ok   " if ok else "FAIL ") + name + ": " + last[0], flush=True)
print(f"polybench on cuda: {ran} specs, {failed} failed")
