// loopy's tiled matrix multiplication (test_linalg.py, test_plain_matrix_mul): 16x16 work-groups,
// the k loop in tiles of 16, both input tiles prefetched into local memory.
//
//   knl = lp.split_iname(knl, "i", 16, outer_tag="g.0", inner_tag="l.1")
//   knl = lp.split_iname(knl, "j", 16, outer_tag="g.1", inner_tag="l.0")
//   knl = lp.split_iname(knl, "k", 16)
//   knl = lp.add_prefetch(knl, "a", ["k_inner", "i_inner"],
//                         fetch_outer_inames="i_outer, j_outer, k_outer", default_tag="l.auto")
//   knl = lp.add_prefetch(knl, "b", ["j_inner", "k_inner"],
//                         fetch_outer_inames="i_outer, j_outer, k_outer", default_tag="l.auto")
//
// The first prefetch uses the positional form with the options struct (C++ designated
// initializers follow the struct's order); the second the keyword form, in loopy's order.
#include <string>
#include <vector>

#include "script.hpp"

int main() {
  return script::run("tiled_matmul", [] {
    using namespace loom;
    LoopKernel ref = make_kernel({"{[i,j,k]: 0<=i,j,k<n}"}, "c[i, j] = sum(k, a[i, k]*b[k, j])",
                                 {array_arg("a, b, c", DType::Float32, {"n", "n"}), value_arg("n")},
                                 {.name = "matmul", .assumptions = "n >= 1"});

    LoopKernel knl = split_iname(ref, "i", 16, {.outer_tag = "g.0", .inner_tag = "l.1"});
    knl = split_iname(knl, "j", 16, {.outer_tag = "g.1", .inner_tag = "l.0"});
    knl = split_iname(knl, "k", 16);
    LoopKernel tiled = knl;  // no local memory yet: the C target can run it
    std::vector<std::string> outer = {"i_outer", "j_outer", "k_outer"};
    knl = add_prefetch(knl, "a", {"k_inner", "i_inner"}, {.default_tag = "l.auto", .fetch_outer_inames = outer});
    knl = apply(knl, "add_prefetch",
                {{"var_name", "b"},
                 {"sweep_inames", {"j_inner", "k_inner"}},
                 {"fetch_outer_inames", "i_outer, j_outer, k_outer"},
                 {"default_tag", "l.auto"}});

    // The C target runs work-items one after another, so it cannot run local-memory tiles.
    bool passed = true;
    for (int64_t n : {16, 33}) {
      passed &= script::check(tiled, ref, {{"n", n}}, Target::C);
      passed &= script::check(knl, ref, {{"n", n}}, Target::OpenCL);
    }
    return passed;
  });
}
