// tag_inames (loopy's transform/iname.py): gives inames implementation tags.
//
//   tag_inames(knl, "i_outer:g.0, i_inner:l.0")
//
// Keys may be globs (`i_*:unr`); tags are loopy's (for, ord, g.N, l.N, l.auto, unr,
// unr_hint[.N], ilp, ilp.unr, ilp.seq, vec), plus `like.X` (X's tag) and `unused.g` / `unused.l`
// (the lowest axis of that kind no iname uses yet). Refuses: a key matching no iname, an unknown
// tag, a second, different implementation tag on an iname (untag it first), and — through the
// legality checks — a parallel tag that would cross a dependence or make two work-items write the
// same element.
#include <fnmatch.h>

#include <set>

#include "loom/error.hpp"
#include "transforms/registry.hpp"
#include "transforms/finish_keeping_order.hpp"
#include "transforms/transform_support.hpp"

namespace loom {

namespace {

std::vector<std::string> matching_inames(const LoopKernel& kernel, const std::string& pattern) {
  std::vector<std::string> matches;
  for (const std::string& iname : kernel.all_inames()) {
    if (fnmatch(pattern.c_str(), iname.c_str(), 0) == 0) matches.push_back(iname);
  }
  if (matches.empty()) {
    std::string known;
    for (const std::string& iname : kernel.all_inames()) known += (known.empty() ? "" : ", ") + iname;
    throw Error("tag_inames: '" + pattern + "' matches no iname (the kernel's inames: " + known + ")");
  }
  return matches;
}

InameTag unused_axis(const LoopKernel& kernel, InameTag::Kind kind) {
  std::set<int> used;
  for (const auto& [iname, tag] : kernel.iname_tags) {
    if (tag.kind == kind) used.insert(tag.axis);
  }
  for (int axis = 0; axis < 3; ++axis) {
    if (used.count(axis) == 0) return {kind, axis};
  }
  throw Error(std::string("tag_inames: every ") + (kind == InameTag::Kind::Group ? "group" : "local") +
              " axis (0-2) is already used");
}

InameTag resolve_tag(const LoopKernel& kernel, const std::string& text) {
  if (text.rfind("like.", 0) == 0) {
    std::string other = text.substr(5);
    require_iname(kernel, other, "tag_inames");
    return kernel.tag_of(other);
  }
  if (text == "unused.g") return unused_axis(kernel, InameTag::Kind::Group);
  if (text == "unused.l") return unused_axis(kernel, InameTag::Kind::Local);
  try {
    return parse_iname_tag(text);
  } catch (const Error& error) {
    throw Error(std::string("tag_inames: ") + error.what());
  }
}

void set_tag(LoopKernel& kernel, const std::string& iname, const InameTag& tag) {
  InameTag current = kernel.tag_of(iname);
  bool has_tag = kernel.iname_tags.count(iname) != 0;
  if (has_tag && !(current == tag)) {
    throw Error("tag_inames: iname '" + iname + "' is already tagged " + to_string(current) + "; an iname has one "
                "implementation tag, so untag it first (untag_inames) to tag it " + to_string(tag));
  }
  kernel.iname_tags[iname] = tag;
}

// Whether an iname with `tag` is a sequential loop to every legality check: untagged (for) or
// unrolled (unr, unr_hint). Not ord, ilp (privatized copies) or hardware axes.
bool runs_as_a_plain_loop(const InameTag& tag) {
  using Kind = InameTag::Kind;
  return tag.kind == Kind::Sequential || tag.kind == Kind::Unroll || tag.kind == Kind::UnrollHint;
}

}  // namespace

LoopKernel tag_inames(const LoopKernel& kernel, const std::map<std::string, std::string>& iname_to_tag, bool unchecked) {
  TransformCall call{"tag_inames", {{"iname_to_tag", iname_to_tag}}};
  if (unchecked) call.arguments["unchecked"] = true;
  LoopKernel result = kernel;
  bool sequential_only = true;
  for (const auto& [pattern, tag_text] : iname_to_tag) {
    for (const std::string& iname : matching_inames(kernel, pattern)) {
      InameTag tag = resolve_tag(result, tag_text);
      sequential_only = sequential_only && runs_as_a_plain_loop(kernel.tag_of(iname)) && runs_as_a_plain_loop(tag);
      set_tag(result, iname, tag);
    }
  }
  if (sequential_only && kernel.verified) {
    // Issue 26: every check reads these tags only as "a sequential loop" (timestamps, races,
    // private copies, the temporaries' loops), which they were and stay.
    return finish_transform_keeping_order(kernel, std::move(result), call, std::nullopt, unchecked, CheckScope::Order,
                                          "an unrolling tag on a sequential loop");
  }
  return finish_transform(kernel, std::move(result), call, std::nullopt, unchecked, CheckScope::Parallel);
}

LoopKernel tag_inames(const LoopKernel& kernel, const std::string& iname_to_tag, bool unchecked) {
  return tag_inames(kernel, parse_tag_map(iname_to_tag, "tag_inames"), unchecked);
}

LOOM_REGISTER_TRANSFORM(tag_inames) {
  registry.add({"tag_inames",
                "give inames implementation tags",
                {{"iname_to_tag", ParameterType::TagMap, true}},
                [](const LoopKernel& kernel, const TransformArguments& args) {
                  return tag_inames(kernel, args.tag_map("iname_to_tag"), args.unchecked());
                }});
}

}  // namespace loom
