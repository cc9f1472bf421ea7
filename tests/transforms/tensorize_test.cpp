// tensorize (issue 29): the tile runs as ordinary loops on C and OpenCL, so these tests check that
// a tensorized kernel still computes its reference at ragged sizes, and every refusal's message.
#include <gtest/gtest.h>

#include "device_helpers.hpp"
#include "loom/loom.hpp"
#include "test_helpers.hpp"

namespace loom {
namespace {

using testing::error_message;

LoopKernel matmul(DType a, DType b, DType c, const char* product = "a[i, k]*b[k, j]") {
  return make_kernel({"{[i,j,k]: 0<=i<m and 0<=j<n and 0<=k<l}"},
                     std::string("c[i, j] = sum(k, ") + product + ") {id=mm}",
                     {array_arg("a", a, {"m", "l"}), array_arg("b", b, {"l", "n"}), array_arg("c", c, {"m", "n"})},
                     {.name = "tc_matmul"});
}

// Tiles of 16x8 results per work-group over k slabs of `k_tile`, the tile inames sequential.
LoopKernel tiled(const LoopKernel& kernel, int64_t i_tile = 16, int64_t j_tile = 8, int64_t k_tile = 16) {
  LoopKernel result = split_iname(kernel, "i", i_tile, {.outer_tag = "g.0"});
  result = split_iname(result, "j", j_tile, {.outer_tag = "g.1"});
  result = split_iname(result, "k", k_tile);
  return prioritize_loops(result, "k_outer, i_inner, j_inner, k_inner");
}

const std::vector<std::string> kTile = {"i_inner", "j_inner", "k_inner"};

LoopKernel tensorized(const LoopKernel& kernel, const TensorizeOptions& options = {}) {
  return tensorize(tiled(kernel, 16, 8, options.shape == "m16n8k8" ? 8 : 16), "id:mm", kTile, options);
}

// Both operands staged in local memory, as the CUDA code wants them (ldmatrix reads shared memory).
LoopKernel staged(const LoopKernel& kernel) {
  LoopKernel result = tiled(kernel);
  PrefetchOptions a_fetch{.sweep_inames = {"i_inner", "k_inner"}, .default_tag = std::nullopt,
                          .fetch_outer_inames = std::vector<std::string>{"i_outer", "j_outer", "k_outer"}};
  PrefetchOptions b_fetch = a_fetch;
  b_fetch.sweep_inames = {"k_inner", "j_inner"};
  result = add_prefetch(add_prefetch(result, "a", a_fetch), "b", b_fetch);
  return tensorize(result, "id:mm", kTile);
}

const std::vector<ParameterMap> kRaggedSizes = {
    {{"m", 1}, {"n", 1}, {"l", 1}}, {{"m", 17}, {"n", 17}, {"l", 17}}, {{"m", 129}, {"n", 33}, {"l", 70}}};

TEST(Tensorize, MarksTheInstructionAndKeepsItsMeaningOnC) {
  for (DType type : {DType::BFloat16, DType::Float16}) {
    LoopKernel kernel = matmul(type, type, DType::Float32);
    LoopKernel result = tensorized(kernel);
    const Instruction* mm = result.find_instruction("mm");
    ASSERT_NE(mm, nullptr);
    EXPECT_EQ(mm->tags.count("tensorize_m16n8k16"), 1u);
    EXPECT_EQ(mm->tags.count("tensorize_tf32"), 0u);
    for (const ParameterMap& sizes : kRaggedSizes) testing::expect_matches_reference(result, kernel, sizes);
  }
}

TEST(Tensorize, SwappedOperandsAndColumnMajorReadsAreFragments) {
  // b*a instead of a*b, and a stored column-major (its contiguous axis is i): ldmatrix's
  // transposing form reads it.
  LoopKernel kernel = make_kernel({"{[i,j,k]: 0<=i<m and 0<=j<n and 0<=k<l}"}, "c[i, j] = sum(k, b[k, j]*a[i, k]) {id=mm}",
                                  {array_arg("a", DType::BFloat16, {"m", "l"}, ArrayOrder::F),
                                   array_arg("b", DType::BFloat16, {"l", "n"}), array_arg("c", DType::Float32, {"m", "n"})});
  testing::expect_matches_reference(tensorized(kernel), kernel, {{"m", 40}, {"n", 9}, {"l", 33}});
}

TEST(Tensorize, TF32OnlyWhenAsked) {
  LoopKernel kernel = matmul(DType::Float32, DType::Float32, DType::Float32);
  std::string refused = error_message<Error>([&] { tensorized(kernel, {.shape = "m16n8k8"}); });
  EXPECT_NE(refused.find("tensorize(mm): m16n8k8 rounds the float32 operands to TF32 (10 fraction bits); pass "
                         "allow_tf32=true to allow it"),
            std::string::npos)
      << refused;
  LoopKernel result = tensorized(kernel, {.shape = "m16n8k8", .allow_tf32 = true});
  EXPECT_EQ(result.find_instruction("mm")->tags.count("tensorize_tf32"), 1u);
  for (const ParameterMap& sizes : kRaggedSizes) testing::expect_matches_reference(result, kernel, sizes);
}

TEST(TensorizeOpenCL, StagedInLocalMemoryMatchesOnPocl) {
  LoopKernel kernel = matmul(DType::BFloat16, DType::BFloat16, DType::Float32);
  LoopKernel result = staged(kernel);
  EXPECT_EQ(result.find_instruction("mm")->tags.count("tensorize_m16n8k16"), 1u);
  for (const ParameterMap& sizes : kRaggedSizes) testing::expect_on_opencl(result, kernel, sizes);
}

std::string refusal(const LoopKernel& kernel, const std::vector<std::string>& inames = kTile,
                    const TensorizeOptions& options = {}) {
  return error_message<Error>([&] { tensorize(kernel, "id:mm", inames, options); });
}

TEST(Tensorize, RefusesWhatAFragmentCannotHold) {
  LoopKernel bf16 = matmul(DType::BFloat16, DType::BFloat16, DType::Float32);
  struct Case {
    std::string name, message, actual;
  };
  std::vector<Case> cases = {
      {"unknown shape", "tensorize: unknown shape 'm16n16k16' (m16n8k16 for float16 or bfloat16 operands",
       refusal(tiled(bf16), kTile, {.shape = "m16n16k16"})},
      {"wrong tile extent",
       "tensorize(mm): iname 'i_inner' (the tile's M) has 32 values from 0; the m16n8k16 tile needs 16 from 0 "
       "(split it: split_iname(\"i_inner\", 16))",
       refusal(tiled(bf16, 32))},
      {"not a reduction", "tensorize(mm): it is not a sum over k_inner",
       refusal(tiled(make_kernel({"{[i,j,k]: 0<=i<m and 0<=j<n and 0<=k<l}"}, "c[i, j] = a[i, k]*b[k, j] {id=mm}",
                                 {array_arg("a", DType::BFloat16, {"m", "l"}), array_arg("b", DType::BFloat16, {"l", "n"}),
                                  array_arg("c", DType::Float32, {"m", "n"})})))},
      {"not a product", "tensorize(mm): the summand 'a[16*i_outer + i_inner, 16*k_outer + k_inner] + b",
       refusal(tiled(matmul(DType::BFloat16, DType::BFloat16, DType::Float32, "a[i, k] + b[k, j]")))},
      {"mixed operand types", "tensorize(mm): the operands are bfloat16 and float16; a matrix instruction multiplies one type",
       refusal(tiled(matmul(DType::BFloat16, DType::Float16, DType::Float32)))},
      {"float32 operands", "the operands are float32 and float32; m16n8k16 multiplies float16 or bfloat16 (float32 "
       "operands: shape m16n8k8 with allow_tf32)",
       refusal(tiled(matmul(DType::Float32, DType::Float32, DType::Float32)))},
      {"narrow result", "tensorize(mm): the result is bfloat16; tensor cores accumulate into float32",
       refusal(tiled(matmul(DType::BFloat16, DType::BFloat16, DType::BFloat16)))},
      {"tagged tile iname", "tensorize(mm): iname 'j_inner' is tagged l.0; tile inames must be sequential",
       refusal(tag_inames(tiled(bf16), "j_inner:l.0"))},
      {"strided read", "is not indexed by k_inner with a unit step on one axis",
       refusal(tiled(make_kernel({"{[i,j,k]: 0<=i<m and 0<=j<n and 0<=k<l}"}, "c[i, j] = sum(k, a[i, 2*k]*b[k, j]) {id=mm}",
                                 {array_arg("a", DType::BFloat16, {"m", "2*l"}), array_arg("b", DType::BFloat16, {"l", "n"}),
                                  array_arg("c", DType::Float32, {"m", "n"})})))},
      {"layout", "tensorize(mm): neither i_inner nor k_inner indexes the contiguous axis of 'a[16*i_outer + i_inner, "
       "16*k_outer + k_inner, 0]'",
       refusal(tiled(make_kernel({"{[i,j,k]: 0<=i<m and 0<=j<n and 0<=k<l}"}, "c[i, j] = sum(k, a[i, k, 0]*b[k, j]) {id=mm}",
                                 {array_arg("a", DType::BFloat16, {"m", "l", "2"}), array_arg("b", DType::BFloat16, {"l", "n"}),
                                  array_arg("c", DType::Float32, {"m", "n"})})))},
      {"inames", "tensorize: give three distinct inames [i, j, k]", refusal(tiled(bf16), {"i_inner", "i_inner", "k_inner"})},
      {"several instructions", "tensorize: 'id:mm or id:other' matches",
       error_message<Error>([&] {
         LoopKernel two = make_kernel({"{[i,j,k]: 0<=i<m and 0<=j<n and 0<=k<l}"},
                                      "c[i, j] = sum(k, a[i, k]*b[k, j]) {id=mm}\nd[i, j] = sum(k, a[i, k]*b[k, j]) {id=other}",
                                      {array_arg("a", DType::BFloat16, {"m", "l"}), array_arg("b", DType::BFloat16, {"l", "n"}),
                                       array_arg("c, d", DType::Float32, {"m", "n"})});
         tensorize(tiled(two), "id:mm or id:other", kTile);
       })},
  };
  for (const Case& c : cases) EXPECT_NE(c.actual.find(c.message), std::string::npos) << c.name << ": " << c.actual;
}

TEST(Tensorize, RefusesAPrivateOperand) {
  LoopKernel kernel = tiled(matmul(DType::BFloat16, DType::BFloat16, DType::Float32));
  PrefetchOptions private_fetch{.sweep_inames = {"i_inner", "k_inner"}, .default_tag = std::nullopt,
                                .fetch_outer_inames = std::vector<std::string>{"i_outer", "j_outer", "k_outer"}};
  private_fetch.temporary_address_space = AddressSpace::Private;
  std::string message = refusal(add_prefetch(kernel, "a", private_fetch));
  EXPECT_NE(message.find("tensorize(mm): 'a_fetch' is in private memory; fragments are loaded from local or global memory"),
            std::string::npos)
      << message;
}

TEST(Tensorize, AppliesFromASpec) {
  std::string spec = R"({"loom": 1, "name": "tc",
    "domains": ["{[i,j,k]: 0<=i<m and 0<=j<n and 0<=k<l}"],
    "instructions": ["c[i, j] = sum(k, a[i, k]*b[k, j]) {id=mm}"],
    "args": [{"name": "a", "dtype": "bfloat16", "shape": ["m", "l"]}, {"name": "b", "dtype": "bfloat16", "shape": ["l", "n"]},
             {"name": "c", "dtype": "float32", "shape": ["m", "n"]}],
    "transforms": [
      {"op": "split_iname", "iname": "i", "inner_length": 16, "outer_tag": "g.0"},
      {"op": "split_iname", "iname": "j", "inner_length": 8, "outer_tag": "g.1"},
      {"op": "split_iname", "iname": "k", "inner_length": 16},
      {"op": "tensorize", "insn_match": "id:mm", "inames": "i_inner, j_inner, k_inner", "shape": "m16n8k16"}]})";
  Spec parsed = read_spec(spec);
  EXPECT_EQ(parsed.kernel.find_instruction("mm")->tags.count("tensorize_m16n8k16"), 1u);
}

}  // namespace
}  // namespace loom
