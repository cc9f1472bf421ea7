#!/usr/bin/env python3
"""Issue 31: the roofline estimate of `loom stats` beside the measured time, for every kernel of
benchmarks/gpu/kernels.json at its full size on the present GPU.

For each kernel: `loom stats SPEC -D <size> --target cuda --measure --repeat 20 --json --device D`
(the estimate counts the kernel's float operations at the device's peak FP32 rate and the bytes of
the arrays it reads and writes at its DRAM bandwidth; the measured time is the median of 20 runs
with CUDA events). Prints a markdown table (estimate, measured, measured/estimate, bound) and
writes the JSON of every kernel to OUT/roofline.json.

Usage: roofline.py LOOM_BINARY [--device h200] [--out DIR] [kernel names...]
"""
import json
import os
import subprocess
import sys


def main():
    args = sys.argv[1:]
    if not args:
        sys.exit(__doc__)
    loom = args.pop(0)
    device = "h200"
    out = os.environ.get("OUT", ".")
    names = []
    while args:
        arg = args.pop(0)
        if arg == "--device":
            device = args.pop(0)
        elif arg == "--out":
            out = args.pop(0)
        else:
            names.append(arg)
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
    with open(os.path.join(root, "benchmarks", "gpu", "kernels.json")) as f:
        kernels = json.load(f)["kernels"]
    rows, reports = [], []
    for kernel in kernels:
        if names and kernel["name"] not in names:
            continue
        command = [loom, "stats", os.path.join(root, kernel["spec"]), "--target", "cuda", "--measure",
                   "--repeat", "20", "--json", "--device", device]
        for name, value in kernel["size"].items():
            command += ["-D", f"{name}={value}"]
        result = subprocess.run(command, capture_output=True, text=True)
        if result.returncode != 0:
            rows.append(f"| {kernel['name']} | failed: {result.stderr.strip().splitlines()[-1] if result.stderr.strip() else result.returncode} | | | |")
            continue
        report = json.loads(result.stdout)
        report["name"] = kernel["name"]
        reports.append(report)
        rows.append("| {name} | {est:.4g} | {meas:.4g} | {ratio:.2f} | {bound} | {flops:.3g} | {bytes:.3g} |".format(
            name=kernel["name"], est=report["estimate_s"] * 1e3, meas=report["measured_s"] * 1e3,
            ratio=report["measured_over_estimate"], bound=report["bound"], flops=report["flops"], bytes=report["bytes"]))
    print(f"roofline estimates ({device}: peak FP32 and DRAM bandwidth) beside measured times\n")
    print("| kernel | estimate ms | measured ms | measured / estimate | bound | flops | bytes |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    print("\n".join(rows))
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, "roofline.json"), "w") as f:
        json.dump(reports, f, indent=1)


if __name__ == "__main__":
    main()
