#!/usr/bin/env python3
"""How ptxas scheduled the shared loads of an SGEMM spec's k loop, offline (issue 25, ninth pass).

The same k loop runs 7% slower when ptxas bunches its LDS.128 four at a time before the FFMA
that use them instead of spreading them among the FFMA (results/2026-11-26-tails-9.md: issue
active 82% -> 76% at the same instruction count), and ptxas picks the form from the whole kernel.
So a spec change to the k loop is checked here before it earns a device call.

Usage: python3 k_loop_schedule.py LOOM SPEC [SPEC ...]
  LOOM       the loom binary; the spec is compiled as the device would (NVRTC's PTX, sm_90)
  NVDISASM   environment: the nvdisasm binary (default: nvdisasm on PATH; the
             nvidia-cuda-nvdisasm wheel has one); ptxas is taken from PATH or /usr/local/cuda/bin.
Prints per spec, for each loop whose body holds the most FFMA (the full groups' k loop): its
length, FFMA and LDS counts, and the number of LDS directly after another LDS (sgemm_tuned: 25 a
k tile, fast; 41-47 in the bunched form, slow). The count compares schedules of the same
instructions only: tails9/sgemm_ring3 has 4 and is 8% slower for its fetch (loads stored at once).
"""
import os, subprocess, sys, tempfile

from sass_loops import all_loops, tool as find_tool


def tool(name, env=None):
    return find_tool(name, env, "k_loop_schedule")


def main():
    loom, specs = sys.argv[1], sys.argv[2:]
    ptxas, nvdisasm = tool("ptxas"), tool("nvdisasm", "NVDISASM")
    with tempfile.TemporaryDirectory() as work:
        for spec in specs:
            ptx = subprocess.run([loom, "compile", spec, "--target", "cuda", "--emit", "ptx", "--arch", "sm_90"],
                                 capture_output=True, text=True, check=True).stdout
            ptx_path, cubin = os.path.join(work, "k.ptx"), os.path.join(work, "k.cubin")
            with open(ptx_path, "w") as f:
                f.write(ptx)
            subprocess.run([ptxas, "-arch=sm_90", ptx_path, "-o", cubin], check=True)
            sass = subprocess.run([nvdisasm, "-c", cubin], capture_output=True, text=True, check=True).stdout
            body = all_loops(sass)
            most = max((sum("FFMA" in i for i in b) for b in body), default=0)
            for b in (b for b in body if most and sum("FFMA" in i for i in b) == most):
                lds = [n for n, i in enumerate(b) if "LDS" in i]
                adjacent = sum(1 for x, y in zip(lds, lds[1:]) if y - x == 1)
                print(f"{os.path.basename(spec)}: k loop {len(b)} instructions, {most} FFMA, {len(lds)} LDS, "
                      f"{adjacent} LDS right after an LDS")


if __name__ == "__main__":
    main()
