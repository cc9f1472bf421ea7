#!/usr/bin/env python3
"""Generate small loom specs that apply the transform families users reach for after the basic
splits (precompute, buffer_array, substitution rules, join/chunk/duplicate/rename inames, array
axis layouts, privatization, parameters, dependencies/barriers, reductions) to kernels written as a
loopy user writes them, at sizes that are multiples of nothing. Each spec is run through loopy
(loopy_families.py) and loom (compare.sh); see docs/decisions.md, "Differential comparison with
loopy: ... (wt-diff10)".

usage: gen_families.py OUTDIR   (writes OUTDIR/<family>_<kernel>_<nnn>.json, prints the count)
"""
import json
import os
import random
import sys

F32 = "float32"
random.seed(int(os.environ.get("SEED", "10")))


def arr(names, shape, dtype=F32):
    return {"name": names, "dtype": dtype, "shape": shape}


# name -> (domains, instructions, args, parameters)
K = {
    "matvec": ("{[i,k]: 0<=i<n and 0<=k<m}", ["y[i] = sum(k, a[i,k]*x[k])"],
               [arr("a", ["n", "m"]), arr("x", ["m"]), arr("y", ["n"])], {"n": 37, "m": 29}),
    "matvec_sub": ("{[i,k]: 0<=i<n and 0<=k<m}", ["xx(kk) := x[kk]", "y[i] = sum(k, a[i,k]*xx(k))"],
                   [arr("a", ["n", "m"]), arr("x", ["m"]), arr("y", ["n"])], {"n": 37, "m": 29}),
    "matvec_acc": ("{[i,k]: 0<=i<n and 0<=k<m}", ["y[i] = y[i] + a[i,k]*x[k]"],
                   [arr("a", ["n", "m"]), arr("x", ["m"]), arr("y", ["n"])], {"n": 37, "m": 29}),
    "matmul": ("{[i,j,k]: 0<=i<n and 0<=j<n and 0<=k<n}", ["c[i,j] = sum(k, a[i,k]*b[k,j])"],
               [arr("a, b, c", ["n", "n"])], {"n": 23}),
    "matmul_sub": ("{[i,j,k]: 0<=i<n and 0<=j<n and 0<=k<n}",
                   ["ab(ii,kk) := a[ii,kk]", "bb(kk,jj) := b[kk,jj]",
                    "c[i,j] = sum(k, ab(i,k)*bb(k,j))"],
                   [arr("a, b, c", ["n", "n"])], {"n": 23}),
    "matmul_acc": ("{[i,j,k]: 0<=i<n and 0<=j<n and 0<=k<n}", ["c[i,j] = c[i,j] + a[i,k]*b[k,j]"],
                   [arr("a, b, c", ["n", "n"])], {"n": 19}),
    "stencil1d": ("{[i]: 1<=i<n-1}", ["f(ii) := a[ii]", "o[i] = f(i-1) + 2*f(i) + f(i+1)"],
                  [arr("a, o", ["n"])], {"n": 45}),
    "stencil1d_plain": ("{[i]: 1<=i<n-1}", ["o[i] = a[i-1] + 2*a[i] + a[i+1]"],
                        [arr("a, o", ["n"])], {"n": 45}),
    "stencil2d": ("{[i,j]: 1<=i<n-1 and 1<=j<n-1}",
                  ["f(ii,jj) := a[ii,jj]",
                   "o[i,j] = f(i-1,j) + f(i+1,j) + f(i,j-1) + f(i,j+1) - 4*f(i,j)"],
                  [arr("a, o", ["n", "n"])], {"n": 21}),
    "stencil2d_plain": ("{[i,j]: 1<=i<n-1 and 1<=j<n-1}",
                        ["o[i,j] = a[i-1,j] + a[i+1,j] + a[i,j-1] + a[i,j+1] - 4*a[i,j]"],
                        [arr("a, o", ["n", "n"])], {"n": 21}),
    "compute_sub": ("{[i]: 0<=i<n}", ["g(ii) := 2*a[ii]*a[ii] + 1", "o[i] = g(i) + g(i+1)"],
                    [arr("a", ["n+1"]), arr("o", ["n"])], {"n": 33}),
    "transpose": ("{[i,j]: 0<=i<n and 0<=j<m}", ["o[j,i] = a[i,j]"],
                  [arr("a", ["n", "m"]), arr("o", ["m", "n"])], {"n": 19, "m": 33}),
    "trisum": ("{[i,j]: 0<=i<n and 0<=j<=i}", ["s[i] = sum(j, a[i,j])"],
               [arr("a", ["n", "n"]), arr("s", ["n"])], {"n": 27}),
    "rowmax": ("{[i,j]: 0<=i<n and 0<=j<m}", ["mx[i] = max(j, a[i,j])"],
               [arr("a", ["n", "m"]), arr("mx", ["n"])], {"n": 9, "m": 70}),
    "argmax": ("{[i,j]: 0<=i<n and 0<=j<m}", ["mx[i], ix[i] = argmax(j, a[i,j], j)"],
               [arr("a", ["n", "m"]), arr("mx", ["n"]), arr("ix", ["n"], "int32")],
               {"n": 9, "m": 70}),
    "twostep": ("{[i,j]: 0<=i<n and 0<=j<m}", ["<> t = 2*a[i,j] {id=t}", "o[i,j] = t*t + 1 {id=o, dep=t}"],
                [arr("a, o", ["n", "m"])], {"n": 13, "m": 21}),
    "scalar_acc": ("{[i,j]: 0<=i<n and 0<=j<m}",
                   ["<> s = 0 {id=s0, inames=i}", "s = s + a[i,j] {id=s1, dep=s0}",
                    "o[i] = s {id=o, dep=s1}"],
                   [arr("a", ["n", "m"]), arr("o", ["n"])], {"n": 11, "m": 17}),
    "twophase": ("{[i,i2]: 0<=i,i2<n}",
                 ["t[i] = 2*a[i] {id=w}", "o[i2] = t[i2] + t[n-1-i2] {id=r, dep=w}"],
                 [arr("a, o", ["n"]), arr("t", ["n"])], {"n": 35}),
    "twophase_shift": ("{[i,i2]: 0<=i<n and 0<=i2<n-1}",
                       ["t[i] = 2*a[i] {id=w}", "o[i2] = t[i2+1] - t[i2] {id=r, dep=w}"],
                       [arr("a, t", ["n"]), arr("o", ["n-1"])], {"n": 35}),
    "arraytemp": ("{[i]: 0<=i<n}", ["<> t[i] = a[i]*a[i] {id=w}", "o[i] = t[i] + 1 {id=r, dep=w}"],
                  [arr("a, o", ["n"])], {"n": 29}),
    "tworeds": ("{[i,j]: 0<=i<n and 0<=j<m}", ["o[i] = sum(j, a[i,j]) + sum(j, b[i,j]*b[i,j])"],
                [arr("a, b", ["n", "m"]), arr("o", ["n"])], {"n": 13, "m": 22}),
    "sum2": ("{[i,j,k]: 0<=i<n and 0<=j<m and 0<=k<l}", ["o[i] = sum([j,k], a[i,j,k])"],
             [arr("a", ["n", "m", "l"]), arr("o", ["n"])], {"n": 7, "m": 11, "l": 13}),
    "max2": ("{[i,j,k]: 0<=i<n and 0<=j<m and 0<=k<l}", ["o[i] = max([j,k], a[i,j,k])"],
             [arr("a", ["n", "m", "l"]), arr("o", ["n"])], {"n": 7, "m": 11, "l": 13}),
    "nested_sum": ("{[i,j,k]: 0<=i<n and 0<=j<m and 0<=k<l}", ["o[i] = sum(j, sum(k, a[i,j,k]*x[k]))"],
                   [arr("a", ["n", "m", "l"]), arr("x", ["l"]), arr("o", ["n"])], {"n": 7, "m": 11, "l": 13}),
    "unused": ("{[i,j]: 0<=i<n and 0<=j<3}", ["o[i] = 3*a[i]"],
               [arr("a, o", ["n"])], {"n": 31}),
}

L_ = [2, 3, 4, 8, 16]


def split(iname, L, outer=None, inner=None, **kw):
    t = {"op": "split_iname", "iname": iname, "inner_length": L}
    if outer:
        t["outer_tag"] = outer
    if inner:
        t["inner_tag"] = inner
    t.update(kw)
    return t


def ch(*xs):
    return random.choice(xs)


def gpu_or_not():
    """a (outer, inner) tag pair for a split: gpu-mapped, sequential, or unrolled inside."""
    return ch(("g.0", "l.0"), (None, None), (None, "unr"), ("g.0", None), (None, "ilp"))


def maybe(d, key, *vals):
    v = random.choice(vals + ("<omit>",))
    if v != "<omit>":
        d[key] = v


def init_store(b):
    """the (init_expression, store_expression) pairs that keep the kernel's meaning"""
    pair = ch(None, ("base", "buffer"), ("0", "base + buffer"), ("base", None))
    if pair:
        b["init_expression"] = pair[0]
        if pair[1]:
            b["store_expression"] = pair[1]


def fix_all(kn):
    return {"op": "fix_parameters", **K[kn][3]}


def recipes():
    out = []  # (family, kernel, transforms)
    # ---- precompute --------------------------------------------------------------------------
    for _ in range(14):
        L = ch(5, 8, 16)
        o, inn = ch(("g.0", "l.0"), (None, None), (None, "unr"))
        pc = {"op": "precompute", "subst_use": "f", "sweep_inames": "i_inner"}
        maybe(pc, "temporary_address_space", "local", "private")
        maybe(pc, "default_tag", "l.auto", None, "unr")
        maybe(pc, "fetch_bounding_box", True, False)
        maybe(pc, "precompute_inames", "ff")
        maybe(pc, "precompute_outer_inames", ["i_outer"])
        maybe(pc, "temporary_name", "a_tile")
        out.append(("precompute", "stencil1d", [split("i", L, o, inn), pc]))
    for _ in range(10):
        L = ch(4, 8)
        gi, gl = ch(("g.0", "l.0"), (None, None))
        pc = {"op": "precompute", "subst_use": "f", "sweep_inames": ["i_inner", "j_inner"],
              "default_tag": ch("l.auto", None)}
        maybe(pc, "temporary_address_space", "local", "private")
        maybe(pc, "fetch_bounding_box", True)
        maybe(pc, "precompute_inames", "fi, fj")
        out.append(("precompute", "stencil2d",
                    [split("i", L, gi and "g.1", gl and "l.1"), split("j", L, gi, gl), pc]))
    for _ in range(14):
        L = ch(4, 8)
        gpu = random.random() < 0.6
        tr = [split("i", L, "g.0" if gpu else None, "l.1" if gpu else None),
              split("j", L, "g.1" if gpu else None, "l.0" if gpu else None),
              split("k", L, None, ch(None, None, "unr"))]
        for rule, sw in (("ab", ["i_inner", "k_inner"]), ("bb", ["k_inner", "j_inner"])):
            if random.random() < 0.8:
                pc = {"op": "precompute", "subst_use": rule, "sweep_inames": sw,
                      "default_tag": ch("l.auto", None) if gpu else None}
                maybe(pc, "temporary_address_space", "local" if gpu else "private")
                if gpu or random.random() < 0.3:
                    pc["precompute_outer_inames"] = ["i_outer", "j_outer", "k_outer"]
                maybe(pc, "fetch_bounding_box", True)
                tr.append(pc)
        out.append(("precompute", "matmul_sub", tr))
    for _ in range(8):
        L = ch(4, 7, 8)
        o, inn = gpu_or_not()
        pc = {"op": "precompute", "subst_use": "g", "sweep_inames": ch("i_inner", [])}
        maybe(pc, "temporary_address_space", "private", "local")
        maybe(pc, "default_tag", None, "unr", "l.auto")
        maybe(pc, "storage_axis_to_tag", {"g_dim_0": "unr"})
        out.append(("precompute", "compute_sub", [split("i", L, o, inn), pc]))
    for _ in range(8):
        gpu = random.random() < 0.5
        tr = [split("i", ch(4, 8), "g.0" if gpu else None, "l.0" if gpu else None),
              split("k", ch(4, 8, 16))]
        pc = {"op": "precompute", "subst_use": "xx", "sweep_inames": ch(["k_inner"], ["k_inner", "i_inner"]),
              "default_tag": ch("l.auto", None)}
        maybe(pc, "temporary_address_space", "local", "private")
        maybe(pc, "precompute_outer_inames", ["i_outer", "k_outer"])
        tr.append(pc)
        out.append(("precompute", "matvec_sub", tr))
    # ---- buffer_array ------------------------------------------------------------------------
    for _ in range(10):
        L = ch(3, 4, 8)
        gpu = random.random() < 0.5
        it = ch(None, "unr", "ilp") if not gpu else "l.0"
        tr = [split("i", L, "g.0" if gpu else None, it), split("k", ch(4, 8))]
        b = {"op": "buffer_array", "var_name": "y", "buffer_inames": ch("i_inner", ["i_inner"]),
             "default_tag": ch("l.auto", None, "unr")}
        init_store(b)
        tr.append(b)
        out.append(("buffer_array", "matvec_acc", tr))
    for _ in range(8):
        L = ch(4, 8)
        gpu = random.random() < 0.5
        tr = [split("i", L, "g.0" if gpu else None, "l.1" if gpu else None),
              split("j", L, "g.1" if gpu else None, "l.0" if gpu else ch(None, "unr"))]
        b = {"op": "buffer_array", "var_name": "c", "buffer_inames": "i_inner, j_inner",
             "default_tag": ch("l.auto", None)}
        init_store(b)
        tr.append(b)
        out.append(("buffer_array", "matmul_acc", tr))
    for _ in range(6):
        L = ch(4, 8)
        tr = [split("i", L, "g.0", "l.1"), split("j", L, "g.1", "l.0")]
        b = {"op": "buffer_array", "var_name": "o", "buffer_inames": "i_inner, j_inner",
             "default_tag": ch("l.auto", None)}
        tr.append(b)
        out.append(("buffer_array", "transpose", tr))
    # ---- substitution rules ------------------------------------------------------------------
    for _ in range(6):
        tr = [{"op": "extract_subst", "subst_name": "ab", "template": "a[ii,kk]",
               "parameters": "ii, kk"}]
        if random.random() < 0.5:
            tr += [split("i", 4, "g.0", "l.0"), split("k", ch(4, 5)),
                   {"op": "precompute", "subst_use": "ab", "sweep_inames": ["i_inner", "k_inner"],
                    "default_tag": "l.auto", "temporary_address_space": "local"}]
        else:
            tr += [{"op": "expand_subst"}, split("i", ch(3, 4), None, ch("unr", "ilp", None))]
        out.append(("subst", ch("matmul", "matvec"), tr))
    for _ in range(8):
        tr = [{"op": "assignment_to_subst", "lhs_name": "t"}]
        kn = ch("twostep", "arraytemp")
        tr.append(ch(split("i", ch(4, 8), "g.0", "l.0"), split("i", 3, None, "unr"),
                     {"op": "tag_inames", "iname_to_tag": "i:g.0"}))
        if kn == "twostep" and random.random() < 0.5:
            tr.append(split("j", ch(4, 8), ch("g.1", None), ch("l.0", "unr", "ilp")))
        if random.random() < 0.4:
            tr.append({"op": "expand_subst"})
        out.append(("subst", kn, tr))
    for _ in range(4):
        tr = [{"op": "expand_subst"}, split("i", ch(5, 8, 16), ch("g.0", None), ch("l.0", "unr"))]
        out.append(("subst", ch("stencil1d", "compute_sub"), tr))
    # ---- join / chunk / duplicate / rename ---------------------------------------------------
    for _ in range(6):
        tr = [fix_all("transpose"), split("i", ch(3, 4)), split("j", ch(4, 8))]
        tr.append({"op": "join_inames", "inames": ch(["i_outer", "j_outer"], ["j_outer", "i_outer"]),
                   "new_iname": "ij", "tag": ch("g.0", None)})
        out.append(("join_inames", "transpose", tr))
    for _ in range(4):
        kn = ch("transpose", "twostep", "stencil2d_plain")
        tr = [fix_all(kn), {"op": "join_inames", "inames": ch(["i", "j"], ["j", "i"]), "tag": ch(None, "g.0")}]
        out.append(("join_inames", kn, tr))
    for _ in range(10):
        kn = ch("matvec", "stencil1d_plain", "trisum", "transpose", "rowmax")
        tr = []
        if random.random() < 0.5:
            tr.append({"op": "fix_parameters", "n": K[kn][3]["n"]})
        c = {"op": "chunk_iname", "iname": "i", "num_chunks": ch(3, 4, 5)}
        maybe(c, "outer_tag", "g.0")
        maybe(c, "inner_tag", "unr", "l.0")
        tr.append(c)
        out.append(("chunk_iname", kn, tr))
    for _ in range(8):
        kn = ch("twostep", "scalar_acc", "twophase", "arraytemp")
        iname = {"twostep": "j", "scalar_acc": "i", "twophase": "i", "arraytemp": "i"}[kn]
        d = {"op": "duplicate_inames", "inames": iname,
             "within": {"twostep": "id:o", "scalar_acc": ch("id:o", "id:s1"), "twophase": "id:r",
                        "arraytemp": "id:r"}[kn]}
        maybe(d, "tags", {iname: "unr"})
        maybe(d, "suffix", "_d")
        out.append(("duplicate_inames", kn, [d]))
    for _ in range(8):
        kn = ch("twophase", "twophase_shift", "matvec")
        if kn == "matvec":
            tr = [{"op": "rename_iname", "old_iname": "k", "new_iname": "kk"}, split("kk", 4, None, "unr")]
        else:
            tr = [{"op": "rename_iname", "old_iname": "i2", "new_iname": "i", "existing_ok": True}]
            if random.random() < 0.5:
                tr.append(split("i", ch(4, 8), "g.0", "l.0"))
        out.append(("rename_iname", kn, tr))
    # ---- array layouts -----------------------------------------------------------------------
    for _ in range(10):
        kn = ch("matvec", "transpose", "stencil1d_plain")
        if kn == "stencil1d_plain":
            tr = [split("i", 4, None, ch("unr", None)),
                  {"op": "split_array_axis", "array_names": "o", "axis_nr": 0, "count": ch(4, 5)}]
        elif kn == "matvec":
            tr = [ch({"op": "tag_array_axes", "ary_names": "a", "dim_tags": ch("f,f", "c,c", "N0,N1", "N1,N0")},
                     {"op": "split_array_axis", "array_names": "a", "axis_nr": 1, "count": ch(4, 3)}),
                  split("k", 4, None, ch(None, "unr"))]
        else:
            tr = [{"op": "tag_array_axes", "ary_names": ch("a", "o"), "dim_tags": ch("f,f", "N0,N1")},
                  split("i", 4, "g.0", "l.0")]
        out.append(("array_axes", kn, tr))
    # ---- privatization -----------------------------------------------------------------------
    for _ in range(6):
        kn = ch("scalar_acc", "twostep")
        iname = ch("i", "j") if kn == "twostep" else "i"
        tr = [split(iname, ch(3, 4), None, ch("ilp", "unr", None))]
        p = {"op": "privatize_temporaries_with_inames", "privatizing_inames": [iname + "_inner"]}
        maybe(p, "only_var_names", ["s" if kn == "scalar_acc" else "t"])
        tr.append(p)
        out.append(("privatize", kn, tr))
    # ---- parameters --------------------------------------------------------------------------
    for _ in range(6):
        kn = ch("matvec", "stencil2d_plain", "trisum")
        tr = [ch({"op": "fix_parameters", "n": K[kn][3]["n"]},
                 {"op": "assume", "assumptions": "n >= 3"}),
              split("i", ch(4, 8), "g.0", ch("l.0", None))]
        out.append(("parameters", kn, tr))
    for _ in range(3):
        out.append(("remove_unused", "unused",
                    [{"op": "remove_unused_inames", "inames": ch(None, ["j"], "j")}, split("i", 4, "g.0", "l.0")]))
    # ---- dependencies and barriers -----------------------------------------------------------
    for _ in range(8):
        kn = ch("twophase", "twophase_shift")
        tr = []
        if random.random() < 0.6:
            tr += [split("i", ch(4, 8), "g.0", "l.0"), split("i2", ch(4, 8), "g.0", "l.0")]
        elif random.random() < 0.5:
            tr += [split("i", 8, None, "l.0"), split("i2", 8, None, "l.0")]
        tr.append(ch({"op": "add_barrier", "insn_before": "id:w", "insn_after": "id:r"},
                     {"op": "add_barrier", "insn_before": "id:w", "insn_after": "id:r",
                      "synchronization_kind": "local"},
                     {"op": "add_dependency", "insn_match": "id:r", "depends_on": "id:w"}))
        out.append(("barrier", kn, tr))
    # ---- reductions --------------------------------------------------------------------------
    for _ in range(4):
        tr = [{"op": "make_reduction_inames_unique"}]
        tr.append(ch(split("j", 4, None, "unr"), split("j_0", 4, None, "unr"), split("i", 4, "g.0", "l.0")))
        out.append(("reduction", "tworeds", tr))
    for _ in range(6):
        kn = ch("matvec", "rowmax", "argmax", "trisum")
        red = {"matvec": "k", "rowmax": "j", "argmax": "j", "trisum": "j"}[kn]
        tr = ch([{"op": "realize_reduction"}, split("i", 4, "g.0", ch("l.0", None))],
                [split(red, 4, None, ch("unr", "ilp")), {"op": "realize_reduction"}],
                [split("i", 4, "g.0", None), {"op": "realize_reduction"}, split(red, 5, None, "unr")])
        out.append(("reduction", kn, tr))
    for _ in range(10):
        kn = ch("sum2", "max2")
        tr = [{"op": ch("split_reduction_inward", "split_reduction_outward"), "inames": ch("j", "k")}]
        tr.append(ch(split("j", 4, None, "unr"), split("k", 4, None, "ilp"), split("i", 4, "g.0", "l.0"),
                     split("k", 4, None, "l.0")))
        out.append(("split_reduction", kn, tr))
    for _ in range(5):
        tr = [ch(split("k", 4, None, ch("unr", "ilp")), split("j", 4, None, "unr"), split("i", 2, "g.0", "l.0"))]
        out.append(("split_reduction", "nested_sum", tr))
    # ---- reductions across work-items (l.N on the reduction iname) ---------------------------
    for _ in range(12):
        kn = ch("matvec", "rowmax", "argmax", "trisum", "tworeds", "sum2")
        red = {"matvec": "k", "rowmax": "j", "argmax": "j", "trisum": "j", "tworeds": "j", "sum2": "k"}[kn]
        tr = []
        if kn == "tworeds":
            tr.append({"op": "make_reduction_inames_unique"})
        if kn == "sum2" and random.random() < 0.5:
            tr.append({"op": ch("split_reduction_inward", "split_reduction_outward"), "inames": "j"})
        tr += [{"op": "tag_inames", "iname_to_tag": "i:g.0"},
               split(red, ch(4, 8, 16), None, "l.0")]
        if random.random() < 0.7:  # what loopy asks for before code generation
            tr.append(ch({"op": "split_reduction_outward", "inames": red + "_inner"},
                         {"op": "split_reduction_inward", "inames": red + "_outer"}))
        if random.random() < 0.3:
            tr.append({"op": "realize_reduction"})
        out.append(("parallel_reduction", kn, tr))
    # ---- tags unr/ilp/vec with layouts -------------------------------------------------------
    for _ in range(6):
        kn = ch("stencil1d_plain", "transpose")
        if kn == "stencil1d_plain":
            tr = [{"op": "split_array_axis", "array_names": "o", "axis_nr": 0, "count": 4},
                  {"op": "tag_array_axes", "ary_names": "o", "dim_tags": "c,vec"},
                  split("i", 4, None, ch("vec", "unr", "ilp"))]
        else:
            tr = [split("i", 4, None, ch("vec", "ilp")), split("j", 4, None, ch("unr", "ilp"))]
        out.append(("tags", kn, tr))
    return out


def main():
    outdir = sys.argv[1]
    os.makedirs(outdir, exist_ok=True)
    seen = set()
    n = 0
    for fam, kn, tr in recipes():
        key = (fam, kn, json.dumps(tr, sort_keys=True))
        if key in seen:
            continue
        seen.add(key)
        dom, insns, args, params = K[kn]
        spec = {"loom": 1, "name": kn, "domains": dom, "instructions": insns,
                "args": args + ["..."], "transforms": tr, "test": {"parameters": params}}
        with open(os.path.join(outdir, f"{fam}_{kn}_{n:03d}.json"), "w") as f:
            json.dump(spec, f)
        n += 1
    print(n)


if __name__ == "__main__":
    main()
