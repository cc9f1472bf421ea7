#!/usr/bin/env python3
"""Third round of differential specs (docs/decisions.md, "Differential comparison with loopy,
third round (wt-diff11)"): kernel classes the first two rounds did not cover, written as a loopy
user writes them, each with the sizes it is checked at (1, 2, a prime, a size below one tile, and
for parameter lower bounds an empty range).

  1 prefetch: add_prefetch on two arrays, a second instruction reading the same tile
  2 phases: global barriers between phases, reductions inside phases, split onto groups
  3 csr: data-dependent domains {[jj]: rs<=jj<re}, row starts from test.inputs values
  4 ints: integer, bool and float16 arrays, reductions and comparisons, // and % of negatives
  5 guard: substitution rules and if(c, a, b) guarding out-of-range reads, splits and prefetch
  6 bounds: parameters in lower bounds, strides via exists/mod, empty ranges

usage: [SEED=21] gen_round3.py OUTDIR  (SEED=21 adds the second pass, extra(); writes OUTDIR/<class>_<kernel>_<nnn>.json and OUTDIR/sizes.json:
spec name -> list of "-D" argument lists; run_round3.sh runs them)
"""
import json
import os
import random
import sys

# The spec-building helpers are the second round's (its module seeds random at import: seed here after).
from gen_families import F32, arr, ch, split  # noqa: E402

random.seed(int(os.environ.get("SEED", "20")))


def n_sizes(tile, extra=None):
    """n = 1, 2, 37 and one below the tile"""
    below = max(1, tile - 1) if tile > 2 else 1
    s = [{"n": v} for v in sorted({1, 2, 37, below})]
    return [dict(d, **(extra or {})) for d in s]


OUT = []  # (class, kernel, spec-dict, sizes)


def add(cls, kn, domains, insns, args, transforms, sizes, params, inputs=None, temporaries=None,
        assumptions=None):
    spec = {"loom": 1, "name": kn, "domains": domains, "instructions": insns,
            "args": args + ["..."], "transforms": transforms, "test": {"parameters": params}}
    if inputs:
        spec["test"]["inputs"] = inputs
    if temporaries:
        spec["temporaries"] = temporaries
    if assumptions is not None:
        spec["assumptions"] = assumptions
    OUT.append((cls, kn, spec, sizes))


# ---- 1 prefetch with shared tiles ----------------------------------------------------------------
def prefetch():
    for _ in range(10):  # 1-d: a stencil and a product read the same tile of a
        L = ch(4, 8, 16)
        insns = ["o[i] = a[i-1] + 2*a[i] + a[i+1] {id=o}", "p[i] = a[i]*b[i] {id=p}"]
        tr = [split("i", L, "g.0", "l.0")]
        for v in ch(["a"], ["a", "b"], ["b", "a"]):
            pf = {"op": "add_prefetch", "var_name": v, "sweep_inames": ["i_inner"],
                  "fetch_outer_inames": ["i_outer"], "default_tag": ch("l.auto", "l.0")}
            if random.random() < 0.3:
                pf["fetch_bounding_box"] = True
            tr.append(pf)
        add("prefetch", "stencil_and_product", "{[i]: 1<=i<n-1}", insns,
            [arr("a, b, o, p", ["n"])], tr, [{"n": v} for v in (3, 4, 37, max(3, L - 1))], {"n": 45})
    for _ in range(14):  # matmul with a second output reading the a tile
        L = ch(4, 8)
        second = ch("d[i,j] = sum(k, a[i,k]*a[i,k]) {id=d}", "d[i,j] = sum(k, a[i,k]*b[k,j] + a[i,k]) {id=d}",
                    "d[i,j] = c[i,j]*2 + sum(k, b[k,j]) {id=d, dep=c}")
        insns = ["c[i,j] = sum(k, a[i,k]*b[k,j]) {id=c}", second]
        tr = [split("i", L, "g.0", "l.1"), split("j", L, "g.1", "l.0"), split("k", L, None, ch(None, None, "unr"))]
        outer = ["i_outer", "j_outer", "k_outer"]
        arrays = ch(["a", "b"], ["b", "a"], ["a"])
        for v in arrays:
            sw = ["i_inner", "k_inner"] if v == "a" else ["k_inner", "j_inner"]
            pf = {"op": "add_prefetch", "var_name": v, "sweep_inames": sw, "fetch_outer_inames": outer,
                  "default_tag": "l.auto"}
            if random.random() < 0.3:
                pf["temporary_name"] = v + "_tile"
            tr.append(pf)
        add("prefetch", "matmul_two_outputs", "{[i,j,k]: 0<=i,j,k<n}", insns,
            [arr("a, b, c, d", ["n", "n"])], tr, n_sizes(L), {"n": 23})
    for _ in range(6):  # 2-d stencil reading one tile from two instructions, ragged
        L = ch(4, 8)
        insns = ["o[i,j] = a[i-1,j] + a[i+1,j] + a[i,j-1] + a[i,j+1] - 4*a[i,j] {id=o}",
                 "q[i,j] = a[i,j]*a[i,j] {id=q}"]
        tr = [split("i", L, "g.1", "l.1"), split("j", L, "g.0", "l.0"),
              {"op": "add_prefetch", "var_name": "a", "sweep_inames": ["i_inner", "j_inner"],
               "fetch_outer_inames": ["i_outer", "j_outer"], "default_tag": ch("l.auto", "l.auto", None)}]
        add("prefetch", "stencil2d_two", "{[i,j]: 1<=i,j<n-1}", insns, [arr("a, o, q", ["n", "n"])], tr,
            [{"n": v} for v in (3, 4, 37, max(3, L - 1))], {"n": 21})


# ---- 2 multi-phase kernels with global barriers --------------------------------------------------
def phases():
    for _ in range(14):
        L = ch(4, 8, 16)
        kn = ch("rowsum_then_mirror", "colmean_then_center", "three_phase")
        if kn == "rowsum_then_mirror":
            doms = ["{[i,j]: 0<=i<n and 0<=j<m}", "{[i2]: 0<=i2<n}"]
            insns = ["t[i] = sum(j, a[i,j]) {id=p1}", "... gbarrier {id=gb, dep=p1}",
                     "o[i2] = t[i2] - t[n-1-i2] {id=p2, dep=gb}"]
            args = [arr("a", ["n", "m"]), arr("t, o", ["n"])]
            tr = [split("i", L, "g.0", ch("l.0", None)), split("i2", L, "g.0", ch("l.0", None))]
            if random.random() < 0.4:
                tr.append(split("j", ch(2, 4), None, ch("unr", None)))
            sizes = [{"n": n, "m": m} for n, m in ((1, 1), (2, 3), (37, 5), (max(1, L - 1), 2))]
            params = {"n": 29, "m": 7}
        elif kn == "colmean_then_center":
            doms = ["{[j,i]: 0<=j<m and 0<=i<n}", "{[i2,j2]: 0<=i2<n and 0<=j2<m}"]
            insns = ["mean[j] = sum(i, a[i,j]) / n {id=p1}", "... gbarrier {id=gb, dep=p1}",
                     "c[i2,j2] = a[i2,j2] - mean[j2] {id=p2, dep=gb}"]
            args = [arr("a, c", ["n", "m"]), arr("mean", ["m"])]
            tr = [split("j", L, "g.0", "l.0"), split("i2", ch(2, 4), "g.1", ch("l.1", None)),
                  split("j2", L, "g.0", "l.0")]
            sizes = [{"n": n, "m": m} for n, m in ((1, 1), (2, 2), (5, 37), (3, max(1, L - 1)))]
            params = {"n": 13, "m": 19}
        else:
            doms = ["{[i]: 0<=i<n}", "{[i2,k]: 0<=i2<n and 0<=k<n}", "{[i3]: 0<=i3<n}"]
            insns = ["t[i] = 2*a[i] {id=p1}", "... gbarrier {id=gb1, dep=p1}",
                     "s[i2] = sum(k, t[k]*t[(i2+k) % n]) {id=p2, dep=gb1}",
                     "... gbarrier {id=gb2, dep=p2}",
                     "o[i3] = s[i3] - s[n-1-i3] + t[i3] {id=p3, dep=gb2}"]
            args = [arr("a, t, s, o", ["n"])]
            tr = [split("i", L, "g.0", "l.0"), split("i2", L, "g.0", ch("l.0", None)),
                  split("i3", ch(L, 2), "g.0", "l.0")]
            if random.random() < 0.4:
                tr.append(split("k", 3, None, ch("unr", "ilp", None)))
            sizes = n_sizes(L)
            params = {"n": 31}
        add("phases", kn, doms, insns, args, tr, sizes, params)


# ---- 3 CSR rows ----------------------------------------------------------------------------------
def csr_inputs(n, rnd):
    rows = [rnd.choice((0, 0, 1, 2, 3, 5, 9)) for _ in range(n)]
    rs = [0]
    for r in rows:
        rs.append(rs[-1] + r)
    nnz = max(1, rs[-1])
    col = [rnd.randrange(n) for _ in range(nnz)]
    return rs, col, nnz


def csr():
    for _ in range(18):
        L = ch(4, 8, 16)
        kn = ch("spmv", "row_max", "row_count")
        insns = ["<int32> rs = rowstart[i] {id=rs}", "<int32> re = rowstart[i+1] {id=re}"]
        if kn == "spmv":
            insns.append("y[i] = sum(jj, vals[jj]*x[colidx[jj]]) {dep=rs:re}")
        elif kn == "row_max":
            insns.append("y[i] = max(jj, vals[jj]) {dep=rs:re}")  # empty rows: -inf, as loopy
        else:
            insns.append("y[i] = sum(jj, if(vals[jj] > 0, 1.0, 0.0)) + x[i] {dep=rs:re}")
        tr = [split("i", L, ch("g.0", None), ch("l.0", None))]
        r = random.random()
        if r < 0.3:
            tr.append(split("jj", ch(2, 3, 4), None, ch("unr", None, "ilp")))
        elif r < 0.5 and kn != "row_max":
            tr = [{"op": "tag_inames", "iname_to_tag": "i:g.0"}, split("jj", ch(4, 8), None, "l.0")]
        elif r < 0.6:
            tr = [{"op": "tag_inames", "iname_to_tag": "i:g.0, jj:l.0"}]
        args = [arr("rowstart", ["n+1"], "int32"), arr("colidx", ["nnz"], "int32"), arr("vals", ["nnz"]),
                arr("x, y", ["n"]), {"name": "n, nnz", "kind": "value", "dtype": "int32"}]
        seed = random.randrange(1 << 30)
        for n in (1, 2, 37, max(1, L - 1)):
            rnd = random.Random(seed + n)
            rs, col, nnz = csr_inputs(n, rnd)
            add("csr", f"{kn}", ["{[i]: 0<=i<n}", "{[jj]: rs<=jj<re}"], insns, args, tr, [{}],
                {"n": n, "nnz": nnz}, {"rowstart": {"values": rs}, "colidx": {"values": col}})


# ---- 4 integer, bool, float16 ------------------------------------------------------------------
def ints():
    for _ in range(24):
        L = ch(4, 8, 16)
        kn = ch("floordiv_mod", "int_rowsum", "int_rowmax", "bool_compare", "count_positive",
                "half_rowsum", "int8_wrap")
        neg = {"a": {"arange": [-41, 3]}, "b": {"arange": [-9, 2]}}
        tr = [split("i", L, ch("g.0", None), ch("l.0", None, "unr"))]
        inputs = None
        dom = "{[i,j]: 0<=i<n and 0<=j<m}"
        sizes = [{"n": n, "m": m} for n, m in ((1, 1), (2, 3), (37, 5), (max(1, L - 1), 2))]
        params = {"n": 19, "m": 9}
        if kn == "floordiv_mod":
            dom = "{[i]: 0<=i<n}"
            insns = ["q[i] = a[i] // b[i]", "r[i] = a[i] % b[i]", "s[i] = (a[i] - 7) // 4 + (a[i] % 5)"]
            dt = ch("int32", "int64", "int16")
            args = [arr("a, b, q, r, s", ["n"], dt)]
            inputs = neg
            sizes = n_sizes(L)
            params = {"n": 29}
        elif kn == "int_rowsum":
            insns = ["o[i] = sum(j, a[i,j]*a[i,j] - 3*a[i,j])"]
            args = [arr("a", ["n", "m"], ch("int32", "int64")), arr("o", ["n"], "int64")]
            inputs = {"a": {"arange": [-40, 7]}}
        elif kn == "int_rowmax":
            insns = ["o[i] = max(j, a[i,j])", "p[i] = min(j, a[i,j] % 7)"]
            args = [arr("a, o, p", None, ch("int32", "int16", "uint8"))]
            args[0]["shape"] = ["n", "m"]
            args = [arr("a", ["n", "m"], args[0]["dtype"]), arr("o, p", ["n"], args[0]["dtype"])]
        elif kn == "bool_compare":
            dom = "{[i]: 0<=i<n}"
            insns = ["o[i] = a[i] > b[i]", "p[i] = if(o[i], a[i], b[i]) {dep=*}"]
            insns = ["o[i] = a[i] >= b[i] and not (a[i] == 3) {id=o}", "p[i] = if(a[i] < b[i], a[i], b[i])"]
            args = [arr("a, b", ["n"], "int32"), arr("o", ["n"], "bool"), arr("p", ["n"], "int32")]
            inputs = neg
            sizes = n_sizes(L)
            params = {"n": 29}
        elif kn == "count_positive":
            insns = ["c[i] = sum(j, if(a[i,j] > 0.0, 1, 0))", "f[i] = sum(j, if(m1[i,j], 1, 0))"]
            args = [arr("a", ["n", "m"]), arr("m1", ["n", "m"], "bool"), arr("c, f", ["n"], "int32")]
        elif kn == "half_rowsum":
            insns = ["o[i] = sum(j, h[i,j]*h[i,j])", "p[i] = h[i,0] > h[i,m-1]"]
            args = [arr("h", ["n", "m"], "float16"), arr("o", ["n"], "float16"), arr("p", ["n"], "bool")]
        else:
            dom = "{[i]: 0<=i<n}"
            insns = ["o[i] = a[i] * 3 - b[i]", "q[i] = -a[i] // 3"]
            args = [arr("a, b, o, q", ["n"], "int8")]
            inputs = neg
            sizes = n_sizes(L)
            params = {"n": 29}
        if "j" in dom and random.random() < 0.5:
            tr.append(split("j", ch(2, 4), None, ch("unr", "ilp", None)))
        add("ints", kn, dom, insns, args, tr, sizes, params, inputs)


# ---- 5 substitution rules and if() guards ------------------------------------------------------
def guard():
    for _ in range(20):
        L = ch(4, 8, 16)
        kn = ch("guarded_stencil", "guarded_shift", "clamped_gather", "guarded_2d")
        sizes = n_sizes(L)
        params = {"n": 35}
        if kn == "guarded_stencil":
            dom = "{[i]: 0<=i<n}"
            insns = ["f(ii) := if(ii >= 0 and ii < n, a[ii], 0)", "o[i] = f(i-1) + 2*f(i) + f(i+1)"]
            args = [arr("a, o", ["n"])]
            rule, sw = "f", ["i_inner"]
        elif kn == "guarded_shift":
            dom = "{[i]: 0<=i<n}"
            insns = ["g(ii) := if(ii < n, a[ii]*a[ii], -1.0)", "o[i] = g(i+3) - g(i)",
                     "p[i] = g(i+1)"]
            args = [arr("a, o, p", ["n"])]
            rule, sw = "g", ["i_inner"]
        elif kn == "clamped_gather":
            dom = "{[i]: 0<=i<n}"
            insns = ["h(ii) := if(idx[ii] >= 0 and idx[ii] < n, x[idx[ii]], 0)", "o[i] = h(i) + x[i]"]
            args = [arr("x, o", ["n"]), arr("idx", ["n"], "int32")]
            rule, sw = "h", ["i_inner"]
        else:
            dom = "{[i,j]: 0<=i,j<n}"
            insns = ["f(ii,jj) := if(ii >= 0 and jj >= 0 and ii < n and jj < n, a[ii,jj], 0)",
                     "o[i,j] = f(i-1,j) + f(i+1,j) + f(i,j-1) + f(i,j+1) - 4*f(i,j)"]
            args = [arr("a, o", ["n", "n"])]
            rule, sw = "f", ["i_inner", "j_inner"]
            params = {"n": 17}
        inputs = {"idx": {"arange": [-5, 3]}} if kn == "clamped_gather" else None
        tr = [split("i", L, "g.0", "l.0")] if "j" not in dom else [
            split("i", L, "g.1", "l.1"), split("j", L, "g.0", "l.0")]
        if random.random() < 0.3 and "j" not in dom:
            tr = [split("i", L, None, ch("unr", None))]
        r = random.random()
        if r < 0.4:
            pc = {"op": "precompute", "subst_use": rule, "sweep_inames": sw,
                  "default_tag": ch("l.auto", None)}
            if random.random() < 0.5:
                pc["temporary_address_space"] = ch("local", "private")
            if tr[0].get("outer_tag"):
                pc["precompute_outer_inames"] = [s.replace("_inner", "_outer") for s in sw]
            tr.append(pc)
        elif r < 0.7 and kn != "clamped_gather":
            v = "a"
            tr.append({"op": "expand_subst"})
            pf = {"op": "add_prefetch", "var_name": v, "sweep_inames": sw, "default_tag": ch("l.auto", None)}
            if tr[0].get("outer_tag"):
                pf["fetch_outer_inames"] = [s.replace("_inner", "_outer") for s in sw]
            tr.append(pf)
        add("guard", kn, dom, insns, args, tr, sizes, params, inputs)


# ---- 6 parameters in lower bounds, strides, empty ranges ----------------------------------------
def bounds():
    pairs = [{"m": 0, "n": 1}, {"m": 2, "n": 3}, {"m": 3, "n": 37}, {"m": 5, "n": 3}, {"m": 7, "n": 7},
             {"m": 1, "n": 6}]
    for _ in range(22):
        L = ch(3, 4, 8)
        kn = ch("lower_bound", "strided_exists", "strided_mod", "empty_sum", "lower_bound_2d")
        params = {"m": 4, "n": 31}
        if kn == "lower_bound":
            dom = "{[i]: m<=i<n}"
            insns = ["o[i] = 2*a[i] + a[i-m]"]
            args = [arr("a, o", ["n"])]
        elif kn == "strided_exists":
            dom = "{[i]: m<=i<n and exists k: i = 3k}"
            insns = ["o[i] = a[i] + 1"]
            args = [arr("a, o", ["n"])]
        elif kn == "strided_mod":
            dom = "{[i]: m<=i<n and (i - m) mod 2 = 0}"
            insns = ["o[i] = a[i]*a[i]", "p[i] = o[i] + 1 {dep=*}"]
            insns = ["o[i] = a[i]*a[i] {id=o}", "p[i] = a[i] + 1 {id=p}"]
            args = [arr("a, o, p", ["n"])]
        elif kn == "empty_sum":
            dom = "{[i,j]: 0<=i<p and m<=j<n}"
            insns = ["o[i] = sum(j, a[i,j]) + 1"]
            args = [arr("a", ["p", "n"]), arr("o", ["p"])]
            params = {"m": 4, "n": 31, "p": 9}
        else:
            dom = "{[i,j]: m<=i<n and m<=j<=i}"
            insns = ["o[i,j] = a[i,j] - a[j,i]"]
            args = [arr("a, o", ["n", "n"])]
            params = {"m": 2, "n": 17}
        it = "j" if kn == "empty_sum" else "i"
        tr = [split(it, L, ch("g.0", None), ch("l.0", None, "unr"))]
        r = random.random()
        if r < 0.3:
            tr[0]["slabs"] = [0, 1]
        elif r < 0.5 and kn != "empty_sum":
            tr.append({"op": "add_prefetch", "var_name": "a", "sweep_inames": [it + "_inner"],
                       "fetch_outer_inames": [it + "_outer"], "default_tag": "l.auto"})
        if kn == "empty_sum" and random.random() < 0.5:
            tr = [split("i", L, "g.0", "l.0"), split("j", 3, None, ch("unr", None))]
        sizes = [dict(p, **({"p": 3} if kn == "empty_sum" else {})) for p in pairs]
        # without m >= 0 a negative m reads a[-1]: loom refuses it (rightly) at the split
        add("bounds", kn, dom, insns, args, tr, sizes, params, assumptions="m >= 0")


# ---- second pass (SEED=21): the shapes the first pass found wrong, and parallel reductions -------
def extra():
    pairs = [{"m": 0, "n": 1, "p": 9}, {"m": 5, "n": 3, "p": 9}, {"m": 7, "n": 7, "p": 2},
             {"m": 1, "n": 37, "p": 37}, {"m": 2, "n": 4, "p": 1}]
    for _ in range(12):  # an empty range beside a phase that has values, on one or two axes
        L = ch(4, 8)
        two_axes = random.random() < 0.4
        doms = ["{[i,j]: 0<=i<p and m<=j<n}", "{[i2]: 0<=i2<p}"]
        insns = ["o[i] = sum(j, a[i,j]) + 1 {id=o}", "q[i2] = 2*a[i2,0] {id=q}"]
        if random.random() < 0.5:
            insns = ["o[i] = sum(j, a[i,j]) + 1 {id=o}", "... gbarrier {id=gb, dep=o}",
                     "q[i2] = 2*a[i2,0] + o[p-1-i2] {id=q, dep=gb}"]
        tr = [split("i", L, "g.0", ch("l.0", None)),
              split("i2", L, "g.1" if two_axes else "g.0", ch("l.0", None))]
        if random.random() < 0.3:
            tr = [{"op": "tag_inames", "iname_to_tag": "i:l.0, i2:l.0"}]
            doms = ["{[i,j]: 0<=i<16 and m<=j<n}", "{[i2]: 0<=i2<16}"]
        add("bounds2", "empty_beside_phase", doms, insns,
            [arr("a", ["p", "n"]), arr("o, q", ["p"])], tr,
            [d if tr[0]["op"] != "tag_inames" else dict(d, p=16) for d in pairs],
            {"m": 2, "n": 9, "p": 16 if tr[0]["op"] == "tag_inames" else 13}, assumptions="m >= 0 and n >= 1")
    for _ in range(10):  # parallel reduction inside a phase, then a global barrier
        L = ch(4, 8, 16)
        doms = ["{[i,j]: 0<=i<n and 0<=j<m}", "{[i2]: 0<=i2<n}"]
        insns = ["t[i] = sum(j, a[i,j]*a[i,j]) {id=p1}", "... gbarrier {id=gb, dep=p1}",
                 "o[i2] = t[i2] + t[(i2+1) % n] {id=p2, dep=gb}"]
        tr = [{"op": "tag_inames", "iname_to_tag": "i:g.0"}, split("j", L, None, "l.0"),
              split("i2", L, "g.0", "l.0")]
        if random.random() < 0.5:
            tr.append(ch({"op": "split_reduction_outward", "inames": "j_inner"},
                         {"op": "split_reduction_inward", "inames": "j_outer"}))
        add("phases2", "parallel_rowsum_then_shift", doms, insns, [arr("a", ["n", "m"]), arr("t, o", ["n"])],
            tr, [{"n": n, "m": m} for n, m in ((1, 1), (2, 3), (37, 37), (3, max(1, L - 1)))],
            {"n": 11, "m": 29})
    for _ in range(8):  # integer argmax and floor division by negative divisors in a reduction
        L = ch(4, 8)
        kn = ch("int_argmax", "floordiv_sum")
        if kn == "int_argmax":
            insns = ["mx[i], ix[i] = argmax(j, a[i,j], j)"]
            args = [arr("a, mx", None, "int32"), arr("ix", ["n"], "int32")]
            args = [arr("a", ["n", "m"], "int32"), arr("mx, ix", ["n"], "int32")]
        else:
            insns = ["o[i] = sum(j, a[i,j] // b[j] + a[i,j] % b[j])"]
            args = [arr("a", ["n", "m"], "int32"), arr("b", ["m"], "int32"), arr("o", ["n"], "int32")]
        tr = [split("i", L, "g.0", "l.0")]
        if random.random() < 0.5:
            tr.append(split("j", 3, None, ch("unr", "ilp")))
        add("ints2", kn, "{[i,j]: 0<=i<n and 0<=j<m}", insns, args, tr,
            [{"n": n, "m": m} for n, m in ((1, 1), (2, 3), (37, 5), (max(1, L - 1), 2))], {"n": 19, "m": 9},
            {"a": {"arange": [-60, 7]}, "b": {"arange": [-9, 2]}})


def main():
    outdir = sys.argv[1]
    os.makedirs(outdir, exist_ok=True)
    for f in (prefetch, phases, csr, ints, guard, bounds):
        f()
    if os.environ.get("SEED") == "21":
        extra()
    seen, sizes = set(), {}
    n = 0
    for cls, kn, spec, sz in OUT:
        key = json.dumps(spec, sort_keys=True)
        if key in seen:
            continue
        seen.add(key)
        name = f"{cls}_{kn}_{n:03d}"
        with open(os.path.join(outdir, name + ".json"), "w") as f:
            json.dump(spec, f)
        sizes[name] = [[f"{k}={v}" for k, v in d.items()] for d in sz]
        n += 1
    with open(os.path.join(outdir, "sizes.json"), "w") as f:
        json.dump(sizes, f)
    print(n)


if __name__ == "__main__":
    main()
