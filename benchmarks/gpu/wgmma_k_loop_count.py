#!/usr/bin/env python3
"""SASS instructions of a wgmma GEMM's k loop, offline (issue 29, tenth pass).

The generated wgmma kernel issued 2.7x the hand-written probe's instructions on the GPU (ncu,
results/2026-11-26-tensor-cores-9.md: 165.5 M against 60.4 M at 4096^3), the excess in the fill
code. This counts the same thing without a GPU: the instructions of every loop whose body holds
HGMMA (wgmma), per k tile (4 HGMMA of k16 a 64-deep tile), by kind, so a change to the fill code
is measured before it earns a device call.

Usage: python3 wgmma_k_loop_count.py LOOM SPEC [SPEC ...] [--probe CU_FILE:KERNEL ...]
  LOOM      the loom binary; the spec is compiled as the device would (NVRTC's PTX, sm_90a)
  --probe   (repeatable) also count a kernel of a CUDA file (wgmma_probe.py's wgmma_probe.cu, e.g. sw256s4w0),
            compiled with nvcc -arch=sm_90a -cubin
  --fast-path  also count each spec's "fast path": its CUDA source with every `else` block removed (what a
            whole tile executes when every test holds), compiled by nvcc -arch=sm_90a; the tenth pass made
            this by hand (results/2026-11-26-tensor-cores-10.md)
  NVDISASM  environment: the nvdisasm binary (default: nvdisasm on PATH; the
            nvidia-cuda-nvdisasm wheel has one); ptxas / nvcc from PATH or /usr/local/cuda/bin.
Prints per kernel and k loop: instructions a k tile (NOPs left out), HGMMA, LDGSTS (cp.async),
integer ALU (IMAD/IADD3/LEA/LOP3/SHF/ISETP/SEL/IMNMX...), branches and the rest.
"""
import os, re, subprocess, sys, tempfile

from sass_loops import functions, loops, tool as find_tool


def tool(name, env=None):
    return find_tool(name, env, "wgmma_k_loop_count")


INTEGER = ("IMAD", "IADD", "LEA", "LOP", "SHF", "ISETP", "SEL", "IMNMX", "VIMNMX", "IABS", "I2F", "F2I", "PRMT",
           "MOV", "UIADD", "UIMAD", "ULEA", "ULOP", "USHF", "UISETP", "USEL", "UMOV", "PLOP3", "P2R", "R2P", "R2UR",
           "IDP", "POPC", "FLO", "BMSK", "SGXT")


def opcode(text):
    words = [w for w in text.split() if not w.startswith("@")]
    return words[0].split(".")[0] if words else ""


def summary(body):
    ops = [opcode(i) for i in body]
    hgmma = sum(o == "HGMMA" for o in ops)
    tiles = max(hgmma / 4, 1)
    counts = {
        "HGMMA": hgmma,
        "LDGSTS": sum(o == "LDGSTS" for o in ops),
        "integer": sum(o.startswith(INTEGER) for o in ops),
        "branch": sum(o in ("BRA", "BSSY", "BSYNC", "WARPSYNC") for o in ops),
    }
    rest = len(ops) - sum(counts.values())
    return (f"{len(body)} instructions ({len(body) / tiles:.0f} a k tile), " +
            ", ".join(f"{k} {v}" for k, v in counts.items()) + f", other {rest}")


def count(name, cubin, nvdisasm, only=None):
    sass = subprocess.run([nvdisasm, "-c", cubin], capture_output=True, text=True, check=True).stdout
    for function, lines in functions(sass).items():
        if only and function != only:
            continue
        for number, body in enumerate(b for b in loops(lines) if any(opcode(i) == "HGMMA" for i in b)):
            print(f"{name} [{function}] k loop {number}: {summary(body)}")


def without_else_blocks(source):
    """`source` with every `else { ... }` and `else statement;` removed: each test then takes its first side."""
    out, at = [], 0
    for match in re.finditer(r"\belse\b", source):
        if match.start() < at or source[max(match.start() - 1, 0)] == "#":
            continue  # inside a removed block, or the preprocessor's #else
        out.append(source[at:match.start()])
        rest = match.end()
        while source[rest].isspace():
            rest += 1
        if source[rest] == "{":
            depth, end = 0, rest
            while True:
                depth += {"{": 1, "}": -1}.get(source[end], 0)
                end += 1
                if depth == 0:
                    break
        elif source.startswith("if", rest):
            sys.exit("wgmma_k_loop_count: `else if` is not handled by --fast-path")
        else:
            end = source.index(";", rest) + 1
        at = end
    out.append(source[at:])
    return "".join(out)


def fast_path(loom, spec, work, nvdisasm):
    source = subprocess.run([loom, "compile", spec, "--target", "cuda"], capture_output=True, text=True,
                            check=True).stdout
    path, cubin = os.path.join(work, "fast.cu"), os.path.join(work, "fast.cubin")
    with open(path, "w") as f:
        f.write(without_else_blocks(source))
    subprocess.run([tool("nvcc"), "-arch=sm_90a", "-cubin", "-O3", path, "-o", cubin], check=True)
    count(os.path.basename(spec) + " (fast path, nvcc)", cubin, nvdisasm)


def main():
    args = sys.argv[1:]
    fast = "--fast-path" in args
    args = [a for a in args if a != "--fast-path"]
    probes = []
    while "--probe" in args:
        at = args.index("--probe")
        probes.append(args[at + 1])
        del args[at:at + 2]
    loom, specs = args[0], args[1:]
    ptxas, nvdisasm = tool("ptxas"), tool("nvdisasm", "NVDISASM")
    with tempfile.TemporaryDirectory() as work:
        for spec in specs:
            ptx = subprocess.run([loom, "compile", spec, "--target", "cuda", "--emit", "ptx", "--arch", "sm_90a"],
                                 capture_output=True, text=True, check=True).stdout
            ptx_path, cubin = os.path.join(work, "k.ptx"), os.path.join(work, "k.cubin")
            with open(ptx_path, "w") as f:
                f.write(ptx)
            subprocess.run([ptxas, "-arch=sm_90a", ptx_path, "-o", cubin], check=True)
            count(os.path.basename(spec), cubin, nvdisasm)
            if fast:
                fast_path(loom, spec, work, nvdisasm)
        for probe in probes:
            source, kernel = probe.rsplit(":", 1)
            cubin = os.path.join(work, "probe.cubin")
            subprocess.run([tool("nvcc"), "-arch=sm_90a", "-cubin", "-O3", source, "-o", cubin], check=True)
            count(os.path.basename(source), cubin, nvdisasm, kernel)


if __name__ == "__main__":
    main()
