#!/bin/bash
# Call B, on main after every merge of the session (wt-speed10 last): the gpu tests through NVRTC
# with room for all of them (call A's 200 s limit stopped them after 100 passed), then the
# PolyBench specs on CUDA again (launch shapes and barrier placement changed in wt-speed10).
set -u
mkdir -p /work && ln -sfn "$PWD" /work/main
B=$PWD/.cudarun
export LD_LIBRARY_PATH=$B/lib:/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
export LOOM_CLI=$B/loom
export LOOM_CACHE_DIR=$(mktemp -d)
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader
cat $B/COMMIT
sum() { grep -E "^\[  (PASSED|FAILED) |tests ran|^\[  FAILED  \]" "$1" | head -14; }
F='*Gpu*:*Cuda*:SpecCache*:TuneGpu*:-*OpenCL*'
timeout 420 $B/loom_tests --gtest_filter="$F" > $OUT/gpu_nvrtc.log 2>&1; echo "nvrtc rc=$?"; sum $OUT/gpu_nvrtc.log
python3 - > $OUT/polybench_cuda.log 2>&1 <<'PY'
import json, subprocess, os
outcomes = json.load(open("tests/polybench/outcomes.json"))
ran = failed = 0
for name, o in outcomes.items():
    if o.get("opencl") != "passes": continue
    ran += 1
    r = subprocess.run([os.environ["LOOM_CLI"], "run", f"tests/polybench/{name}.json", "--target", "cuda", "--check"],
                       capture_output=True, text=True, timeout=120)
    last = (r.stdout + r.stderr).strip().splitlines()[-1:] or [""]
    ok = r.returncode == 0 and last[0].startswith("check passed")
    failed += not ok
    print(("ok   " if ok else "FAIL ") + name + ": " + last[0])
print(f"polybench on cuda: {ran} specs, {failed} failed")
PY
echo "polybench rc=$?"; grep -E "FAIL|polybench on cuda" $OUT/polybench_cuda.log | head -20
