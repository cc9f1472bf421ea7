// loopy's five-point stencil (test_apps.py, test_stencil): 16x16 work-groups, and the tile of `a`
// each group reads, with its halo, fetched into local memory. The footprint of the five reads is
// a cross, not a box, so the fetch takes its bounding box (18x18).
//
//   knl = lp.make_kernel("{[i,j]: 0<= i,j < n}",
//       ["a_offset(ii, jj) := a[ii+1, jj+1]",
//        "z[i,j] = -2*a_offset(i,j) + a_offset(i,j-1) + a_offset(i,j+1)"
//        "         + a_offset(i-1,j) + a_offset(i+1,j)"])
//   knl = lp.split_iname(knl, "i", 16, outer_tag="g.1", inner_tag="l.1")
//   knl = lp.split_iname(knl, "j", 16, outer_tag="g.0", inner_tag="l.0")
//   knl = lp.add_prefetch(knl, "a", ["i_inner", "j_inner"], fetch_bounding_box=True,
//                         default_tag="l.auto")
//
// Here the keyword form takes the options in loopy's order, which the options struct's
// designated initializers could not (fetch_bounding_box is declared after default_tag).
#include "script.hpp"

int main() {
  return script::run("stencil", [] {
    using namespace loom;
    LoopKernel ref = make_kernel({"{[i,j]: 0<= i,j < n}"},
                                 "a_offset(ii, jj) := a[ii+1, jj+1]\n"
                                 "z[i,j] = -2*a_offset(i,j) + a_offset(i,j-1) + a_offset(i,j+1)"
                                 " + a_offset(i-1,j) + a_offset(i+1,j)",
                                 {array_arg("a, z", DType::Float32, {"n+2", "n+2"}), value_arg("n")},
                                 {.name = "stencil", .assumptions = "n >= 1"});

    LoopKernel knl = split_iname(ref, "i", 16, {.outer_tag = "g.1", .inner_tag = "l.1"});
    knl = split_iname(knl, "j", 16, {.outer_tag = "g.0", .inner_tag = "l.0"});
    LoopKernel tiled = knl;  // no local memory yet: the C target can run it
    knl = apply(knl, "add_prefetch",
                {{"var_name", "a"},
                 {"sweep_inames", {"i_inner", "j_inner"}},
                 {"fetch_bounding_box", true},
                 {"default_tag", "l.auto"}});

    // The C target runs work-items one after another, so it cannot run local-memory tiles.
    bool passed = true;
    for (int64_t n : {16, 40}) {
      passed &= script::check(tiled, ref, {{"n", n}}, Target::C);
      passed &= script::check(knl, ref, {{"n", n}}, Target::OpenCL);
    }
    return passed;
  });
}
