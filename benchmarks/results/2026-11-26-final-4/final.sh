#!/bin/bash
# Coordinator's GPU verification at the end of the 2026-11-26 (12:53-15:53 UTC) session, one call:
#  1. gpu tests under NVRTC and under LLVM (every merged change: loops nested as loopy shares them,
#     inames inferred from temporaries, grids by union_max, 8-warp tensor-core specs, guard-free
#     unrolled copies read off the constraints, ...);
#  2. every PolyBench spec whose OpenCL outcome is "passes", run with `loom run --target cuda --check`
#     at its test sizes (real barriers and work-groups, not PoCL's);
#  3. compute-sanitizer memcheck of the new tensor-core and full-group GPU tests.
# Bundle: .cudarun/ (main's build: scripts/gpu_bundle.sh build loom loom_tests).
set -u
mkdir -p /work && ln -sfn "$PWD" /work/main
B=$PWD/.cudarun
[ -f $B/libloom_llvm.so ] || python3 -c "import lzma;open('$B/libloom_llvm.so','wb').write(lzma.open('$B/libloom_llvm.so.xz').read())"
chmod +x $B/*.so 2>/dev/null
export LD_LIBRARY_PATH=$B/lib:/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
export LOOM_CLI=$B/loom
export LOOM_CACHE_DIR=$(mktemp -d)
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader
cat $B/COMMIT
sum() { grep -E "^\[  (PASSED|FAILED) |tests ran|^\[  FAILED  \]" "$1" | head -14; }
F='*Gpu*:*Cuda*:SpecCache*:TuneGpu*:-*OpenCL*'
timeout 200 $B/loom_tests --gtest_filter="$F" > $OUT/gpu_nvrtc.log 2>&1; echo "nvrtc rc=$?"; sum $OUT/gpu_nvrtc.log
LOOM_CUDA_COMPILER=llvm timeout 200 $B/loom_tests --gtest_filter="$F" > $OUT/gpu_llvm.log 2>&1; echo "llvm rc=$?"; sum $OUT/gpu_llvm.log
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
timeout 150 compute-sanitizer --tool memcheck --error-exitcode 9 $B/loom_tests --gtest_filter='TensorizeGpu.EightWarp*:FullGroups*Cuda*:GuardedUnroll*' > $OUT/memcheck.log 2>&1; echo "memcheck rc=$?"; grep -E "ERROR SUMMARY|^\[  (PASSED|FAILED) " $OUT/memcheck.log | head -4
