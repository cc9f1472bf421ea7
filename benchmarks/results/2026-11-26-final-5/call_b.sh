#!/bin/bash
# Call B (final main: every helper merged): gpu tests through NVRTC (host loops on CUDA among them),
# PolyBench on CUDA --check, and the wgmma probe's TF32 register form and ring-rule variants that
# wt-mma7 prepared but could not run (.gpu-mma7, its run_tensor_cores_8.sh).
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
timeout 330 $B/loom_tests --gtest_filter="$F" > $OUT/gpu_nvrtc_final.log 2>&1; echo "nvrtc rc=$?"; sum $OUT/gpu_nvrtc_final.log
python3 - > $OUT/polybench_cuda_final.log 2>&1 <<'PY'
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
grep -E "FAIL|polybench on cuda" $OUT/polybench_cuda_final.log | head -20
( cd .gpu-mma7 && export LD_LIBRARY_PATH=$PWD/lib:$LD_LIBRARY_PATH && VARIANTS="tr256s4 tr256s4w0 tr128s5 sw256s4 sw256s4w0 sw256s3w0" PROBE_CHECK_SHAPES="256,512,192 512,384,96 384,768,320" PEER_SHAPES="4096,4096,4096 8192,8192,8192" timeout 150 bash run_tensor_cores_8.sh ) > $OUT/wgmma_probe_rerun.log 2>&1
echo "probe rc=$?"; grep -E "CHECK|TFLOP|cublas|cuBLAS" $OUT/wgmma_probe_rerun.log | head -40
