#!/usr/bin/env python3
"""Issue 27's table: GB/s (read + write) of loom's row-wise kernels beside the peers of the same
run, per size, with the issue's targets (loom softmax >= Triton's fused softmax and loom layernorm
>= torch layer_norm at every size; both >= 80% of the device copy at n >= 4096) and every output's
float64 check.

Usage: rows_report.py ROWS_KERNELS.json OUT RESULTS_DIR
Reads OUT/loom_kernels.json (loom_gpu_kernel_benchmarks), OUT/peers.json (rows_peers.py) and the
arrays the harness dumped; writes RESULTS_DIR/<date>-<gpu>-rows.{md,json} and prints the table.
"""
import datetime, json, os, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from report import full_size_check  # noqa: E402

def main():
    kernels_path, out, results_dir = sys.argv[1:4]
    entries = {e["name"]: e for e in json.load(open(kernels_path))["kernels"]}
    loom = json.load(open(os.path.join(out, "loom_kernels.json")))
    peers = json.load(open(os.path.join(out, "peers.json")))
    device = loom["device"]
    sizes = sorted({e["size"]["n"] for e in entries.values()})
    m = next(iter(entries.values()))["size"]["m"]
    figures, errors, checks = {}, {}, {}
    for k in loom["kernels"]:
        kind, n = k["name"].rsplit("_", 1)
        kind = kind.replace("-narrow", " (narrow)")
        if "error" in k:
            figures[(f"loom {kind}", int(n))] = None
            errors[(f"loom {kind}", int(n))] = k["error"]
            continue
        figures[(f"loom {kind}", int(n))] = k["GBps"]
        checks[(f"loom {kind}", int(n))] = (k["check_passed"], full_size_check(entries[k["name"]], os.path.join(out, k["name"]), k["arrays"]))
    peer_rows = [("device copy", "copy"), ("Triton fused softmax", "triton_softmax"), ("torch.softmax", "torch_softmax"),
                 ("torch layer_norm", "torch_layer_norm"), ("torch rms_norm", "torch_rms_norm")]
    for label, key in peer_rows:
        for n in sizes:
            figures[(label, n)] = peers.get(f"{key}_{m}x{n}_GBps")
            if f"{key}_{m}x{n}_error" in peers:
                checks[(label, n)] = (None, peers[f"{key}_{m}x{n}_error"])
    order = ["device copy", "Triton fused softmax", "torch.softmax", "loom softmax", "loom softmax (narrow)",
             "torch layer_norm", "loom layernorm", "loom layernorm (narrow)", "torch rms_norm", "loom rmsnorm",
             "loom rmsnorm (narrow)"]
    # The spec a user takes at each size, as Triton's tutorial picks its block by the row length:
    # the narrow one (a warp per row) for n <= 1024, the 256-wide one above.
    def chosen(kind, n):
        if n <= 1024 and figures.get((f"{kind} (narrow)", n)) is not None:
            return f"{kind} (narrow)"
        return kind
    fmt = lambda v: "—" if v is None else f"{v:.0f}"
    date = datetime.date.today().isoformat()
    lines = [f"# Row-wise kernels (issue 27), {date}, {device}", "",
             f"Command: `bash benchmarks/gpu/run_rows.sh` (loom_gpu_kernel_benchmarks with rows_kernels.json, "
             f"rows_peers.py, report.py, rows_report.py). float32, {m} rows, GB/s = 8·m·n bytes / median time.", "",
             "| GB/s (read + write) | " + " | ".join(f"{m} x {n}" for n in sizes) + " |",
             "| --- | " + " | ".join("---:" for _ in sizes) + " |"]
    for label in order:
        lines.append(f"| {label} | " + " | ".join(fmt(figures.get((label, n))) for n in sizes) + " |")
    lines += ["", "## Targets", ""]
    def target(description, ok):
        lines.append(f"- {'PASS' if ok else 'FAIL'}: {description}")
    for n in sizes:
        sk, lk = chosen("loom softmax", n), chosen("loom layernorm", n)
        ls, ts = figures.get((sk, n)), figures.get(("Triton fused softmax", n))
        target(f"n={n}: {sk} {fmt(ls)} >= Triton fused softmax {fmt(ts)}", ls is not None and ts is not None and ls >= ts)
        ll, tl = figures.get((lk, n)), figures.get(("torch layer_norm", n))
        target(f"n={n}: {lk} {fmt(ll)} >= torch layer_norm {fmt(tl)}", ll is not None and tl is not None and ll >= tl)
        if n >= 4096:
            copy = figures.get(("device copy", n))
            for kind in (sk, lk):
                v = figures.get((kind, n))
                pct = None if v is None or not copy else 100 * v / copy
                target(f"n={n}: {kind} at {fmt(pct)}% of device copy {fmt(copy)} (>= 80%)", pct is not None and pct >= 80)
    lines += ["", "## Checks", "", "Reduced size: the harness's check against the untransformed kernel (67 rows); full size: "
              "normwise relative error against float64 torch.", ""]
    for (label, n), (passed, error) in sorted(checks.items(), key=lambda item: (order.index(item[0][0]), item[0][1])):
        reduced = "" if passed is None else f"reduced-size check {'passed' if passed else 'FAILED'}, "
        lines.append(f"- {label} n={n}: {reduced}full-size error {'—' if error is None else f'{error:.1e}'}")
    for (label, n), error in errors.items():
        lines.append(f"- {label} n={n}: ERROR {error}")
    for key, value in peers.items():
        if key in ("triton_softmax_grid_note", "triton") or key.endswith("_failed"):
            lines.append(f"- peers: {key}: {value}")
    stem = os.path.join(results_dir, f"{date}-{device.replace('NVIDIA ', '').replace(' ', '-').lower()}-rows")
    json.dump({"date": date, "device": device, "loom": loom, "peers": peers,
               "figures": {f"{label} {n}": v for (label, n), v in figures.items()}}, open(stem + ".json", "w"), indent=1)
    open(stem + ".md", "w").write("\n".join(lines) + "\n")
    print("\n".join(lines))

if __name__ == "__main__":
    main()
