#!/usr/bin/env python3
"""usage: gen_polybench_users.py OUTDIR — PolyBench kernels written as a new user writes them
(PolyBench's C loops read straight into loopy syntax, float64, parameters as in the C), each with
the first schedules users try: the outer parallel loop split onto g.0/l.0, a 2-d split onto
groups, an unrolled or ilp inner loop, a prefetch of the array a work-group rereads. Writes one
spec per (kernel, schedule) and OUTDIR/sizes.json (run_round3.py's format: per spec the -D sizes
to check besides the spec's own: 1, primes, non-multiples of the split lengths). Compare with
loopy 2025.2 and check on C and PoCL as compare.sh does, with run_round3.py for the sizes
(docs/decisions.md, "Correctness: ... (wt-conf10)")."""
import json
import os
import sys

from gen_families import split  # round 2's split_iname spec, as gen_round3.py uses it

F64 = "float64"


def arr(names, shape, dtype=F64):
    return {"name": names, "dtype": dtype, "shape": shape}


def val(names, dtype="int32"):
    return {"name": names, "kind": "value", "dtype": dtype}


KERNELS = {}


def kernel(name, domains, instructions, args, params, sizes, assumptions=None, schedules=()):
    KERNELS[name] = dict(domains=domains, instructions=instructions, args=args, params=params,
                         sizes=sizes, assumptions=assumptions, schedules=schedules)


def variant(name, base, schedules, **changes):
    """Another round's schedules of a kernel written before: its body as `base`'s, with `changes`."""
    KERNELS[name] = dict(KERNELS[base], schedules=schedules, **changes)


# trmm: B := alpha * A^T B with A unit lower triangular, in place (PolyBench 4.2).
kernel("trmm", ["{[i,j,k]: 0<=i<m and 0<=j<n and i+1<=k<m}"],
       ["B[i,j] = alpha*(B[i,j] + sum(k, A[k,i]*B[k,j]))"],
       [arr("A", ["m", "m"]), arr("B", ["m", "n"]), val("alpha", F64), val("m, n")],
       {"m": 19, "n": 23, "alpha": 1.5},
       [["m=1", "n=1"], ["m=13", "n=37"], ["m=41", "n=50"]],
       schedules=[
           ("j16_unroll_k4", [split("j", 16, "g.0", "l.0"), split("k", 4, inner="unr")]),
           ("j8_ilp", [split("j", 8, "g.0", "ilp")]),
           ("j16_prefetch_Acol", [split("j", 16, "g.0", "l.0"),
                                  {"op": "add_prefetch", "var_name": "A", "sweep_inames": ["k"],
                                   "fetch_outer_inames": ["i", "j_outer"], "default_tag": "l.auto"}]),
           ("i_on_groups", [split("i", 8, "g.0", "l.0")]),
       ])

# syr2k: lower triangle of C := alpha*A*B^T + alpha*B*A^T + beta*C.
kernel("syr2k", ["{[i,j,k]: 0<=i<n and 0<=j<=i and 0<=k<m}"],
       ["C[i,j] = beta*C[i,j] + sum(k, A[j,k]*alpha*B[i,k] + B[j,k]*alpha*A[i,k])"],
       [arr("A, B", ["n", "m"]), arr("C", ["n", "n"]), val("alpha, beta", F64), val("n, m")],
       {"n": 21, "m": 17, "alpha": 1.5, "beta": 1.2},
       [["n=1", "m=1"], ["n=13", "m=7"], ["n=37", "m=50"]],
       schedules=[
           ("ij_2d_groups", [split("i", 8, "g.1", "l.1"), split("j", 8, "g.0", "l.0")]),
           ("j_local_i_groups", [split("j", 16, None, "l.0"), {"op": "tag_inames", "iname_to_tag": "i:g.0"}]),
           ("i16_k_unr4", [split("i", 16, "g.0", "l.0"), split("k", 4, inner="unr")]),
       ])

# symm: C := alpha*A*B + beta*C with A symmetric (lower stored); the in-place PolyBench form.
kernel("symm", ["{[i,j,k]: 0<=i<m and 0<=j<n and 0<=k<i}"],
       ["C[k,j] = C[k,j] + alpha*B[i,j]*A[i,k] {id=upd}",
        "<> temp2 = sum(k, B[k,j]*A[i,k]) {id=t2}",
        "C[i,j] = beta*C[i,j] + alpha*B[i,j]*A[i,i] + alpha*temp2 {id=main, dep=upd:t2}"],
       [arr("A", ["m", "m"]), arr("B, C", ["m", "n"]), val("alpha, beta", F64), val("m, n")],
       {"m": 15, "n": 19, "alpha": 1.5, "beta": 1.2},
       [["m=1", "n=1"], ["m=13", "n=37"], ["m=29", "n=50"]],
       schedules=[
           ("j16_groups", [split("j", 16, "g.0", "l.0")]),
           ("j8_groups_k_unr2", [split("j", 8, "g.0", "l.0"), split("k", 2, inner="unr")]),
           ("i_on_groups", [split("i", 4, "g.0", "l.0")]),
       ])

# gramschmidt (PolyBench 4.2), the k loop sequential, its phases in it.
kernel("gramschmidt",
       ["{[k]: 0<=k<n}", "{[i]: 0<=i<m}", "{[i1]: 0<=i1<m}", "{[j]: k+1<=j<n}", "{[i2]: 0<=i2<m}",
        "{[i3]: 0<=i3<m}"],
       ["<> nrm = sum(i, A[i,k]*A[i,k]) {id=nrm}",
        "R[k,k] = sqrt(nrm) {id=rkk, dep=nrm}",
        "Q[i1,k] = A[i1,k] / R[k,k] {id=q, dep=rkk}",
        "R[k,j] = sum(i2, Q[i2,k]*A[i2,j]) {id=rkj, dep=q}",
        "A[i3,j] = A[i3,j] - Q[i3,k]*R[k,j] {id=upd, dep=rkj}"],
       [arr("A, Q", ["m", "n"]), arr("R", ["n", "n"]), val("m, n")],
       {"m": 11, "n": 7},
       [["m=1", "n=1"], ["m=13", "n=5"], ["m=37", "n=17"]],
       schedules=[
           ("j_local", [split("j", 8, None, "l.0")]),
           ("rows_ilp", [split("i3", 4, inner="ilp"), split("i1", 4, inner="unr")]),
           ("k_reduction_unr", [split("i", 4, inner="unr"), split("i2", 4, inner="unr")]),
       ])

# cholesky (PolyBench 4.2) with the loops as written: j before the diagonal, both inside i.
kernel("cholesky", ["{[i,j,k]: 0<=i<n and 0<=j<i and 0<=k<j}", "{[i2,k2]: 0<=i2<n and 0<=k2<i2}"],
       ["A[i,j] = (A[i,j] - sum(k, A[i,k]*A[j,k])) / A[j,j] {id=off}",
        "A[i2,i2] = sqrt(A[i2,i2] - sum(k2, A[i2,k2]*A[i2,k2])) {id=dg, dep=off}"],
       [arr("A", ["n", "n"]), val("n")],
       {"n": 13},
       [["n=1"], ["n=7"], ["n=37"]],
       schedules=[
           ("k_unr4", [{"op": "prioritize_loops", "loop_priority": "i, j"}, split("k", 4, inner="unr")]),
           ("k_ilp_k2_unr", [{"op": "prioritize_loops", "loop_priority": "i, j"}, split("k", 4, inner="ilp"),
                             split("k2", 2, inner="unr")]),
           ("j_parallel", [split("j", 8, "g.0", "l.0")]),
       ])

# floyd_warshall, k outermost (the user's first step is to say so), rows on work-groups.
kernel("floyd_warshall", ["{[k,i,j]: 0<=k,i,j<n}"],
       ["path[i,j] = min(path[i,j], path[i,k] + path[k,j])"],
       [arr("path", ["n", "n"]), val("n")],
       {"n": 13},
       [["n=1"], ["n=7"], ["n=37"]],
       schedules=[
           ("k_outer_j_unr4", [{"op": "prioritize_loops", "loop_priority": "k, i, j"}, split("j", 4, inner="unr")]),
           ("k_outer_j_local", [{"op": "prioritize_loops", "loop_priority": "k, i, j"}, split("j", 16, None, "l.0")]),
           ("j_groups", [{"op": "prioritize_loops", "loop_priority": "k, i, j"}, split("j", 16, "g.0", "l.0")]),
       ])

# seidel-2d, in place.
kernel("seidel2d", ["{[t,i,j]: 0<=t<tsteps and 1<=i,j<n-1}"],
       ["A[i,j] = (A[i-1,j-1] + A[i-1,j] + A[i-1,j+1] + A[i,j-1] + A[i,j] + A[i,j+1] + A[i+1,j-1] + "
        "A[i+1,j] + A[i+1,j+1])/9.0"],
       [arr("A", ["n", "n"]), val("tsteps, n")],
       {"tsteps": 3, "n": 11},
       [["tsteps=1", "n=3"], ["tsteps=2", "n=7"], ["tsteps=2", "n=37"]],
       schedules=[
           ("j_unr4", [{"op": "prioritize_loops", "loop_priority": "t, i, j"}, split("j", 4, inner="unr")]),
           ("j_local", [split("j", 8, None, "l.0")]),
           ("i_unr_j_unr", [{"op": "prioritize_loops", "loop_priority": "t, i, j"}, split("i", 2, inner="unr"),
                            split("j", 3, inner="unr")]),
       ])

# heat-3d, one half step from A to B (the time loop swaps them in PolyBench).
kernel("heat3d", ["{[i,j,k]: 1<=i,j,k<n-1}"],
       ["B[i,j,k] = 0.125*(A[i+1,j,k] - 2.0*A[i,j,k] + A[i-1,j,k]) + 0.125*(A[i,j+1,k] - 2.0*A[i,j,k] + "
        "A[i,j-1,k]) + 0.125*(A[i,j,k+1] - 2.0*A[i,j,k] + A[i,j,k-1]) + A[i,j,k]"],
       [arr("A, B", ["n", "n", "n"]), val("n")],
       {"n": 11},
       [["n=3"], ["n=7"], ["n=13"], ["n=20"]],
       schedules=[
           ("k_groups_prefetch", [split("k", 8, "g.0", "l.0"), split("j", 4, "g.1", "l.1"),
                                  {"op": "add_prefetch", "var_name": "A", "sweep_inames": ["j_inner", "k_inner"],
                                   "fetch_outer_inames": ["i", "j_outer", "k_outer"], "default_tag": "l.auto"}]),
           ("i_groups_k_unr", [{"op": "tag_inames", "iname_to_tag": "i:g.0"}, split("k", 4, inner="unr")]),
           ("jk_local_ilp", [split("k", 16, "g.0", "l.0"), split("j", 2, inner="ilp"),
                             {"op": "tag_inames", "iname_to_tag": "i:g.1"}]),
       ])

# doitgen, the private row s4 per (r, q).
kernel("doitgen", ["{[r,q,p,s]: 0<=r<nr and 0<=q<nq and 0<=p<np and 0<=s<np}"],
       ["<> s4[p] = sum(s, A[r,q,s]*C4[s,p]) {id=sm}", "A[r,q,p] = s4[p] {dep=sm}"],
       [arr("A", ["nr", "nq", "np"]), arr("C4", ["np", "np"]), val("nr, nq, np")],
       {"nr": 5, "nq": 7, "np": 9},
       [["nr=1", "nq=1", "np=1"], ["nr=3", "nq=5", "np=13"], ["nr=2", "nq=11", "np=17"]],
       schedules=[
           ("rq_groups", [{"op": "tag_inames", "iname_to_tag": "r:g.1, q:g.0"}]),
           ("rq_groups_s_unr", [{"op": "tag_inames", "iname_to_tag": "r:g.1, q:g.0"}, split("s", 4, inner="unr")]),
           ("q_split_groups", [split("q", 4, "g.0", "l.0"), {"op": "tag_inames", "iname_to_tag": "r:g.1"}]),
       ])

# 3mm: three products, the third reading the first two.
kernel("three_mm", ["{[i,j,k]: 0<=i<ni and 0<=j<nj and 0<=k<nk}",
                    "{[j1,l,m1]: 0<=j1<nj and 0<=l<nl and 0<=m1<nm}",
                    "{[i2,l2,j2]: 0<=i2<ni and 0<=l2<nl and 0<=j2<nj}"],
       ["E[i,j] = sum(k, A[i,k]*B[k,j]) {id=e}",
        "F[j1,l] = sum(m1, C[j1,m1]*D[m1,l]) {id=f}",
        "G[i2,l2] = sum(j2, E[i2,j2]*F[j2,l2]) {dep=e:f}"],
       [arr("A", ["ni", "nk"]), arr("B", ["nk", "nj"]), arr("C", ["nj", "nm"]), arr("D", ["nm", "nl"]),
        arr("E", ["ni", "nj"]), arr("F", ["nj", "nl"]), arr("G", ["ni", "nl"]), val("ni, nj, nk, nl, nm")],
       {"ni": 9, "nj": 11, "nk": 13, "nl": 7, "nm": 5},
       [["ni=1", "nj=1", "nk=1", "nl=1", "nm=1"], ["ni=13", "nj=7", "nk=37", "nl=5", "nm=3"]],
       schedules=[
           ("all_rows_split_ilp", [split("j", 4, inner="ilp"), split("l", 4, inner="ilp"), split("l2", 4, inner="ilp")]),
           ("k_unr", [split("k", 4, inner="unr"), split("m1", 4, inner="unr"), split("j2", 4, inner="unr")]),
           ("g_l_with_gbarrier_missing", [split("i", 8, "g.0", "l.0"), split("i2", 8, "g.0", "l.0")]),
       ])

# durbin: the Levinson recursion, phases inside the sequential k loop.
kernel("durbin", ["{[k]: 1<=k<n}", "{[i]: 0<=i<k}", "{[i2]: 0<=i2<k}", "{[i3]: 0<=i3<k}"],
       ["<> s = sum(i, r[k-i-1]*y[i]) {id=s}",
        "<> alpha = -(r[k] + s) {id=al, dep=s}",
        "z[i2] = y[i2] + alpha*y[k-i2-1] {id=z, dep=al}",
        "y[i3] = z[i3] {id=cp, dep=z}",
        "y[k] = alpha {id=yk, dep=cp}"],
       [arr("r, y, z", ["n"]), val("n")],
       {"n": 9},
       [["n=1"], ["n=2"], ["n=13"], ["n=37"]],
       schedules=[
           ("i_unr4", [split("i", 4, inner="unr"), split("i2", 4, inner="unr"), split("i3", 4, inner="unr")]),
           ("i2_local", [split("i2", 8, None, "l.0"), split("i3", 8, None, "l.0")]),
       ])

# fdtd-2d (PolyBench 4.2) with its time loop, rows on work-groups.
kernel("fdtd2d", ["{[t]: 0<=t<tmax}", "{[j0]: 0<=j0<ny}", "{[i1,j1]: 1<=i1<nx and 0<=j1<ny}",
                  "{[i2,j2]: 0<=i2<nx and 1<=j2<ny}", "{[i3,j3]: 0<=i3<nx-1 and 0<=j3<ny-1}"],
       ["ey[0,j0] = fict[t] {id=s0}",
        "ey[i1,j1] = ey[i1,j1] - 0.5*(hz[i1,j1]-hz[i1-1,j1]) {id=s1, dep=s0}",
        "ex[i2,j2] = ex[i2,j2] - 0.5*(hz[i2,j2]-hz[i2,j2-1]) {id=s2, dep=s1}",
        "hz[i3,j3] = hz[i3,j3] - 0.7*(ex[i3,j3+1]-ex[i3,j3]+ey[i3+1,j3]-ey[i3,j3]) {id=s3, dep=s2}"],
       [arr("ex, ey, hz", ["nx", "ny"]), arr("fict", ["tmax"]), val("tmax, nx, ny")],
       {"tmax": 2, "nx": 9, "ny": 11},
       [["tmax=1", "nx=1", "ny=1"], ["tmax=2", "nx=13", "ny=7"], ["tmax=3", "nx=17", "ny=37"]],
       schedules=[
           ("j_unr4", [split("j1", 4, inner="unr"), split("j2", 4, inner="unr"), split("j3", 4, inner="unr")]),
           ("j_local", [split("j0", 8, None, "l.0"), split("j1", 8, None, "l.0"), split("j2", 8, None, "l.0"),
                        split("j3", 8, None, "l.0")]),
       ])

# nussinov as written from the C (the max over k as a reduction).
kernel("nussinov", ["{[r]: 0<=r<n}", "{[j]: n-1-r<j<n}", "{[k]: n-1-r<k<j}"],
       ["table[n-1-r,j] = max(table[n-1-r,j], table[n-1-r,j-1]) {id=s1}",
        "table[n-1-r,j] = max(table[n-1-r,j], table[n-r,j]) {id=s2, dep=s1}",
        "table[n-1-r,j] = max(table[n-1-r,j], max(k, table[n-1-r,k] + table[k+1,j])) {id=s4, dep=s2}"],
       [arr("table", ["n", "n"], "int32"), val("n")],
       {"n": 11},
       [["n=1"], ["n=2"], ["n=13"], ["n=37"]],
       schedules=[
           ("k_unr4", [split("k", 4, inner="unr")]),
           ("j_unr2", [split("j", 2, inner="unr")]),
       ])


# Second round: the same kernels as a user writes them after reading loom's first messages
# (exact dependencies where the single-writer rule closes a cycle, a bounding box where the
# footprint is not convex, the unused hardware axis added), and schedules one step further.
kernel("doitgen_exact_deps", ["{[r,q,p,s]: 0<=r<nr and 0<=q<nq and 0<=p<np and 0<=s<np}"],
       ["<> s4[p] = sum(s, A[r,q,s]*C4[s,p]) {id=sm, dep=*}", "A[r,q,p] = s4[p] {id=wb, dep=sm}"],
       [arr("A", ["nr", "nq", "np"]), arr("C4", ["np", "np"]), val("nr, nq, np")],
       {"nr": 5, "nq": 7, "np": 9},
       [["nr=1", "nq=1", "np=1"], ["nr=3", "nq=5", "np=13"], ["nr=2", "nq=11", "np=17"]],
       schedules=[
           ("rq_groups", [{"op": "tag_inames", "iname_to_tag": "r:g.1, q:g.0"}]),
           ("rq_groups_s_unr", [{"op": "tag_inames", "iname_to_tag": "r:g.1, q:g.0"}, split("s", 4, inner="unr")]),
           ("q_split_groups", [split("q", 4, "g.0", "l.0"), {"op": "tag_inames", "iname_to_tag": "r:g.1"}]),
           ("p_ilp", [{"op": "tag_inames", "iname_to_tag": "r:g.1, q:g.0"}, split("p", 4, inner="ilp")]),
       ])

kernel("gramschmidt_exact_deps",
       ["{[k]: 0<=k<n}", "{[i]: 0<=i<m}", "{[i1]: 0<=i1<m}", "{[j]: k+1<=j<n}", "{[i2]: 0<=i2<m}",
        "{[i3]: 0<=i3<m}"],
       ["<> nrm = sum(i, A[i,k]*A[i,k]) {id=nrm, dep=*}",
        "R[k,k] = sqrt(nrm) {id=rkk, dep=nrm}",
        "Q[i1,k] = A[i1,k] / R[k,k] {id=q, dep=rkk}",
        "R[k,j] = sum(i2, Q[i2,k]*A[i2,j]) {id=rkj, dep=q}",
        "A[i3,j] = A[i3,j] - Q[i3,k]*R[k,j] {id=upd, dep=rkj}"],
       [arr("A, Q", ["m", "n"]), arr("R", ["n", "n"]), val("m, n")],
       {"m": 11, "n": 7},
       [["m=1", "n=1"], ["m=13", "n=5"], ["m=37", "n=17"]],
       schedules=[
           ("j_unr2", [split("j", 2, inner="unr")]),
           ("rows_ilp", [split("i3", 4, inner="ilp"), split("i1", 4, inner="unr")]),
           ("k_reduction_unr", [split("i", 4, inner="unr"), split("i2", 4, inner="unr")]),
           ("i3_local", [split("i3", 8, None, "l.0")]),
       ])

kernel("fdtd2d_exact_deps", ["{[t]: 0<=t<tmax}", "{[j0]: 0<=j0<ny}", "{[i1,j1]: 1<=i1<nx and 0<=j1<ny}",
                             "{[i2,j2]: 0<=i2<nx and 1<=j2<ny}", "{[i3,j3]: 0<=i3<nx-1 and 0<=j3<ny-1}"],
       ["ey[0,j0] = fict[t] {id=s0, dep=*}",
        "ey[i1,j1] = ey[i1,j1] - 0.5*(hz[i1,j1]-hz[i1-1,j1]) {id=s1, dep=*s0, inames=t:i1:j1}",
        "ex[i2,j2] = ex[i2,j2] - 0.5*(hz[i2,j2]-hz[i2,j2-1]) {id=s2, dep=*s1, inames=t:i2:j2}",
        "hz[i3,j3] = hz[i3,j3] - 0.7*(ex[i3,j3+1]-ex[i3,j3]+ey[i3+1,j3]-ey[i3,j3]) {id=s3, dep=s2, inames=t:i3:j3}"],
       [arr("ex, ey, hz", ["nx", "ny"]), arr("fict", ["tmax"]), val("tmax, nx, ny")],
       {"tmax": 2, "nx": 9, "ny": 11},
       [["tmax=1", "nx=1", "ny=1"], ["tmax=2", "nx=13", "ny=7"], ["tmax=3", "nx=17", "ny=37"]],
       schedules=[
           ("j_unr4", [split("j1", 4, inner="unr"), split("j2", 4, inner="unr"), split("j3", 4, inner="unr")]),
           ("j_ilp3", [split("j1", 3, inner="ilp"), split("j2", 3, inner="ilp"), split("j3", 3, inner="ilp")]),
       ])

variant("heat3d_box",
        "heat3d",
        schedules=[
           ("k_groups_prefetch_box", [split("k", 8, "g.0", "l.0"), split("j", 4, "g.1", "l.1"),
                                      {"op": "add_prefetch", "var_name": "A", "sweep_inames": ["j_inner", "k_inner"],
                                       "fetch_outer_inames": ["i", "j_outer", "k_outer"], "default_tag": "l.auto",
                                       "fetch_bounding_box": True}]),
           ("ijk_prefetch_box_3d", [split("k", 8, "g.0", "l.0"), split("j", 4, "g.1", "l.1"),
                                    {"op": "add_prefetch", "var_name": "A", "sweep_inames": ["i", "j_inner", "k_inner"],
                                     "fetch_outer_inames": ["j_outer", "k_outer"], "default_tag": "l.auto",
                                     "fetch_bounding_box": True}]),
       ])

variant("syr2k_tiles",
        "syr2k",
        schedules=[
           ("ij_groups_k_tile_prefetch", [split("i", 8, "g.1", "l.1"), split("j", 8, "g.0", "l.0"), split("k", 4),
                                          {"op": "add_prefetch", "var_name": "A", "sweep_inames": ["i_inner", "k_inner"],
                                           "fetch_outer_inames": ["i_outer", "j_outer", "k_outer"], "default_tag": "l.auto",
                                           "fetch_bounding_box": True}]),
           ("i_groups_j_unr", [split("i", 4, "g.0", "l.0"), split("j", 4, inner="unr")]),
           ("i_unr_j_ilp", [split("i", 4, "g.0", "unr"), split("j", 2, inner="ilp")]),
       ])

variant("trmm_tiles",
        "trmm",
        schedules=[
           ("j_groups_k_split_ilp", [split("j", 8, "g.0", "l.0"), split("k", 4, inner="ilp")]),
           ("j_unr_k_slabs", [split("j", 4, "g.0", "unr"), split("k", 4, slabs=[0, 1])]),
           ("j_groups_i_unr", [split("j", 16, "g.0", "l.0"), split("i", 2, inner="unr")]),
       ])

variant("durbin_hw",
        "durbin",
        schedules=[
           ("i_ilp", [split("i", 4, inner="ilp"), split("i2", 4, inner="ilp"), split("i3", 4, inner="ilp")]),
           ("i_unr_slabs", [split("i2", 4, inner="unr", slabs=[0, 1]), split("i3", 4, inner="unr", slabs=[1, 1])]),
       ])

variant("cholesky_tiles",
        "cholesky",
        schedules=[
           ("k_slabs_unr", [{"op": "prioritize_loops", "loop_priority": "i, j"}, split("k", 4, inner="unr", slabs=[0, 1]),
                            split("k2", 3, inner="unr")]),
           ("j_unr2", [{"op": "prioritize_loops", "loop_priority": "i, j"}, split("j", 2, inner="unr")]),
       ])


# Third round: the advice of the second round's messages followed (fix_parameters for a private
# row, an assumption that excludes an empty grid, exact dependencies on the reader that closes a
# cycle), and tail strategies and vec lanes on the same kernels.
variant("doitgen_fixed",
        "doitgen_exact_deps",
        params={"nr": 5, "nq": 7, "np": 13},
        sizes=[["nr=1", "nq=1"], ["nr=3", "nq=37"]],
        schedules=[
           ("rq_groups", [{"op": "fix_parameters", "np": 13}, {"op": "tag_inames", "iname_to_tag": "r:g.1, q:g.0"}]),
           ("rq_groups_s_unr", [{"op": "fix_parameters", "np": 13}, {"op": "tag_inames", "iname_to_tag": "r:g.1, q:g.0"},
                                split("s", 4, inner="unr")]),
           ("q_split_groups_p_unr", [{"op": "fix_parameters", "np": 13}, split("q", 4, "g.0", "l.0"),
                                     {"op": "tag_inames", "iname_to_tag": "r:g.1"}, split("p", 4, inner="unr")]),
       ])

variant("fdtd2d_assumed",
        "fdtd2d_exact_deps",
        assumptions="nx >= 1",
        schedules=[
           ("j_unr4", [split("j1", 4, inner="unr"), split("j2", 4, inner="unr"), split("j3", 4, inner="unr")]),
           ("j_ilp3", [split("j1", 3, inner="ilp"), split("j2", 3, inner="ilp"), split("j3", 3, inner="ilp")]),
           ("j_local", [split("j0", 8, None, "l.0"), split("j1", 8, None, "l.0"), split("j2", 8, None, "l.0"),
                        split("j3", 8, None, "l.0")]),
       ])

kernel("gramschmidt_deps_on_q", 
       ["{[k]: 0<=k<n}", "{[i]: 0<=i<m}", "{[i1]: 0<=i1<m}", "{[j]: k+1<=j<n}", "{[i2]: 0<=i2<m}",
        "{[i3]: 0<=i3<m}"],
       ["<> nrm = sum(i, A[i,k]*A[i,k]) {id=nrm, dep=*}",
        "R[k,k] = sqrt(nrm) {id=rkk, dep=nrm}",
        "Q[i1,k] = A[i1,k] / R[k,k] {id=q, dep=*rkk}",
        "R[k,j] = sum(i2, Q[i2,k]*A[i2,j]) {id=rkj, dep=q}",
        "A[i3,j] = A[i3,j] - Q[i3,k]*R[k,j] {id=upd, dep=rkj}"],
       [arr("A, Q", ["m", "n"]), arr("R", ["n", "n"]), val("m, n")],
       {"m": 11, "n": 7},
       [["m=1", "n=1"], ["m=13", "n=5"], ["m=37", "n=17"]],
       schedules=[
           ("j_unr2", [split("j", 2, inner="unr")]),
           ("rows_ilp", [split("i3", 4, inner="ilp"), split("i1", 4, inner="unr")]),
           ("i3_local", [split("i3", 8, None, "l.0"), split("i1", 8, None, "l.0"), split("i", 8, None, "l.0"),
                         split("i2", 8, None, "l.0")]),
       ])

variant("syr2k_tails",
        "syr2k",
        schedules=[
           ("k_shift_inwards", [split("i", 8, "g.0", "l.0"), split("k", 4, inner="unr", tail_strategy="shift_inwards")]),
           ("k_round_up", [split("i", 8, "g.0", "l.0"), split("k", 4, inner="unr", tail_strategy="round_up")]),
           ("i_round_up", [split("i", 8, "g.0", "l.0", tail_strategy="round_up")]),
       ])

variant("heat3d_vec",
        "heat3d",
        schedules=[
           ("k_vec4", [split("k", 4, inner="vec"), {"op": "tag_inames", "iname_to_tag": "i:g.1, j:g.0"}]),
           ("k_shift_inwards_unr", [split("k", 4, inner="unr", tail_strategy="shift_inwards"),
                                    {"op": "tag_inames", "iname_to_tag": "i:g.0"}]),
       ])


# Fourth round: the class of the open fuzz finding (slabs and unrolled copies under triangular
# loops on work-groups) on PolyBench's triangles, and prefetches with unrolled fetch loops.
variant("syr2k_tri_unr",
        "syr2k",
        sizes=[["n=1", "m=1"], ["n=13", "m=7"], ["n=37", "m=5"]],
        schedules=[
           ("i_groups_unr_j_unr_slabs", [split("i", 4, "g.0", "unr"), split("j", 8, inner="unr"),
                                         split("j_outer", 3, slabs=[0, 1])]),
           ("i_groups_unr_j_ilp", [split("i", 4, "g.0", "unr"), split("j", 4, inner="ilp", slabs=[0, 1])]),
           ("i_local_j_unr_k_unr", [split("i", 8, "g.0", "l.0"), split("j", 4, inner="unr"), split("k", 3, inner="unr")]),
       ])

variant("trmm_tri_unr",
        "trmm",
        sizes=[["m=1", "n=1"], ["m=13", "n=37"], ["m=41", "n=5"]],
        schedules=[
           ("j_groups_unr_k_unr_slabs", [split("j", 4, "g.0", "unr"), split("k", 4, inner="unr"),
                                         split("k_outer", 2, slabs=[1, 1])]),
           ("j_local_k_unr8", [split("j", 8, "g.0", "l.0"), split("k", 8, inner="unr")]),
       ])

kernel("lower_tri_copy", ["{[i,j]: 0<=i<n and 0<=j<=i}"],
       ["L[i,j] = 2*A[i,j] + x[i]"],
       [arr("A, L", ["n", "n"]), arr("x", ["n"]), val("n")],
       {"n": 23},
       [["n=1"], ["n=2"], ["n=13"], ["n=37"], ["n=50"]],
       schedules=[
           ("i_groups_unr_j_unr_slabs", [split("i", 4, "g.0", "unr"), split("j", 8, inner="unr"),
                                         split("j_outer", 3, slabs=[0, 1])]),
           ("i_groups_unr_j_vec", [split("i", 4, "g.0", "unr"), split("j", 4, inner="vec")]),
           ("i_l1_j_l0", [split("i", 4, "g.1", "l.1"), split("j", 8, "g.0", "l.0")]),
           ("i_unr_j_slabs_unr", [split("i", 3, "g.0", "unr"), split("j", 4, inner="unr", slabs=[1, 1])]),
       ])

kernel("gemm_prefetch_unr", ["{[i,j,k]: 0<=i<ni and 0<=j<nj and 0<=k<nk}"],
       ["C[i,j] = beta*C[i,j] + alpha*sum(k, A[i,k]*B[k,j])"],
       [arr("A", ["ni", "nk"]), arr("B", ["nk", "nj"]), arr("C", ["ni", "nj"]), val("alpha, beta", F64),
        val("ni, nj, nk")],
       {"ni": 19, "nj": 23, "nk": 29, "alpha": 1.5, "beta": 1.2},
       [["ni=1", "nj=1", "nk=1"], ["ni=13", "nj=7", "nk=37"], ["ni=33", "nj=17", "nk=5"]],
       schedules=[
           ("tiles_prefetch_unr", [split("i", 8, "g.1", "l.1"), split("j", 8, "g.0", "l.0"), split("k", 8),
                                   {"op": "add_prefetch", "var_name": "A", "sweep_inames": ["i_inner", "k_inner"],
                                    "fetch_outer_inames": ["i_outer", "j_outer", "k_outer"], "default_tag": "l.auto"},
                                   {"op": "add_prefetch", "var_name": "B", "sweep_inames": ["k_inner", "j_inner"],
                                    "fetch_outer_inames": ["i_outer", "j_outer", "k_outer"], "default_tag": "l.auto"},
                                   {"op": "tag_inames", "iname_to_tag": "k_inner:unr"}]),
           ("rows_register_tile", [split("i", 16, "g.0", "l.0"), split("j", 4, "g.1", "ilp"), split("k", 4, inner="unr")]),
       ])


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    sizes = {}
    for name, k in KERNELS.items():
        for schedule, transforms in k["schedules"]:
            spec_name = f"{name}__{schedule}_0"
            spec = {"loom": 1, "name": f"{name}_{schedule}", "domains": k["domains"],
                    "instructions": k["instructions"], "args": k["args"], "transforms": transforms,
                    "test": {"parameters": k["params"]}}
            if k["assumptions"]:
                spec["assumptions"] = k["assumptions"]
            with open(os.path.join(out, spec_name + ".json"), "w") as f:
                json.dump(spec, f, indent=1)
            sizes[spec_name] = k["sizes"]
    with open(os.path.join(out, "sizes.json"), "w") as f:
        json.dump(sizes, f, indent=1)
    print(len(sizes), "specs")


if __name__ == "__main__":
    main()
