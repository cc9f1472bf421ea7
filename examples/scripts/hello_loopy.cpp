// loopy's tutorial, "hello loopy": double every element of a vector, 128 work-items per group.
//
//   knl = lp.make_kernel("{ [i]: 0<=i<n }", "out[i] = 2*a[i]")
//   knl = lp.split_iname(knl, "i", 128, outer_tag="g.0", inner_tag="l.0")
#include "script.hpp"

int main() {
  return script::run("hello_loopy", [] {
    using namespace loom;
    LoopKernel ref = make_kernel({"{ [i]: 0<=i<n }"}, "out[i] = 2*a[i]",
                                 {array_arg("a", DType::Float32, {"n"}), infer_remaining_args()},
                                 {.name = "hello_loopy"});

    LoopKernel knl = split_iname(ref, "i", 128, {.outer_tag = "g.0", .inner_tag = "l.0"});

    bool passed = true;
    for (int64_t n : {1, 128, 1000}) {
      passed &= script::check(knl, ref, {{"n", n}}, Target::C);
      passed &= script::check(knl, ref, {{"n", n}}, Target::OpenCL);
    }
    return passed;
  });
}
