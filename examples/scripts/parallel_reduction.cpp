// loopy's parallel reduction (test_reduction.py, test_local_parallel_reduction): each column of
// `a` summed by one work-group, its rows spread over the work-items, which combine their values in
// local memory (a tree of halving steps with barriers between them).
//
//   knl = lp.make_kernel("{[i, j]: 0 <= i < n and 0 <= j < 5}", "z[j] = sum(i, a[i, j])")
//   knl = lp.fix_parameters(knl, n=size)
//   knl = lp.tag_inames(knl, "i:l.0, j:g.0")
//
// and a column sum of any length: the rows split by 16 onto the work-items, the reduction split so
// that each work-item first sums its rows sequentially, then the group combines (loopy's
// positional split_reduction_inward(knl, "i_outer", within)).
#include <string>

#include "script.hpp"

int main() {
  return script::run("parallel_reduction", [] {
    using namespace loom;
    bool passed = true;
    for (int64_t size : {5, 128}) {
      LoopKernel ref = make_kernel({"{[i, j]: 0 <= i < n and 0 <= j < 5}"}, "z[j] = sum(i, a[i, j])",
                                   {array_arg("a", DType::Float32, {"n", "5"}), array_arg("z", DType::Float32, {"5"}),
                                    value_arg("n")},
                                   {.name = "column_sums_" + std::to_string(size)});
      ref = fix_parameters(ref, {{"n", size}});
      LoopKernel knl = tag_inames(ref, "i:l.0, j:g.0");
      passed &= script::check(knl, ref, {}, Target::OpenCL);
    }

    LoopKernel ref = make_kernel({"{[i, j]: 0 <= i < n and 0 <= j < 5}"}, "z[j] = sum(i, a[i, j]) {id=colsum}",
                                 {array_arg("a", DType::Float32, {"n", "5"}), array_arg("z", DType::Float32, {"5"}),
                                  value_arg("n")},
                                 {.name = "chunked_column_sums", .assumptions = "n >= 1"});
    LoopKernel knl = split_iname(ref, "i", 16);
    knl = split_reduction_inward(knl, "i_outer", "id:colsum");
    LoopKernel sequential = knl;  // no local memory yet: the C target can run it
    knl = tag_inames(knl, "i_inner:l.0, j:g.0");
    for (int64_t n : {16, 100}) {
      passed &= script::check(sequential, ref, {{"n", n}}, Target::C);
      passed &= script::check(knl, ref, {{"n", n}}, Target::OpenCL);
    }
    return passed;
  });
}
