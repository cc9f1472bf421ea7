// find_unused_axis_tag (loopy's transform/iname.py): the lowest hardware axis of a kind that no
// iname is tagged with, as a tag string for tag_inames.
//
//   i:g.0, j:l.0, k:l.1   find_unused_axis_tag(kernel, "l") == "l.2", (kernel, "g") == "g.1"
//
// loopy also takes an instruction match and looks only at the inames of those instructions;
// loom looks at every iname of the kernel. Not a transform: it returns a string, not a kernel.
//
// Refuses: a kind other than "g" or "l", and a kernel whose three axes (0-2) of that kind are
// all used.
#include <set>

#include "loom/error.hpp"
#include "loom/transforms.hpp"

namespace loom {

std::string find_unused_axis_tag(const LoopKernel& kernel, const std::string& kind) {
  if (kind != "g" && kind != "l") {
    throw Error(
        "find_unused_axis_tag: kind must be \"g\" (group axes) or \"l\" (local axes), got \"" +
        kind + "\"");
  }
  InameTag::Kind wanted = kind == "g" ? InameTag::Kind::Group : InameTag::Kind::Local;
  std::set<int> used;
  for (const std::string& iname : kernel.all_inames()) {
    InameTag tag = kernel.tag_of(iname);
    if (tag.kind == wanted) used.insert(tag.axis);
  }
  for (int axis = 0; axis <= 2; ++axis) {
    if (used.count(axis) == 0) return kind + "." + std::to_string(axis);
  }
  throw Error("find_unused_axis_tag: every " + std::string(kind == "g" ? "group" : "local") +
              " axis (" + kind + ".0-" + kind + ".2) is already used");
}

}  // namespace loom
