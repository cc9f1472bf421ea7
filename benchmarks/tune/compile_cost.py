#!/usr/bin/env python3
"""CPU cost of compiling each candidate of a search space, by each CUDA compiler path (issue 26,
the tuning rate; no GPU needed).

For every candidate the space allows (its constraints hold), in the exhaustive order `loom tune`
draws them, the concrete spec is written to a scratch folder and compiled, each step a separate
process timed by its user + system CPU seconds (resource.getrusage of the child):

- spec: `loom compile SPEC --target cuda --emit source` (read, transforms with legality, code
  generation: what both paths share);
- nvrtc: `loom tune ONE --prepare-only --jobs 1` of a space holding only this candidate (the above
  plus NVRTC to a CUBIN with loom's options for sm_90, ptxas's report included: what `loom tune`
  does per candidate; `loom compile --emit cubin-info` would compile twice, PTX and CUBIN); the
  row's NVRTC figure is nvrtc - spec;
- llvm: `loom compile SPEC --target cuda --compiler llvm` (the above but LLVM IR, O3 and PTX in
  libloom_llvm.so instead of NVRTC) and then `ptxas -O3 -arch=sm_90 -v` on that PTX, which stands
  in for the CUDA driver's JIT (the same ptxas, in the driver, assembles the LLVM path's PTX on a
  GPU); the row's LLVM figure is llvm - spec, its ptxas figure the ptxas process's.

Registers come from each path's ptxas report (the most of any kernel). Prints one JSON object per
candidate (stderr: progress) and a summary. Usage:
  python3 benchmarks/tune/compile_cost.py [--loom build/loom] [--jobs 2] [--only nvrtc|llvm]
      [--limit N] examples/tune/sgemm_space_v5.json > costs.json
"""
import argparse
import concurrent.futures
import itertools
import json
import os
import re
import resource
import subprocess
import sys
import tempfile


def concrete(value, assignment):
    """The space's ${NAME} references replaced by the assignment (a whole-string reference becomes
    a number, as loom's substitution does)."""
    if isinstance(value, str):
        whole = re.fullmatch(r"\$\{(\w+)\}", value)
        if whole:
            return assignment[whole.group(1)]
        return re.sub(r"\$\{(\w+)\}", lambda m: str(assignment[m.group(1)]), value)
    if isinstance(value, list):
        return [concrete(item, assignment) for item in value]
    if isinstance(value, dict):
        return {key: concrete(item, assignment) for key, item in value.items()}
    return value


def candidates(space):
    names = list(space["variables"])
    for values in itertools.product(*(space["variables"][name] for name in names)):
        assignment = dict(zip(names, values))
        if all(eval(constraint, {}, dict(assignment)) for constraint in space.get("constraints", [])):
            yield assignment


def timed(command, stdout_path=None):
    """CPU seconds (user + system) of the child process, and its exit status."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    with open(stdout_path or os.devnull, "w") as out:
        result = subprocess.run(command, stdout=out, stderr=subprocess.PIPE, text=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, result.returncode, result.stderr


def spills(report):
    """Spill store bytes, summed over the report's kernels (ptxas -v or loom's cubin-info)."""
    found = re.findall(r"(?:(\d+) bytes spill stores|spill stores (\d+) B)", report)
    return sum(int(a or b) for a, b in found)


def most_registers(report):
    found = re.findall(r"(?:[Uu]sed (\d+) registers|: (\d+) registers)", report)
    return max(int(a or b) for a, b in found) if found else None


def measure(args, folder, index, assignment, spec):
    path = os.path.join(folder, f"candidate{index}.json")
    with open(path, "w") as out:
        json.dump(spec, out)
    row = {"candidate": assignment}
    cpu, rc, err = timed([args.loom, "compile", path, "--target", "cuda", "--emit", "source"])
    row["spec_cpu_s"] = round(cpu, 3)
    if rc != 0:
        row["error"] = err.strip()[-300:]
        return row
    if args.only in (None, "nvrtc"):
        # The tune driver's own preparation of this one candidate (NVRTC for sm_90 without a GPU).
        one = {"loom_tune": 1, "spec": spec, "variables": {name: [value] for name, value in assignment.items()},
               "sizes": args.sizes}
        one_path = os.path.join(folder, f"space{index}.json")
        with open(one_path, "w") as out:
            json.dump(one, out)
        report_path = path + ".prepared"
        cpu, rc, err = timed([args.loom, "tune", one_path, "--prepare-only", "--jobs", "1"], report_path)
        row["nvrtc_cpu_s"] = round(cpu - row["spec_cpu_s"], 3)
        report = open(report_path).read() if rc == 0 else ""
        registers = re.search(r"^\| \{.*?\} \| ok \| (\d+) \|", report, re.M)
        row["nvrtc_registers"] = int(registers.group(1)) if registers else None
        if rc != 0 or not registers:
            row["nvrtc_error"] = (err.strip() + report)[-300:]
    if args.only in (None, "llvm"):
        ptx_path = path + ".ptx"
        cpu, rc, err = timed([args.loom, "compile", path, "--target", "cuda", "--compiler", "llvm", "--emit", "ptx"], ptx_path)
        row["llvm_cpu_s"] = round(cpu - row["spec_cpu_s"], 3)
        if rc != 0:
            row["llvm_error"] = err.strip()[-300:]
        else:
            cpu, rc, err = timed([args.ptxas, "-O3", "-arch=sm_90", "-v", ptx_path, "-o", path + ".cubin"])
            row["ptxas_cpu_s"] = round(cpu, 3)
            row["llvm_registers"] = most_registers(err)
            row["llvm_spill_stores"] = spills(err)
            if rc != 0:
                row["ptxas_error"] = err.strip()[-300:]
    return row


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("space")
    parser.add_argument("--loom", default="build/loom")
    parser.add_argument("--ptxas", default="/usr/local/cuda/bin/ptxas")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--only", choices=["nvrtc", "llvm"])
    parser.add_argument("--limit", type=int)
    parser.add_argument("--select", help="a Python expression over the variables: only candidates where it holds")
    args = parser.parse_args()
    os.environ["LOOM_NO_CACHE"] = "1"  # every step compiles from the spec (no cache level hits)
    space_path = os.path.abspath(args.space)
    space = json.load(open(space_path))
    base = space["spec"]
    if isinstance(base, str):
        base = json.load(open(os.path.join(os.path.dirname(space_path), base)))
    args.sizes = space["sizes"]
    chosen = list(candidates(space))
    if args.select:
        chosen = [a for a in chosen if eval(args.select, {}, dict(a))]
    if args.limit:
        chosen = chosen[: args.limit]
    rows = []
    with tempfile.TemporaryDirectory() as folder, concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        futures = []
        for index, assignment in enumerate(chosen):
            spec = dict(base)
            spec["transforms"] = concrete(space["transforms"], assignment)
            futures.append(pool.submit(measure, args, folder, index, assignment, spec))
        for future in futures:
            row = future.result()
            rows.append(row)
            print(json.dumps(row), flush=True)
            print(json.dumps(row), file=sys.stderr, flush=True)
    summary = {"candidates": len(rows)}
    for key in ("spec_cpu_s", "nvrtc_cpu_s", "llvm_cpu_s", "ptxas_cpu_s"):
        values = [row[key] for row in rows if key in row]
        if values:
            summary[key + "_sum"] = round(sum(values), 2)
    if "llvm_cpu_s_sum" in summary and "ptxas_cpu_s_sum" in summary:
        summary["llvm_path_sum"] = round(summary["llvm_cpu_s_sum"] + summary["ptxas_cpu_s_sum"], 2)
    print(json.dumps({"summary": summary}))


if __name__ == "__main__":
    main()
