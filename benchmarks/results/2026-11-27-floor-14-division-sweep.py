#!/usr/bin/env python3
"""Offline sweep of division bounds (wt-floor14): `loom run --check` (against the untransformed
kernel) of out[i, j] = 2*a[i, j] + b[j, i] over {[i,j]: 0 <= i and BOUND and 0 <= j < n} for six
bounds with divisions of n, row tiles of 4, 5, 8 (guard / round_up), with no fetch, an exact
private fetch of a and a bounding-box one, at n = 1..23 (C target); and with groups, work-items and a
local fetch on OpenCL (PoCL). Usage: python3 THIS LOOM [c|opencl]. 2026-11-27: C 1296 runs,
OpenCL 288 runs, 0 failures."""
import itertools, json, subprocess, sys, tempfile

BOUNDS = ["i < n - (n mod 3)", "i < n and i < 8*floor((n+5)/8)", "i < 4*floor(n/4) + 2 and i < n",
          "i < floor((n+1)/2)", "2*i < n - (n mod 5)", "i < min(n, 3*floor((n+1)/3))"]


def main():
    loom, target = sys.argv[1], (sys.argv[2] if len(sys.argv) > 2 else "c")
    opencl = target == "opencl"
    lengths, fetches = ([4, 8], ["none", "local"]) if opencl else ([4, 5, 8], ["none", "private", "private_box"])
    sizes = [1, 3, 8, 9, 17, 23] if opencl else [1, 2, 3, 4, 5, 7, 8, 9, 13, 16, 17, 23]
    runs = fails = 0
    spec_file = tempfile.NamedTemporaryFile("w", suffix=".json", delete=False).name
    for bound, length, strategy, fetch in itertools.product(BOUNDS, lengths, ["guard", "round_up"], fetches):
        tags = lambda outer, inner: {"outer_tag": outer, "inner_tag": inner} if opencl else {}
        transforms = [dict(op="split_iname", iname="i", inner_length=length, tail_strategy=strategy, **tags("g.1", "l.1")),
                      dict(op="split_iname", iname="j", inner_length=4, tail_strategy=strategy, **tags("g.0", "l.0"))]
        if fetch == "local":
            transforms.append({"op": "add_prefetch", "var_name": "a", "sweep_inames": ["i_inner", "j_inner"], "default_tag": "l.auto"})
        elif fetch != "none":
            transforms.append({"op": "add_prefetch", "var_name": "a", "sweep_inames": ["i_inner", "j_inner"],
                               "fetch_bounding_box": fetch == "private_box", "temporary_address_space": "private"})
        spec = {"loom": 1, "name": "k", "domains": ["{[i,j]: 0<=i and %s and 0<=j<n}" % bound],
                "instructions": ["out[i, j] = 2*a[i, j] + b[j, i]"],
                "args": [{"name": "a, b, out", "dtype": "float32", "shape": ["n", "n"]},
                         {"name": "n", "kind": "value", "dtype": "int32"}],
                "transforms": transforms, "test": {"parameters": {"n": 7}}}
        json.dump(spec, open(spec_file, "w"))
        for n in sizes:
            runs += 1
            result = subprocess.run([loom, "run", spec_file, "--target", target, "--check", "-D", f"n={n}"],
                                    capture_output=True, text=True)
            text = (result.stdout + result.stderr).strip()
            if "check passed" not in (text.splitlines()[-1] if text else ""):
                fails += 1
                print(bound, length, strategy, fetch, n, text[-300:], flush=True)
                break
    print("runs", runs, "fails", fails)


if __name__ == "__main__":
    main()
