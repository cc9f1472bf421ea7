#!/usr/bin/env python3
"""Writes docs/loopy-compat.md from the conformance cases (tests/conformance/cases/*.json), the list
of loopy's tests (loopy_tests.txt), the tests that do not apply (not_applicable.json) and the
transform signatures (transform_signatures.json). Run it after changing a case:

    python3 tests/conformance/make_compat_doc.py

A case's status follows from its JSON alone: the conformance test enforces that a case without
"xfail" passes and that a case with one still fails as recorded, so the document cannot drift from
what CI runs."""
import collections
import glob
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))

# Issue 23's behaviour classes, in its words, shortened.
CLASSES = {
    1: "prioritize_loops with a single iname",
    2: "parameter names and forms that differ from loopy's (map_domain's transform_map, lists vs comma strings, privatizing_inames)",
    3: "arguments of shape () written without a subscript",
    4: "l.auto where no local axis is free: loopy leaves the iname untagged",
    5: "ilp over a temporary written in parallel: loopy privatizes it",
    6: "reduction accumulator nested in loops of non-constant extent",
    7: "substitution rule reducing over an iname that is also a domain iname",
    8: "precompute of a nested substitution rule: temporary type not inferred",
    9: "buffer_array(init_expression=...) with a global barrier: conflicting address spaces",
    10: "add_prefetch into local memory where the fetch does not use every local axis",
    11: "realize_reduction not available",
    12: "generated-code parity (ilp loops, redundant barriers)",
    13: "split_iname of an iname that bounds a nested domain",
    14: "data-dependent domains: loopy skips the bounds check",
    15: "floating-point value arguments cannot be given a value",
    16: "3-D stencil prefetch ends in an internal error",
    17: "dependency cycle from loopy's single-writer default, unexplained",
    18: "a domain naming outer inames as parameters",
    19: "precompute/prefetch of a value written earlier in the same iteration ('stale copy')",
    20: "type inference of temporaries loopy infers",
    21: "wrong code for ilp over rows with a data-dependent length",
}

# Differences issue 23 does not list, grouped by the recorded message (the xfail's "message").
GAPS = [
    ("wrong code", ["MISMATCH", "rejected loom's generated code"]),
    ("transform missing in loom", ["unknown transform"]),
    ("function or operator missing (fma, clamp, <<)", ["unknown function", "unexpected '<'"]),
    ("global barrier inside a loop (loom splits kernels only at top-level global barriers)", ["is inside the loop", "global barrier between them is missing", "before global barrier", "must follow 'rotate'"]),
    ("write race refused where loopy only warns (or silenced_warnings names it)", ["write race"]),
    ("legality checked after every transform, before the next one (e.g. add_barrier) repairs it", ["no dependency orders them"]),
    ("loom accepts what loopy refuses", ["loom accepted it"]),
]


def gap_of(xfail):
    message = xfail.get("message", "")
    for name, needles in GAPS:
        if any(needle in message for needle in needles):
            return name
    return "other"


FILES = ["test_loopy", "test_transform", "test_reduction", "test_linalg", "test_apps",
         "test_split_iname_slabs", "test_domain", "test_target", "test_nbody", "tutorial"]


def load_cases():
    by_test = collections.OrderedDict()
    for path in sorted(glob.glob(os.path.join(HERE, "cases", "*.json"))):
        data = json.load(open(path))
        for case in data["cases"]:
            by_test.setdefault((data["loopy_file"], case["test"]), []).append(case)
    return by_test


def targets(case):
    if "refusal" in case:
        return ["c"]
    return case.get("targets", ["c", "opencl"])


def failures(case):
    """(target, xfail) pairs of the case's expected failures."""
    out = []
    for target in targets(case):
        xfail = case.get("xfail_" + target, case.get("xfail"))
        if xfail:
            out.append((target, xfail))
    return out


def label(xfail):
    return "class %s" % xfail["class"] if "class" in xfail else "unclassified"


def describe(cases):
    """Status and explanation of one loopy test from its cases."""
    failing = []
    notes = []
    for case in cases:
        name = case.get("variant", "")
        for target, xfail in failures(case):
            where = (name + " " if name else "") + ("(%s)" % target if len(targets(case)) > 1 and failures(case) != [(t, xfail) for t in targets(case)] else "")
            failing.append("%s%s: `%s`" % (where.strip() + " " if where.strip() else "", label(xfail), xfail.get("message", "")))
        for key in ("note", "loom_differs", "design_difference"):
            if case.get(key):
                prefix = {"note": "", "loom_differs": "loom differs (better): ", "design_difference": "by design: "}[key]
                notes.append(prefix + case[key])
    for case in cases:
        if case.get("refusal_opencl"):
            notes.append("The OpenCL run asserts loom's refusal `%s`." % case["refusal_opencl"])
    kinds = set()
    for case in cases:
        kinds.add("refusal" if "refusal" in case else "run")
    status = "ported, failing" if failing else "ported, passing"
    return status, sorted(set(failing)), sorted(set(notes)), kinds


def main():
    cases = load_cases()
    not_applicable = {k: v for k, v in json.load(open(os.path.join(HERE, "not_applicable.json"))).items() if not k.startswith("_")}
    tests = [tuple(line.split()) for line in open(os.path.join(HERE, "loopy_tests.txt")) if line.strip()]
    tests += [key for key in cases if key[0] == "tutorial"]
    rows = collections.OrderedDict((f, []) for f in FILES)
    counts = collections.Counter()
    class_count = collections.Counter()
    gap_count = collections.Counter()
    gap_tests = collections.defaultdict(set)
    for loopy_file, test in tests:
        key = "%s %s" % (loopy_file, test)
        if key in not_applicable:
            rows[loopy_file].append((test, "not applicable", not_applicable[key]))
            counts["na"] += 1
            continue
        counts["applicable"] += 1
        if (loopy_file, test) not in cases:
            rows[loopy_file].append((test, "not ported", ""))
            continue
        counts["ported"] += 1
        status, failing, notes, kinds = describe(cases[(loopy_file, test)])
        if status == "ported, passing":
            counts["passing"] += 1
        elif all("class" in xfail for case in cases[(loopy_file, test)] for _, xfail in failures(case)):
            counts["issue23_only"] += 1
        for case in cases[(loopy_file, test)]:
            for _, xfail in failures(case):
                class_count[label(xfail)] += 1
                if "class" not in xfail:
                    gap_count[gap_of(xfail)] += 1
                    gap_tests[gap_of(xfail)].add(test)
        n = len(cases[(loopy_file, test)])
        text = "%d case%s" % (n, "" if n == 1 else "s")
        if "refusal" in kinds:
            text += " (asserts loopy's refusal)" if kinds == {"refusal"} else " (incl. refusals)"
        if failing:
            text += "; expected failures: " + "; ".join(failing)
        if notes:
            text += ". " + " ".join(notes)
        rows[loopy_file].append((test, status, text))
    n_cases = sum(len(v) for v in cases.values())
    out = []
    w = out.append
    w("<!-- Generated by tests/conformance/make_compat_doc.py from tests/conformance/; do not edit by hand. -->")
    w("# loom and loopy: conformance with loopy's own test suite")
    w("")
    w("loopy's test files (test_loopy.py, test_transform.py, test_reduction.py, test_linalg.py, test_apps.py,")
    w("test_split_iname_slabs.py, test_domain.py, test_target.py, test_nbody.py) and the tutorial, ported case by")
    w("case to loom specs in `tests/conformance/cases/*.json` and run by `tests/conformance/loopy_conformance_test.cpp`")
    w("on the C target (ctest label `unit`, suite `LoopyConformance`) and on OpenCL/PoCL (label `opencl`, suite")
    w("`LoopyConformanceOpenCL`). Each case runs the transformed kernel against the untransformed one (loopy's")
    w("`auto_test_vs_ref`, SPEC.md's `run --check`), compares outputs loopy asserts by value, asserts loopy's refusals")
    w("(error text) and the properties of the generated code loopy checks (barriers, kernel count, names).")
    w("")
    w("A case loom does not pass yet is an **expected failure**: it asserts loom's current behaviour (the refusal")
    w("text or the check report), its test name ends in `_XFAIL_class<N>` (issue 23's behaviour class) or")
    w("`_XFAIL_unclassified` (a difference issue 23 does not list), so it shows in every ctest listing, and it prints")
    w("`[  XFAIL   ]` with the reason. When a fix lands the case fails with \"now passes: remove the xfail\"; remove")
    w("the `xfail` key and regenerate this file. Nothing is skipped. Where loopy accepts a kernel with a race or an")
    w("out-of-bounds access it does not see, the case asserts loom's refusal instead (`loom_refuses`, with the reason in")
    w("`loom_differs`) and counts as passing; where an assumption makes such a kernel correct, a variant adds it and runs.")
    w("Where loopy refuses a kernel only when it generates code for a GPU (or DESIGN.md decides so for GPU targets), the")
    w("OpenCL run asserts loom's refusal (`refusal_opencl`) and the C run runs.")
    w("")
    w("Run it alone with `ctest --test-dir build -R LoopyConformance -j2` (both targets) or")
    w("`build/loom_tests --gtest_filter='Loopy/LoopyConformance.*'` (C only, one process). CI time, measured on the")
    w("2-core development machine while other builds shared it (2026-11-25): 584 ctest tests (C and PoCL) in")
    w("2 min 12 s wall, 93 s of C and 171 s of OpenCL test time; the longest case is `test_long_kernel` (500")
    w("instructions, about 11 s). Budget: 10 minutes. A changed case file rebuilds the test file, so ctest lists")
    w("new cases after the next build.")
    w("")
    w("## Counts")
    w("")
    applicable = counts["applicable"]
    w("| | loopy tests |")
    w("| --- | --- |")
    w("| all (%s, plus %d tutorial examples) | %d |" % (", ".join(FILES[:-1]), len([t for t in tests if t[0] == "tutorial"]), len(tests)))
    w("| not applicable | %d |" % counts["na"])
    w("| applicable | %d |" % applicable)
    w("| ported | %d (%.0f%% of applicable) |" % (counts["ported"], 100.0 * counts["ported"] / applicable))
    w("| ported and passing | %d (%.0f%% of applicable) |" % (counts["passing"], 100.0 * counts["passing"] / applicable))
    w("| ported, failing as expected | %d |" % (counts["ported"] - counts["passing"]))
    w("| of those, failing only on issue 23's classes | %d: passing once those are fixed would make %d (%.0f%% of applicable) |" % (
        counts["issue23_only"], counts["passing"] + counts["issue23_only"], 100.0 * (counts["passing"] + counts["issue23_only"]) / applicable))
    w("")
    w("%d cases in all (a loopy test with parametrizations or variants has several). Expected failures by class" % n_cases)
    w("(cases × targets): " + ", ".join("%s: %d" % (k, v) for k, v in sorted(class_count.items(), key=lambda kv: (kv[0] == "unclassified", int(kv[0].split()[-1]) if kv[0] != "unclassified" else 0))) + ".")
    w("")
    w("Unclassified differences (not in issue 23's list), grouped, with the loopy tests that show them:")
    w("")
    for name, _ in GAPS + [("other", [])]:
        if gap_count[name]:
            w("- %s (%d): %s" % (name, gap_count[name], ", ".join("`%s`" % t for t in sorted(gap_tests[name]))))
    w("")
    w(FINDINGS)
    w("")
    w("Issue 23's classes referred to below:")
    w("")
    for number, text in CLASSES.items():
        w("%d. %s" % (number, text))
    w("")
    w("A passing test whose case needed a change from loopy's text (a declared shape, a smaller size) says so in")
    w("its row; \"loom differs (better)\" marks where loom does what loopy's test calls wrong correctly, \"by design\"")
    w("where SPEC.md decides against loopy.")
    for loopy_file, entries in rows.items():
        w("")
        w("## %s" % loopy_file)
        w("")
        w("| loopy test | status | cases, expected failures, notes |")
        w("| --- | --- | --- |")
        for test, status, text in entries:
            w("| `%s` | %s | %s |" % (test, status, text.replace("|", "\\|").replace("\n", " ")))
    w("")
    w(transform_table())
    open(os.path.join(ROOT, "docs", "loopy-compat.md"), "w").write("\n".join(out) + "\n")
    print("applicable %d, ported %d, passing %d, not applicable %d, cases %d" % (applicable, counts["ported"], counts["passing"], counts["na"], n_cases))


FINDINGS = """Findings worth a look first (loom bugs the suite found; each is an expected failure or a note):

- Fixed (issue 23, unclassified gaps): a private temporary's `initializer` was declared but never filled in
  (`test_temp_initializer`); `pow` with mixed operand types gave OpenCL that PoCL refused (`test_pow`);
  `"offset": "auto"` crashed the spec reader with SIGSEGV (now a SpecError naming the path; the cases
  `test_offsets_and_slicing` and `test_scalar_array_take_offset` stay ported without the offset, which loom's
  arrays do not carry); `dim_tags: "stride:auto"` was refused (now packed outside the known strides).
- Fixed (issue 23, this session): `... lbarrier {mem_kind=global}` emits loopy's `barrier(CLK_GLOBAL_MEM_FENCE)`
  and loom's barrier placement no longer counts it as ordering local memory (`test_local_barrier_mem_kind`);
  a reduction inside a branch of a conditional ran unconditionally and read out of bounds where the branch is
  not taken (`test_predicated_redn`, refused by the bounds check before; its asserted outputs for j = 8, 9
  were wrong); `test_no_unnecessary_lbarrier` counted `barrier(` in its own kernel name.
- Fixed (issue 23, wt-conf3): writes of one value read from storage the writers share (`out[i] = t[2*i]` from
  every work-item of a group, t local) are no write race; add_prefetch no longer makes an iname the fetch's
  loop when the footprint is the same for each of its values (`test_add_prefetch_works_in_lhs_index`).
  Found in loopy, where loom now refuses with the reason: alias_temporaries of temporaries needed at once
  (`test_save_with_base_storage`'s asserted values are the other temporary's), unordered writes of a
  shape-() argument (loopy's overlap check sees none: `test_deps_from_conditionals`), and a variable-length
  private array in OpenCL (`test_variable_size_temporary`).
- Fixed (issue 23, wt-conf4): a temporary's shape that is still a parameter when the kernel is made (loopy
  infers it after `fix_parameters`) was refused ("needs a constant size"); it is kept, `fix_parameters` makes
  it constant, and code generation refuses it only if it stays a parameter (`test_rob_stroud_bernstein_full`;
  `test_nop`, `test_unr_and_conditionals`, `test_constant_array_args`, `test_fixed_parameters` still declare
  shapes from the earlier workaround). `test_dependent_loop_bounds_4` still fails: isl's AST generation stops
  with "unbounded optimum" on its nested data-dependent domains (`b_start <= b < b_end`, `c_start <= c < c_end`).
- Fixed (issue 23, wt-conf5): `map_domain` whose written order runs a dependence backwards nests the new inames
  in the first legal order, recorded as a loop priority (`test_diamond_tiling`: tt, tparity, tx, itt, itx, the
  order the recipe's next call gives); a precompute of a rule whose body reads an iname it does not take as a
  parameter (`dpsi` reads `DFinv[c, ...]` in `test_poisson_fem`) left that iname out of the copy's loops and was
  refused as an out-of-bounds read. `test_poisson_fem` still fails: loopy's loop priorities are preferences its
  scheduler may break, loom's are constraints, and the copy needs k outside i against the priority c, j, i, k.
  `test_rank_one` variant_1 asserts loom's refusal at the step that leaves the kernel without a correct schedule."""


# loopy names loom spells differently or covers elsewhere, with the reason.
TRANSFORM_NOTES = {
    "split_iname": "loopy names its positional iname parameter `split_iname`, the transform's own name; loom's key is `iname` (recipes pass it positionally, so a line ports unchanged)",
    "chunk_iname": "loopy names its positional iname parameter `split_iname`; loom's key is `iname`",
    "fix_parameters": "loopy takes the values as keyword arguments, as loom's spec does (`{\"op\": \"fix_parameters\", \"n\": 200}`)",
    "pipeline_fetch": "loom only: double-buffered fetches",
    "pad_local_arrays_for_banks": "loom only: one local temporary (or all) padded by loom's bank rule; add_padding_to_avoid_bank_conflicts pads all of them",
    "reduction_arg_to_subst_rule": "loopy has it in loopy.transform.data, not exported at top level",
    "map_domain": "loopy's `transform_map` (loom's first name `isl_map` stays accepted)",
    "unprivatize_temporaries_with_inames": "loopy's `privatizing_inames` (loom's first name `unprivatizing_inames` stays accepted)",
    "remove_instructions": "a match expression or a list of ids, as loopy's set",
    "realize_reduction": "not available (class 11); loom realizes reductions during preprocessing",
    "split_array_dim": "loopy's deprecated predecessor of split_array_axis, which also splits the iname indexing the axis: split_iname then split_array_axis (test_vectorize)",
    "set_array_axis_names": "loom's axes are positional: the names are checked, the kernel is unchanged (loopy reads them only in printing and split_array_dim)",
    "set_temporary_scope": "loopy's deprecated alias of set_temporary_address_space",
    "add_padding_to_avoid_bank_conflicts": "loopy's is in loopy.transform.data, not exported, and takes a pyopencl device; loom's takes none (one bank rule: 32 banks of 4 bytes)",
    "to_batched": "`nbatches` is a string in loom: a name, or digits for a constant",
    "collect_common_factors_on_increment": "loom moves a factor only where that keeps every value; `vary_by_axes` is refused",
    "find_instructions": "a query, not a transform",
    "find_one_rule_matching": "a query, not a transform",
    "find_rules_matching": "a query, not a transform",
    "find_padding_multiple": "a query, not a transform",
    "find_unused_axis_tag": "a query, not a transform (loom uses it inside l.auto)",
    "get_iname_duplication_options": "a query, not a transform",
    "get_kennedy_unweighted_fusion_candidates": "a query, not a transform",
    "has_schedulable_iname_nesting": "a query, not a transform",
    "register_callable": "callables: outside SPEC.md's language",
    "rename_callable": "callables: outside SPEC.md's language",
    "inline_callable_kernel": "callables: outside SPEC.md's language",
    "merge": "callables: outside SPEC.md's language",
    "pack_and_unpack_args_for_call": "callables: outside SPEC.md's language",
    "fuse_kernels": "not a transform of one kernel: a fused spec (`kernels` + `fuse`, docs/spec.md) or the C++ call",
    "change_arg_to_image": "image arguments: outside SPEC.md's language",
    "allocate_temporaries_for_base_storage": "base_storage: loom aliases through alias_temporaries",
    "set_argument_order": "argument order of a Python call",
}


def transform_table():
    sigs = json.load(open(os.path.join(HERE, "transform_signatures.json")))
    loopy, loom = sigs["loopy"], sigs["loom"]
    lines = ["## Transforms", "",
             "Every transform loopy exports (`loopy/__init__.py`, from `loopy.transform.*`) with its parameters, and",
             "loom's transform of the same name from the registry (`transforms/*.def`, each transform's `TransformSpec`)",
             "with its parameters; `=` marks an optional parameter. loom adds `unchecked` to every transform.",
             "", "| loopy | loopy parameters | loom | loom parameters | difference |", "| --- | --- | --- | --- | --- |"]
    for name in sorted(set(loopy) | set(loom)):
        lp = loopy.get(name)
        lm = loom.get(name)
        note = ""
        if lp is not None and lm is not None:
            lp_names = [p.rstrip("=").lstrip("*") for p in lp]
            lm_names = [p.rstrip("=") for p in lm]
            missing = [p for p in lp_names if p not in lm_names and not p.startswith("_") and p not in ("kwargs", "args")]
            extra = [p for p in lm_names if p not in lp_names]
            parts = []
            if missing:
                parts.append("loopy's " + ", ".join("`%s`" % p for p in missing) + " not in loom")
            if extra:
                parts.append("loom adds " + ", ".join("`%s`" % p for p in extra))
            note = "; ".join(parts) if parts else "same"
        elif lp is None:
            note = "loom only"
        elif lm is None:
            note = "missing in loom"
        if name in TRANSFORM_NOTES:
            note = TRANSFORM_NOTES[name] if note in ("same", "missing in loom", "loom only") else note + ". " + TRANSFORM_NOTES[name]
        lines.append("| %s | %s | %s | %s | %s |" % (
            "`%s`" % name if lp is not None else "—", " ".join(lp or []) or "",
            "`%s`" % name if lm is not None else "—", " ".join(lm or []) or "", note))
    return "\n".join(lines)


if __name__ == "__main__":
    main()
