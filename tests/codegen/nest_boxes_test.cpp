// Constant boxes of one nest (codegen/nest_boxes.hpp, issue 26): an unrolled loop that is a product
// with its range only in the full-group nest leaves that nest's isl problem. The code must be the
// code of isl's loop (LOOM_NO_NEST_BOXES=1 keeps every such loop a band), and the kernels must run
// against their untransformed versions on OpenCL (PoCL in CI) and the C target.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "codegen/nest_boxes.hpp"
#include "device_helpers.hpp"
#include "loom/loom.hpp"
#include "runtime/scoped_env.hpp"
#include "test_helpers.hpp"

namespace loom {
namespace {

using testing::expect_matches_reference;
using testing::expect_on_opencl;

struct BothWays {
  std::string boxed, banded;
  int made = 0;
};

BothWays with_and_without(const LoopKernel& kernel, Target target) {
  BothWays code;
  int before = codegen::nest_boxes_made();
  code.boxed = generate_code(kernel, target).source;
  code.made = codegen::nest_boxes_made() - before;
  testing::ScopedEnv off("LOOM_NO_NEST_BOXES", "1");
  code.banded = generate_code(kernel, target).source;
  return code;
}

LoopKernel scaled() {
  return make_kernel({"{[i]: 0<=i<n}"}, "out[i] = 2*a[i] + 1", {array_arg("a, out", DType::Float32, {"n"}), value_arg("n")},
                     {.name = "scaled"});
}

// Groups of 64, four work-items of 16 unrolled copies each: `64*g + 16*l + r < n` ties the copy r
// to n in the last group, and only the full groups' nest has r's whole range for every copy.
LoopKernel unrolled_copies(const std::string& copy_tag) {
  LoopKernel kernel = split_iname(scaled(), "i", 64, {.outer_tag = "g.0"});
  return split_iname(kernel, "i_inner", 16, {.outer_tag = "l.0", .inner_tag = copy_tag});
}

TEST(NestBoxes, FullGroupCopiesAreIslsUnrolledLoop) {
  for (const std::string tag : {"unr", "ilp"}) {
    LoopKernel kernel = unrolled_copies(tag);
    for (Target target : {Target::OpenCL, Target::CUDA}) {
      BothWays code = with_and_without(kernel, target);
      EXPECT_EQ(code.boxed, code.banded) << tag << " " << target_name(target);
      EXPECT_GT(code.made, 0) << tag << " " << target_name(target) << "\n" << code.boxed;
    }
    for (int64_t n : {1, 17, 64, 100, 128}) {
      expect_on_opencl(kernel, scaled(), {{"n", n}});
      expect_matches_reference(kernel, scaled(), {{"n", n}});
    }
  }
}

std::filesystem::path example(const std::string& name) {
  return std::filesystem::path(LOOM_SOURCE_DIR) / "examples" / name;
}

TEST(NestBoxes, TensorGemmRegisterTilesAreIslsUnrolledLoops) {
  // i_rep and j_rep (ilp) around the tensor tiles: boxes in the full-group nest only.
  for (const char* name : {"tensor/bf16_gemm.json", "tensor/f16_gemm_8warps_ring3.json"}) {
    Spec spec = read_spec_file(example(name).string());
    BothWays code = with_and_without(spec.kernel, Target::CUDA);
    EXPECT_EQ(code.boxed, code.banded) << name;
    EXPECT_GT(code.made, 0) << name;
  }
}

}  // namespace
}  // namespace loom
