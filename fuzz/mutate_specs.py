#!/usr/bin/env python3
"""Bad input for the `loom` command: mutate specs and check that loom answers like a tool.

Every spec given (files or folders of *.json) is mutated by the mutations below (dropped and
renamed keys, values of the wrong type, malformed domains and instructions, unknown inames and
arrays in transforms, out-of-range and huge parameters, empty domains, unicode); each mutant is
run with `loom compile SPEC --target c` and, when that succeeds, `loom run SPEC --target c`.
An outcome is acceptable when the command

  - exits 0 (the mutant is still a valid spec) or 1 (`run` found nothing wrong to report but a
    check failed: not used here, `run` runs without --check), or
  - exits 2 (the input is at fault) or 3 (the environment lacks something, e.g. memory for huge
    arrays) with an `error: ...` line on stderr that is not empty,

within the time limit, or exits 5 naming an index array (random contents of an index array whose
test.inputs the mutant dropped: the data's fault, reported). Anything else is a finding: exit 4 (an
internal error), 5 otherwise (loom accepted a spec whose kernel then faults), a signal (crash,
assert), a hang.
For exit 2, the message must name something: the JSON path of the field (`/transforms/0/...`),
or a name in quotes; a bare "error: invalid" is a finding too.

usage: mutate_specs.py LOOM [--per-spec N] [--seed S] [--timeout T] [--out DIR] PATH...
Findings are written as mutated specs to --out (default fuzz/findings/mutants) and listed; the
exit status is 1 when there are findings. fuzz/regressions/mutants/ keeps the fixed ones, each
run by ctest (MutantRegressions) through this script's --replay mode.
"""
import argparse
import copy
import json
import os
import random
import re
import subprocess
import sys

HUGE = 2**40


def first_domain(spec):
    d = spec.get("domains")
    if isinstance(d, list) and d and isinstance(d[0], str):
        return d[0]
    return d if isinstance(d, str) else None


def with_domain(spec, text):
    s = copy.deepcopy(spec)
    if isinstance(s.get("domains"), list) and s["domains"]:
        s["domains"][0] = text
    else:
        s["domains"] = text
    return s


def first_instruction(spec):
    insns = spec.get("instructions")
    if isinstance(insns, list):
        for text in insns:
            if isinstance(text, str) and "=" in text and ":=" not in text:
                return text
        return None
    return insns if isinstance(insns, str) else None


def with_instruction(spec, old, new):
    s = copy.deepcopy(spec)
    if isinstance(s["instructions"], list):
        s["instructions"] = [new if x == old else x for x in s["instructions"]]
    else:
        s["instructions"] = s["instructions"].replace(old, new, 1)
    return s


def inames_of(spec):
    names = []
    for d in (spec.get("domains") if isinstance(spec.get("domains"), list) else [spec.get("domains")]):
        if isinstance(d, str):
            m = re.search(r"\[([^\]]*)\]\s*:", d)
            if m:
                names += [x.strip() for x in m.group(1).split(",") if x.strip()]
    return names


def parameters_of(spec):
    test = spec.get("test")
    if isinstance(test, dict) and isinstance(test.get("parameters"), dict):
        return test["parameters"]
    return {}


def set_parameter(spec, name, value):
    s = copy.deepcopy(spec)
    s.setdefault("test", {}).setdefault("parameters", {})[name] = value
    return s


def mutate_transform(spec, index, key, value):
    s = copy.deepcopy(spec)
    s["transforms"][index][key] = value
    return s


def mutations(spec):
    """(name, mutant) pairs; a mutant is a dict, or a string for text that is not JSON."""
    out = []
    add = lambda name, m: out.append((name, m))
    text = json.dumps(spec)
    # Keys dropped, renamed, given the wrong type.
    for key in ["loom", "name", "domains", "instructions", "args", "transforms", "test"]:
        if key in spec:
            s = copy.deepcopy(spec)
            del s[key]
            add(f"drop-{key}", s)
            s = copy.deepcopy(spec)
            s[key + "s" if not key.endswith("s") else key[:-1]] = s.pop(key)
            add(f"rename-{key}", s)
            for wrong in [None, 7, "x", [], {}, [3], True]:
                s = copy.deepcopy(spec)
                s[key] = wrong
                add(f"type-{key}-{json.dumps(wrong)}", s)
    add("loom-version-2", dict(spec, loom=2))
    add("name-not-identifier", dict(spec, name="9 bad-name"))
    add("name-unicode", dict(spec, name="kérnel"))
    add("unknown-top-key", dict(spec, tranforms=[]))
    add("not-an-object", [spec])
    add("truncated-json", text[: len(text) // 2])
    add("empty-file", "")
    # Domains.
    dom = first_domain(spec)
    if dom:
        for name, bad in [
            ("domain-unclosed", dom.rstrip("}")),
            ("domain-empty-bound", re.sub(r"<\s*([A-Za-z0-9_+*\- ]+)\s*}", "< }", dom, count=1)),
            ("domain-no-constraints", re.sub(r":.*}", ": }", dom, count=1)),
            ("domain-trailing-and", dom.rstrip("}") + " and }"),
            ("domain-empty-set", dom.rstrip("}") + " and 1 = 0}"),
            ("domain-garbage", "{[i]: 0<=i<n"),
            ("domain-unicode", dom.replace("[", "[é,", 1)),
            ("domain-repeated-iname", dom.replace("[", "[" + (inames_of(spec) or ["i"])[0] + ",", 1)),
            ("domain-nonlinear", dom.rstrip("}") + " and i*i < 4}"),
            ("domain-not-a-set", "[n] -> { [i] -> [j] }"),
        ]:
            add(name, with_domain(spec, bad))
        if isinstance(spec.get("domains"), list):
            add("domains-extra-empty-string", dict(spec, domains=spec["domains"] + [""]))
            add("domains-duplicated", dict(spec, domains=spec["domains"] + spec["domains"][:1]))
    # Instructions.
    insn = first_instruction(spec)
    if insn:
        lhs, _, rhs = insn.partition("=")
        for name, bad in [
            ("insn-truncated", insn[: max(1, len(insn) // 2)]),
            ("insn-no-rhs", lhs + "= "),
            ("insn-no-lhs", "= " + rhs),
            ("insn-unbalanced", insn.replace("]", "", 1)),
            ("insn-unknown-function", lhs + "= frobnicate(" + rhs.split("{")[0] + ")"),
            ("insn-unknown-iname-reduction", lhs + "= sum(qq, " + rhs.split("{")[0] + ")"),
            ("insn-wrong-arity", re.sub(r"\[([^\]]*)\]", r"[\1, 0, 0]", insn, count=1)),
            ("insn-unicode", insn + " + é"),
            ("insn-bad-option", insn + " {frob=1}"),
            ("insn-dep-unknown", insn.split("{")[0] + " {dep=nonexistent}"),
            ("insn-divide-by-zero-literal", lhs + "= (" + rhs.split("{")[0] + ") // 0"),
            ("insn-float-subscript", re.sub(r"\[([^\],]*)", r"[\1 + 0.5", insn, count=1)),
            ("insn-assign-to-iname", (inames_of(spec) or ["i"])[0] + " = 1"),
        ]:
            add(name, with_instruction(spec, insn, bad))
    # Args and temporaries.
    if isinstance(spec.get("args"), list):
        for index, arg in enumerate(spec["args"]):
            if not isinstance(arg, dict):
                continue
            for key, wrong in [("dtype", "float33"), ("dtype", 32), ("shape", [-1]), ("shape", ["n*"]), ("shape", "n"),
                               ("shape", [HUGE, HUGE]), ("order", "X"), ("dim_tags", "zz,"), ("kind", "texture"),
                               ("name", ""), ("name", "a b"), ("offset", "??")]:
                s = copy.deepcopy(spec)
                s["args"][index][key] = wrong
                add(f"arg{index}-{key}-{json.dumps(wrong)}", s)
            break
        s = copy.deepcopy(spec)
        s["args"] = s["args"] + s["args"][:1]
        add("args-duplicated", s)
    temps = spec.get("temporaries")
    if isinstance(temps, list) and temps and isinstance(temps[0], dict):
        for key, wrong in [("address_space", "shared"), ("shape", [0]), ("shape", [-3]), ("initializer", [1]),
                           ("dtype", "complex"), ("read_only", "yes")]:
            s = copy.deepcopy(spec)
            s["temporaries"][0][key] = wrong
            add(f"temp0-{key}-{json.dumps(wrong)}", s)
    add("options-unknown-key", dict(spec, options={"frobnicate": True}))
    add("options-index-dtype-int8", dict(spec, options={"index_dtype": "int8"}))
    add("assumptions-malformed", dict(spec, assumptions="n >="))
    add("assumptions-contradiction", dict(spec, assumptions="1 = 0"))
    add("assumptions-unknown-parameter", dict(spec, assumptions="zz >= 1"))
    # Transforms.
    transforms = spec.get("transforms")
    if isinstance(transforms, list):
        add("transform-unknown-op", dict(spec, transforms=transforms + [{"op": "frobnicate_iname"}]))
        add("transform-no-op", dict(spec, transforms=transforms + [{"iname": "i"}]))
        add("transform-split-unknown-iname", dict(spec, transforms=transforms + [{"op": "split_iname", "iname": "zz_not_there", "inner_length": 4}]))
        add("transform-prefetch-unknown-array", dict(spec, transforms=transforms + [{"op": "add_prefetch", "var_name": "zz_not_there", "sweep_inames": []}]))
        add("transform-tag-unknown-iname", dict(spec, transforms=transforms + [{"op": "tag_inames", "iname_to_tag": "zz_not_there:l.0"}]))
        for name in inames_of(spec)[:1]:
            for length in [0, -1, HUGE, "16x", 2.5, None]:
                add(f"transform-split-length-{json.dumps(length)}", dict(spec, transforms=transforms + [{"op": "split_iname", "iname": name, "inner_length": length}]))
            for tag in ["l.9", "g.-1", "l.", "unr.", "bogus", "", "l.0 g.0"]:
                add(f"transform-tag-{json.dumps(tag)}", dict(spec, transforms=transforms + [{"op": "tag_inames", "iname_to_tag": f"{name}:{tag}"}]))
            add("transform-join-self", dict(spec, transforms=transforms + [{"op": "join_inames", "inames": [name, name]}]))
            add("transform-rename-to-existing-array", dict(spec, transforms=transforms + [{"op": "rename_iname", "old_iname": name, "new_iname": "n"}]))
            add("transform-prioritize-twice", dict(spec, transforms=transforms + [{"op": "prioritize_loops", "loop_priority": [name, name]}]))
            add("transform-fix-parameter-iname", dict(spec, transforms=transforms + [{"op": "fix_parameters", name: 3}]))
            add("transform-extra-parameter", dict(spec, transforms=transforms + [{"op": "split_iname", "iname": name, "inner_length": 2, "frob": 1}]))
        for index, t in enumerate(transforms):
            if not isinstance(t, dict):
                continue
            for key, value in t.items():
                if key == "op":
                    continue
                for wrong in ["zz_not_there", -5, None, [["x"]], {"a": 1}]:
                    add(f"transform{index}-{key}-{json.dumps(wrong)}", mutate_transform(spec, index, key, wrong))
                s = copy.deepcopy(spec)
                del s["transforms"][index][key]
                add(f"transform{index}-drop-{key}", s)
            break
    # Semantic mutations: valid JSON and syntax, schedules a user might try.
    if isinstance(transforms, list) and transforms:
        add("transforms-reversed", dict(spec, transforms=list(reversed(transforms))))
        add("transforms-each-twice", dict(spec, transforms=[t for t in transforms for _ in (0, 1)]))
        add("transforms-first-dropped", dict(spec, transforms=transforms[1:]))
        add("transforms-last-dropped", dict(spec, transforms=transforms[:-1]))
    if isinstance(transforms, list):
        names = inames_of(spec)
        if names:
            add("transform-all-inames-l0", dict(spec, transforms=transforms + [{"op": "tag_inames", "iname_to_tag": ", ".join(f"{n}:l.0" for n in names)}]))
            add("transform-split-both-l0", dict(spec, transforms=[{"op": "split_iname", "iname": names[0], "inner_length": 2, "outer_tag": "l.0", "inner_tag": "l.0"}] + transforms))
            add("transform-first-iname-unr", dict(spec, transforms=transforms + [{"op": "tag_inames", "iname_to_tag": f"{names[-1]}:unr"}]))
            add("transform-first-iname-ilp", dict(spec, transforms=[{"op": "tag_inames", "iname_to_tag": f"{names[0]}:ilp"}] + transforms))
            add("transform-prioritize-reversed", dict(spec, transforms=transforms + [{"op": "prioritize_loops", "loop_priority": list(reversed(names))}]))
            add("transform-split-1", dict(spec, transforms=[{"op": "split_iname", "iname": names[0], "inner_length": 1, "outer_tag": "g.0"}] + transforms))
    insns = spec.get("instructions")
    if isinstance(insns, list) and len(insns) > 1:
        add("instructions-reversed", dict(spec, instructions=list(reversed(insns))))
    # Parameters.
    for name in list(parameters_of(spec))[:2]:
        for value in [-5, 0, HUGE, "abc", 3.5, None, 2**31]:
            add(f"param-{name}-{json.dumps(value)}", set_parameter(spec, name, value))
    add("param-unknown", set_parameter(spec, "zz_not_a_parameter", 4))
    test = spec.get("test")
    if isinstance(test, dict):
        arrays = [a for arg in spec.get("args", []) if isinstance(arg, dict) and "shape" in arg
                  for a in str(arg.get("name", "")).replace(" ", "").split(",") if a]
        for inputs, label in [({"zz_not_there": {"values": [1]}}, "inputs-unknown-array"),
                              ({a: {"values": [1, 2]} for a in arrays[:1]}, "inputs-wrong-length"),
                              ({a: {"uniform": [1]} for a in arrays[:1]}, "inputs-uniform-one-bound"),
                              ({a: {"arange": "x"} for a in arrays[:1]}, "inputs-arange-string"),
                              ({a: {"values": ["x"]} for a in arrays[:1]}, "inputs-values-strings")]:
            s = copy.deepcopy(spec)
            s["test"]["inputs"] = inputs
            add(label, s)
        for key, wrong in [("rtol", -1), ("rtol", "x"), ("seed", -1), ("seed", "x")]:
            s = copy.deepcopy(spec)
            s["test"][key] = wrong
            add(f"test-{key}-{json.dumps(wrong)}", s)
    return out


def names_something(message):
    return bool(re.search(r"(?m)^error: spec:|\b[A-Za-z_]\w*=|/[A-Za-z_]|'[^']+'|\"[^\"]+\"|line \d+|column \d+", message))


def run(loom, args, timeout):
    try:
        p = subprocess.run([loom] + args, capture_output=True, timeout=timeout)
        try:
            return p.returncode, p.stderr.decode("utf-8")
        except UnicodeDecodeError as bad:
            # A message cut inside a multi-byte character: say so, as a finding.
            return p.returncode, p.stderr.decode("utf-8", "replace") + f"\nINVALID UTF-8 at byte {bad.start}"
    except subprocess.TimeoutExpired:
        return "timeout", ""


def judge(loom, path, timeout, must_refuse=False):
    """A list of problems (empty: acceptable) for the spec at `path`; with `must_refuse` (a kept
    regression), the spec must be refused (exit 2) by `compile` or `run`."""
    problems = []
    rc, err = run(loom, ["compile", path, "--target", "c"], timeout)
    steps = [("compile", rc, err)]
    if rc == 0:
        rc, err = run(loom, ["run", path, "--target", "c"], timeout)
        steps.append(("run", rc, err))
    for step, rc, err in steps:
        last = err.strip().splitlines()[-1] if err.strip() else ""
        errors = [line for line in err.splitlines() if line.startswith("error:")]
        if "INVALID UTF-8" in err:
            problems.append(f"{step}: the message is not valid UTF-8: {err.strip().splitlines()[-2:]}")
        if rc == "timeout":
            problems.append(f"{step}: no answer in {timeout} s")
        elif rc < 0 or rc > 5:
            problems.append(f"{step}: killed by signal / exit {rc}: {last}")
        elif rc == 5 and "index array" in err:
            pass  # random contents of an index array (the mutant dropped its test.inputs): the user's data
        elif rc in (4, 5):
            problems.append(f"{step}: exit {rc}: {last}")
        elif rc in (2, 3):
            if not errors or len(errors[0]) <= len("error: ") + 3:
                problems.append(f"{step}: exit {rc} without an error message: {last!r}")
            elif rc == 2 and not names_something(err):
                problems.append(f"{step}: exit 2 with a message that names nothing: {errors[0]}")
    if must_refuse and steps[-1][1] != 2:
        problems.append(f"expected a refusal (exit 2), got exit {steps[-1][1]} from {steps[-1][0]}")
    return problems


def write(path, mutant):
    with open(path, "w") as f:
        f.write(mutant if isinstance(mutant, str) else json.dumps(mutant, indent=1, ensure_ascii=False))


def spec_files(paths):
    for p in paths:
        if os.path.isdir(p):
            for root, _, files in os.walk(p):
                for f in sorted(files):
                    if f.endswith(".json"):
                        yield os.path.join(root, f)
        else:
            yield p


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("loom")
    parser.add_argument("paths", nargs="+")
    parser.add_argument("--per-spec", type=int, default=0, help="mutations per spec, sampled (0: all)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--timeout", type=float, default=20)
    parser.add_argument("--out", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "findings", "mutants"))
    parser.add_argument("--replay", action="store_true", help="judge the given files as they are (regressions)")
    parser.add_argument("--only", default="", help="a regular expression: only mutations whose name matches it")
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    scratch = os.path.join(args.out, ".scratch.json")
    rng = random.Random(args.seed)
    findings = total = 0
    for path in spec_files(args.paths):
        if args.replay:
            candidates = [("replay", None)]
        else:
            try:
                spec = json.load(open(path))
            except (ValueError, OSError):
                continue
            if not isinstance(spec, dict) or "loom" not in spec:
                continue
            candidates = [(n, m) for n, m in mutations(spec) if re.search(args.only, n)]
            if args.per_spec and len(candidates) > args.per_spec:
                candidates = rng.sample(candidates, args.per_spec)
        for name, mutant in candidates:
            total += 1
            target = path if args.replay else scratch
            if not args.replay:
                write(scratch, mutant)
            problems = judge(args.loom, target, args.timeout, must_refuse=args.replay)
            if problems:
                findings += 1
                label = os.path.splitext(os.path.basename(path))[0] + "--" + re.sub(r"[^A-Za-z0-9_.-]", "_", name)[:60]
                if not args.replay:
                    write(os.path.join(args.out, label + ".json"), mutant)
                print(f"FINDING {label}: " + "; ".join(problems), flush=True)
    if os.path.exists(scratch):
        os.remove(scratch)
    print(f"{total} mutants judged, {findings} findings")
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())
