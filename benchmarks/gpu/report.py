#!/usr/bin/env python3
"""Issue 13's report: loom's kernel figures (loom_gpu_kernel_benchmarks) beside the peers
(gpu_peers.py) from the same run, each full-size result checked against float64 torch on the GPU.

Usage: report.py KERNELS.json OUT RESULTS_DIR
Reads OUT/loom_kernels.json, OUT/peers.json and the arrays loom dumped in OUT/<kernel>/; writes
RESULTS_DIR/<date>-<gpu>.json and .md (kernel, size, loom, peer, ratio, % of the limit,
registers, spills, shared memory, occupancy, full-size check).
"""
import datetime, json, os, sys
import numpy as np
import torch

FP32_PEAK_TFLOPS = {"NVIDIA H200": 67.0, "NVIDIA H100 80GB HBM3": 67.0}  # SXM, non-tensor FP32

def load_array(folder, name, meta, which):
    dtype = np.dtype({"float32": np.float32, "float64": np.float64, "int32": np.int32, "int64": np.int64}[meta["dtype"]])
    raw = np.fromfile(os.path.join(folder, f"{name}.{which}.bin"), dtype=dtype)
    strides = [s * dtype.itemsize for s in meta["strides"]]
    return np.lib.stride_tricks.as_strided(raw, shape=meta["shape"], strides=strides).copy()

def full_size_check(entry, folder, manifest):
    """Max relative error (normwise) of loom's outputs against the kernel's torch expression."""
    if "torch" not in entry:
        return None
    env = {"torch": torch}
    for name, meta in manifest.get("arrays", {}).items():
        env[name] = torch.from_numpy(load_array(folder, name, meta, "in")).cuda().double()
    env.update(manifest.get("scalars", {}))
    exec(entry["torch"], env)
    worst = 0.0
    for name in entry["outputs"]:
        loom_out = torch.from_numpy(load_array(folder, name, manifest["arrays"][name], "out")).cuda().double()
        ref = env[name]
        err = (torch.linalg.vector_norm(loom_out - ref) / max(torch.linalg.vector_norm(ref).item(), 1e-30)).item()
        worst = max(worst, err)
    return worst

def same_size_copy_GBps(elements):
    """torch copy_ of `elements` float32 (median of 50, CUDA events): the bandwidth floor at the
    kernel's own size, where the big copy of gpu_peers.py overstates what a short kernel can reach."""
    a = torch.rand(int(elements), device="cuda"); b = torch.empty_like(a)
    for _ in range(5): b.copy_(a)
    start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    times = []
    for _ in range(50):
        start.record(); b.copy_(a); end.record(); torch.cuda.synchronize(); times.append(start.elapsed_time(end))
    times.sort()
    return 8 * elements / (times[len(times) // 2] * 1e-3) / 1e9

def main():
    kernels_path, out, results_dir = sys.argv[1:4]
    entries = {e["name"]: e for e in json.load(open(kernels_path))["kernels"]}
    loom = json.load(open(os.path.join(out, "loom_kernels.json")))
    peers = json.load(open(os.path.join(out, "peers.json")))
    device = loom["device"]
    copy = peers.get("copy_GBps")
    rows = []
    for k in loom["kernels"]:
        entry = entries[k["name"]]
        row = {"name": k["name"], "size": k.get("size"), "error": k.get("error")}
        if "error" not in k:
            row.update({key: k[key] for key in ("median_ms", "min_ms", "GBps", "TFLOPs", "check_passed", "resources", "rotated_sets") if key in k})
            row["full_size_normwise_error"] = full_size_check(entry, os.path.join(out, k["name"]), k["arrays"])
            peer = peers.get(entry.get("peer", ""))
            row["peer"] = entry.get("peer"); row["peer_value"] = peer
            value = k.get("GBps", k.get("TFLOPs"))
            row["ratio"] = value / peer if peer else None
            if entry.get("limit") == "copy" and copy:
                row["percent_of_limit"] = 100 * k["GBps"] / copy
            if "copy_elements" in entry:
                row["same_size_copy_GBps"] = same_size_copy_GBps(eval(entry["copy_elements"], {}, dict(k["size"])))
                row["percent_of_same_size_copy"] = 100 * k["GBps"] / row["same_size_copy_GBps"]
            if entry.get("limit") == "fp32" and device in FP32_PEAK_TFLOPS:
                row["percent_of_limit"] = 100 * k["TFLOPs"] / FP32_PEAK_TFLOPS[device]
        rows.append(row)
    date = datetime.date.today().isoformat()
    stem = os.path.join(results_dir, f"{date}-{device.replace('NVIDIA ', '').replace(' ', '-').lower()}")
    json.dump({"date": date, "device": device, "loom": loom, "peers": peers, "rows": rows}, open(stem + ".json", "w"), indent=1)
    lines = [f"# GPU kernels, {date}, {device}", "",
             f"Command: benchmarks/gpu/run_kernels.sh (loom_gpu_kernel_benchmarks + gpu_peers.py + report.py). "
             f"Copy bandwidth in this run: {copy:.0f} GB/s." if copy else "", "",
             "% of limit: of the big copy above (or the FP32 peak); same-size copy: torch copy_ of the kernel's own bytes in this run.", "",
             "| kernel | size | loom ms | loom | peer | ratio | % of limit | % of same-size copy | regs | local B | shared B | occupancy | check (reduced size) | full-size error |",
             "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: |"]
    for r in rows:
        if r.get("error"):
            lines.append(f"| {r['name']} | {r['size']} | error: {r['error']} |"); continue
        res = r["resources"][0] if r.get("resources") else {}
        unit = "GB/s" if "GBps" in r else "TFLOP/s"
        value = r.get("GBps", r.get("TFLOPs"))
        size = ", ".join(f"{k}={v}" for k, v in (r["size"] or {}).items())
        fmt = lambda x, f="{:.2f}": "—" if x is None else f.format(x)
        lines.append(f"| {r['name']} | {size} | {r['median_ms']:.4f} | {value:.1f} {unit} | {fmt(r['peer_value'], '{:.1f}')} ({r['peer']}) | "
                     f"{fmt(r['ratio'])} | {fmt(r.get('percent_of_limit'), '{:.0f}%')} | {fmt(r.get('percent_of_same_size_copy'), '{:.0f}%')} | {res.get('registers')} | {res.get('local_bytes')} | "
                     f"{res.get('static_shared_bytes')} | {fmt(res.get('occupancy'))} | {'passed' if r['check_passed'] else 'FAILED'} | "
                     f"{fmt(r['full_size_normwise_error'], '{:.1e}')} |")
    open(stem + ".md", "w").write("\n".join(lines) + "\n")
    print("\n".join(lines))

if __name__ == "__main__":
    main()
