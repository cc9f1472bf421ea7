#!/usr/bin/env python3
"""Issue 26's compile-time table: cold spec -> source for every spec in examples/ (CUDA) and every
conformance case (tests/conformance/cases, its first target; refusal cases left out), loom in-process
(build/loom_compile_benchmarks' BM_SpecToSource, CPU time, median of 10 single runs) beside loopy
2025.2 on the same specs in the same run (/work/shared/peers/loopy_peer.py or $LOOPY_PEER, with
time.perf_counter replaced by time.process_time so both sides are CPU time; median of --loopy-reps).

usage: spec_compile_table.py [--build build] [--python PY] [--loopy-reps N] [--only examples|conformance]
                             [--rounds R] [--chunk N] [--out results.md]
Writes the markdown table to --out (default stdout) and the raw JSON beside it (.json).

Interleaved measurement (2026-11-27): the machine's speed drifts by up to 1.7x between runs minutes
apart, and loopy's figures drift more than loom's, so a table that timed every loom spec and then every
loopy spec put 15.9x and 20.6x on the same binary. The specs are now cut into chunks of --chunk, and
each chunk is timed by loom and by loopy back to back (the order alternating from chunk to chunk and
round to round, so a steady drift falls on both sides alike); the whole list is measured --rounds
times. A spec's ratio is the median over rounds of the ratio of its two back-to-back figures, and the
summary gives each round's geometric mean, so the spread between rounds is shown, not hidden.
"""
import argparse
import json
import math
import os
import statistics
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PEER = os.environ.get("LOOPY_PEER", "/work/shared/peers/loopy_peer.py")

# loopy's side runs in its own process with CPU time instead of wall time (the machine is shared).
PEER_SHIM = """
import runpy, sys, time
time.perf_counter = time.process_time
sys.argv = [sys.argv[1]] + sys.argv[2:]
runpy.run_path(sys.argv[0], run_name="__main__")
"""


def example_specs(folder=None):
    """Every kernel spec in examples/; with `folder`, copied there under a name made of its whole
    path (bandwidth__vector_scale.json): BM_SpecToSource names a benchmark by the file's stem, and
    examples/vector_scale.json and examples/bandwidth/vector_scale.json must not share one (they
    did until 2026-11-26: the table showed one spec's loom figure beside both loopy figures).
    Without `folder` (compare_generated.py) the paths are the files themselves."""
    specs = []
    for where, _, files in os.walk(os.path.join(ROOT, "examples")):
        for name in sorted(files):
            path = os.path.join(where, name)
            if not name.endswith(".json"):
                continue
            try:
                spec = json.load(open(path))
            except ValueError:
                continue
            if isinstance(spec, dict) and spec.get("loom") == 1 and "domains" in spec:
                label = "examples/" + os.path.relpath(path, os.path.join(ROOT, "examples"))
                if folder is not None:
                    path = os.path.join(folder, label[len("examples/"):].replace("/", "__"))
                    json.dump(spec, open(path, "w"))
                specs.append((label, path, "cuda"))
    return sorted(specs)


def conformance_specs(folder):
    specs = []
    cases_dir = os.path.join(ROOT, "tests", "conformance", "cases")
    for name in sorted(os.listdir(cases_dir)):
        data = json.load(open(os.path.join(cases_dir, name)))
        seen = {}
        for case in data["cases"]:
            if "refusal" in case or "spec" not in case:
                continue
            spec = dict(case["spec"])
            test = case.get("test", "kernel") + ("_" + case["variant"] if case.get("variant") else "")
            spec.setdefault("loom", 1)
            spec.setdefault("name", case.get("test", "kernel"))
            seen[test] = seen.get(test, 0) + 1
            stem = test if seen[test] == 1 else f"{test}_{seen[test]}"
            # Unique across files too (the benchmark is named by the file's stem).
            path = os.path.join(folder, f"{os.path.splitext(os.path.basename(data['loopy_file']))[0]}__{stem}.json")
            json.dump(spec, open(path, "w"))
            target = case.get("targets", ["c", "opencl"])[0]
            specs.append((f"{data['loopy_file']}/{stem}", path, target))
    return specs


def loom_times(build, specs):
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as listing:
        for _, path, target in specs:
            listing.write(f"{path} {target}\n")
    env = dict(os.environ, LOOM_BENCH_SPECS=listing.name)
    out = subprocess.run([os.path.join(build, "loom_compile_benchmarks"), "--benchmark_filter=BM_SpecToSource",
                          "--benchmark_format=json"], env=env, capture_output=True, text=True)
    os.unlink(listing.name)
    report = json.loads(out.stdout)
    times = {}
    for bench in report["benchmarks"]:
        parts = bench["run_name"].split("/")
        key = (parts[1], parts[2])
        if bench.get("error_occurred"):
            times[key] = {"error": bench.get("error_message", "")[:200]}
        elif bench.get("aggregate_name") == "median":
            times[key] = {"cpu_ms": bench["cpu_time"]}
    return times


def loopy_times(python, specs, reps):
    results = {}
    by_target = {}
    for label, path, target in specs:
        by_target.setdefault(target, []).append(path)
    for target, paths in by_target.items():
        with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as shim:
            shim.write(PEER_SHIM)
        out = subprocess.run([python, shim.name, PEER, *paths, "--target", target, "--reps", str(reps), "--warmup", "1"],
                             capture_output=True, text=True, env=dict(os.environ, LOOPY_NO_CACHE="1"))
        os.unlink(shim.name)
        for line in out.stdout.splitlines():
            record = json.loads(line)
            if "spec" in record:
                results[record["spec"]] = record
    return results


def geometric_mean(values):
    return math.exp(sum(math.log(v) for v in values) / len(values)) if values else None


def interleaved_rounds(a, specs):
    """Per round, a list of (loom times, loopy times) dictionaries covering every spec, each chunk's
    two sides measured back to back."""
    chunk = a.chunk if a.chunk > 0 else len(specs)
    chunks = [specs[i:i + chunk] for i in range(0, len(specs), chunk)]
    rounds = []
    for r in range(a.rounds):
        loom, loopy = {}, {}
        for c, part in enumerate(chunks):
            loom_first = (r + c) % 2 == 0
            for side in (("loom", "loopy") if loom_first else ("loopy", "loom")):
                if side == "loom":
                    loom.update(loom_times(a.build, part))
                elif not a.no_loopy:
                    loopy.update(loopy_times(a.python, part, a.loopy_reps))
            print(f"round {r + 1}/{a.rounds}: chunk {c + 1}/{len(chunks)} measured", file=sys.stderr, flush=True)
        rounds.append((loom, loopy))
    return rounds


def spec_figures(rounds, path, stem, target):
    """The spec's loom and loopy figures (medians over rounds), its ratio (the median over rounds of
    each round's back-to-back ratio) and the last round's records for the JSON."""
    looms, loopys, ratios = [], [], []
    mine, peer = {"error": "not measured"}, {}
    for loom, loopy in rounds:
        mine = loom.get((stem, target), {"error": "not measured"})
        peer = loopy.get(path, {})
        loom_ms = mine.get("cpu_ms")
        loopy_ms = peer["total_s"] * 1e3 if peer.get("ok") else None
        if loom_ms:
            looms.append(loom_ms)
        if loopy_ms:
            loopys.append(loopy_ms)
        if loom_ms and loopy_ms:
            ratios.append(loopy_ms / loom_ms)
    median = lambda values: statistics.median(values) if values else None
    return median(looms), median(loopys), median(ratios), ratios, mine, peer


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--python", default=sys.executable)
    ap.add_argument("--loopy-reps", type=int, default=10)
    ap.add_argument("--only", choices=["examples", "conformance"])
    ap.add_argument("--no-loopy", action="store_true")
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--chunk", type=int, default=24, help="specs per back-to-back chunk (0: all at once)")
    ap.add_argument("--out")
    a = ap.parse_args()
    folder = tempfile.mkdtemp(prefix="loom-specs-")
    specs = []
    if a.only in (None, "examples"):
        specs += example_specs(folder)
    if a.only in (None, "conformance"):
        specs += conformance_specs(folder)
    rounds = interleaved_rounds(a, specs)
    rows, ratios, raw = [], [], []
    round_ratios = [[] for _ in rounds]
    for label, path, target in specs:
        stem = os.path.splitext(os.path.basename(path))[0]
        loom_ms, loopy_ms, ratio, per_round, mine, peer = spec_figures(rounds, path, stem, target)
        if len(per_round) == len(rounds):
            for r, value in enumerate(per_round):
                round_ratios[r].append(value)
        if loom_ms is not None:
            mine = dict(mine, cpu_ms=loom_ms)
        if ratio:
            ratios.append(ratio)
        limit = 50.0 if label.endswith("/sgemm_tuned.json") else 20.0
        met = "" if loom_ms is None else ("met" if loom_ms <= limit else "NOT met")
        rows.append(f"| {label} | {target} | {'' if loom_ms is None else f'{loom_ms:.1f}'} | "
                    f"{'' if loopy_ms is None else f'{loopy_ms:.1f}'} | {'' if ratio is None else f'{ratio:.1f}x'} | "
                    f"{limit:.0f} | {met or mine.get('error', '')[:80]} | "
                    f"{'' if peer.get('ok') or not peer else peer.get('phase', '') + ': ' + peer.get('error', '')[:60]} |")
        raw.append({"spec": label, "target": target, "loom": mine, "loopy": peer,
                    "loom_ms_median_of_rounds": loom_ms, "loopy_ms_median_of_rounds": loopy_ms,
                    "ratio_per_round": per_round})
    measured = [r for r in raw if "cpu_ms" in r["loom"]]
    over = [r["spec"] for r in measured if r["loom"]["cpu_ms"] > (50.0 if r["spec"].endswith("sgemm_tuned.json") else 20.0)]
    lines = [f"| spec | target | loom CPU ms (median of 10, of {len(rounds)} rounds) | loopy CPU ms | "
             f"loopy/loom (median of {len(rounds)} back-to-back ratios) | target ms | met | loopy note |",
             "| --- | --- | ---: | ---: | ---: | ---: | --- | --- |"] + rows
    summary = [f"specs: {len(specs)}; loom measured: {len(measured)}; over the target: {len(over)}"]
    summary.append(f"method: {len(rounds)} rounds, chunks of {a.chunk or len(specs)} specs timed by loom and loopy "
                   f"back to back, loopy --reps {a.loopy_reps}")
    for r, values in enumerate(round_ratios):
        if values:
            summary.append(f"round {r + 1}: geometric mean {geometric_mean(values):.1f}x over the {len(values)} specs "
                           f"loopy expressed in every round; >= 10x on {sum(v >= 10 for v in values)}")
    if ratios:
        geo = geometric_mean(ratios)
        summary.append(f"loopy expressed {len(ratios)}: loopy/loom geometric mean {geo:.1f}x, median "
                       f"{statistics.median(ratios):.1f}x, min {min(ratios):.1f}x, max {max(ratios):.1f}x; "
                       f">= 10x on {sum(r >= 10 for r in ratios)} of {len(ratios)}")
    text = "\n".join(summary) + "\n\n" + "\n".join(lines) + "\n"
    if a.out:
        open(a.out, "w").write(text)
        json.dump(raw, open(os.path.splitext(a.out)[0] + ".json", "w"), indent=1)
    else:
        print(text)


if __name__ == "__main__":
    main()
