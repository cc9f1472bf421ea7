// A select's condition on CUDA (codegen/print_c_family.cpp, issue 25): a conjunction of integer
// comparisons that read no memory is printed with `&`, so NVVM sees one predicate and ptxas
// predicates the load (`&&` is control flow to NVVM: the split-k SGEMM's fetch kept two branches
// around each load). A condition that reads memory keeps `&&`: `if(c, a, b)` is lazy and the
// left side may guard the right side's read. OpenCL and C print `&&` as before.
#include <gtest/gtest.h>

#include "device_helpers.hpp"
#include "loom/loom.hpp"
#include "test_helpers.hpp"

namespace loom {
namespace {

using testing::count;
using testing::kernels_of;

Spec split_k_sgemm() { return read_spec_file(std::string(LOOM_EXAMPLES_DIR) + "/memory/sgemm_splitk.json"); }

TEST(SelectConditions, CudaPredicatedFetchesJoinTheirComparisonsWithAnd) {
  std::string cuda = kernels_of(generate_code(split_k_sgemm().kernel, Target::CUDA).source);
  // The first fetch of a: its row inside m and its k inside p, one predicate.
  EXPECT_NE(cuda.find("a_fetch[a_dim_0_inner + a_dim_1 * 68] = (m >= a_dim_0_inner + 64 * ig + 1) & "
                      "(p >= a_dim_1 + 16 * s + 1) ? a["),
            std::string::npos)
      << cuda;
  // 8 fetched elements of a and 16 of b per work-item, before the k loop and for the next k step.
  EXPECT_EQ(count(cuda, ") & (p >= "), 2 * (8 + 16)) << cuda;
  // Statement conditions are untouched (the stores of the partial sums keep their `&&`).
  EXPECT_GT(count(cuda, "if (m >= "), 0);
  EXPECT_EQ(count(cuda, "if (m >= 4 * (8 * (2 * ig) + il) + 1 & "), 0) << cuda;
}

TEST(SelectConditions, OpenClKeepsTheLogicalAnd) {
  Spec spec = split_k_sgemm();
  std::string code = generate_code(spec.kernel, Target::OpenCL).source;  // C cannot run it (local tiles)
  EXPECT_EQ(count(code, ") & ("), 0) << code;
  EXPECT_GT(count(code, " && p >= "), 0) << code;
}

TEST(SelectConditions, AConditionThatReadsMemoryStaysLazy) {
  Spec spec = read_spec(R"js({"loom": 1, "name": "lazy", "domains": ["{[i]: 0<=i<n}"],
    "instructions": ["out[i] = if(i >= 1 and a[i] > 0, a[i], 0)"],
    "args": [{"name": "a, out", "dtype": "float32", "shape": ["n"]}, {"name": "n", "kind": "value", "dtype": "int32"}],
    "transforms": [{"op": "split_iname", "iname": "i", "inner_length": 32, "outer_tag": "g.0", "inner_tag": "l.0"}]})js");
  std::string cuda = kernels_of(generate_code(spec.kernel, Target::CUDA).source);
  EXPECT_NE(cuda.find(" && a["), std::string::npos) << cuda;
  EXPECT_EQ(count(cuda, ") & ("), 0) << cuda;
  CheckOptions options;
  options.target = Target::C;
  for (int64_t n : {1, 33}) testing::expect_matches_reference(spec.kernel, spec.reference, {{"n", n}}, options);
}

}  // namespace
}  // namespace loom
