// check_reads_of_unwritten_elements: a read of a temporary element no instruction writes is
// refused when the code is generated; reads isl cannot describe exactly are never refused.
#include <gtest/gtest.h>

#include <string>

#include "loom/loom.hpp"
#include "loom/spec.hpp"
#include "test_helpers.hpp"

namespace loom {
namespace {

using testing::error_message;

// Split-k with slices of k along s, partial sums in a global temporary summed after a gbarrier.
// `k_domain` decides which (s, i, j) the product runs at.
std::string split_k_spec(const std::string& k_domains) {
  return R"({"loom": 1, "name": "splitk",
    "domains": [)" + k_domains + R"(, "{[u,v,t]: 0<=u<m and 0<=v<n and 0<=t<4}"],
    "instructions": ["partial[s, i, j] = sum([kt, kk], a[i, 64*kt+16*s+kk]*b[64*kt+16*s+kk, j]) {id=prod}",
                     "... gbarrier {id=split, dep=prod}",
                     "c[u, v] = sum(t, partial[t, u, v]) {id=fin, dep=split}"],
    "args": [{"name": "a", "dtype": "float32", "shape": ["m", "p"]},
             {"name": "b", "dtype": "float32", "shape": ["p", "n"]},
             {"name": "c", "dtype": "float32", "shape": ["m", "n"]},
             {"name": "m, n, p", "kind": "value", "dtype": "int32"}],
    "temporaries": [{"name": "partial", "dtype": "float32", "shape": [4, "m", "n"], "address_space": "global"}],
    "assumptions": "m >= 1 and n >= 1 and p >= 1"})";
}

TEST(UnwrittenReads, ASliceWithoutKWritesNothingInOneDomain) {
  // One domain: the product runs at the projection onto (s, i, j), so where p <= 16 s slice s
  // has no points and partial[s, ...] is never written, but the sum reads it.
  Spec one_domain = read_spec(split_k_spec(
      R"("{[s,i,j,kt,kk]: 0<=s<4 and 0<=i<m and 0<=j<n and 0<=kk<16 and 0<=64*kt+16*s+kk<p}")"));
  std::string message = error_message<Error>([&] { generate_code(one_domain.kernel, Target::C); });
  EXPECT_NE(message.find("instruction 'fin' reads elements of temporary 'partial' that no instruction writes, e.g. at "
                         "fin[u=0, v=0] with m=1, n=1, p=1"),
            std::string::npos)
      << message;
}

TEST(UnwrittenReads, TheReductionInItsOwnDomainWritesEverySlice) {
  Spec nested = read_spec(split_k_spec(
      R"("{[s,i,j]: 0<=s<4 and 0<=i<m and 0<=j<n}", "[s,p] -> {[kt,kk]: 0<=s<4 and kt>=0 and 0<=kk<16 and 64*kt+16*s+kk<p}")"));
  EXPECT_NO_THROW(generate_code(nested.kernel, Target::C));
  // ...and it computes the product even where some slices are empty (p = 20: slices 2 and 3).
  CheckOptions options;
  options.target = Target::C;
  CheckResult result = check_against_reference(nested.kernel, nested.reference, {{"m", 3}, {"n", 5}, {"p", 20}}, options);
  EXPECT_TRUE(result.passed) << result.report();
}

// Each 16-deep chunk of a slice rounded up (split of the chunk iname, round_up): the product
// carries `loom_round_up(64 kt + 16 s + 16 kz + kk < p)`, a condition on its reduction inames.
// It restricts the sum's terms, not the write of partial[s, i, j]; read as a condition of the
// write, kt and kk became free parameters of the written set and the sum was refused.
TEST(UnwrittenReads, ARoundedUpReductionStillWritesItsResult) {
  Spec spec = read_spec(R"({"loom": 1, "name": "splitk_r",
    "domains": ["{[s,i,j]: 0<=s<4 and 0<=i<m and 0<=j<n}",
                "[s,p] -> {[kt,k0]: 0<=s<4 and kt>=0 and 0<=k0<16 and 64*kt+16*s+k0<p}",
                "{[u,v,t]: 0<=u<m and 0<=v<n and 0<=t<4}"],
    "instructions": ["partial[s, i, j] = sum([kt, k0], a[i, 64*kt+16*s+k0]*b[64*kt+16*s+k0, j]) {id=prod}",
                     "... gbarrier {id=split, dep=prod}",
                     "c[u, v] = sum(t, partial[t, u, v]) {id=fin, dep=split}"],
    "args": [{"name": "a", "dtype": "float32", "shape": ["m", "p"]},
             {"name": "b", "dtype": "float32", "shape": ["p", "n"]},
             {"name": "c", "dtype": "float32", "shape": ["m", "n"]},
             {"name": "m, n, p", "kind": "value", "dtype": "int32"}],
    "temporaries": [{"name": "partial", "dtype": "float32", "shape": [4, "m", "n"], "address_space": "global"}],
    "assumptions": "m >= 1 and n >= 1 and p >= 1",
    "transforms": [{"op": "split_iname", "iname": "k0", "inner_length": 16, "outer_iname": "kz",
                    "inner_iname": "kk", "tail_strategy": "round_up"}]})");
  EXPECT_NO_THROW(generate_code(spec.kernel, Target::C));
  // Slices 2 and 3 without k (p = 20), a partial chunk in every slice (p = 37), several steps.
  CheckOptions options;
  options.target = Target::C;
  for (int64_t p : {1, 20, 37, 200}) {
    CheckResult result = check_against_reference(spec.kernel, spec.reference, {{"m", 3}, {"n", 5}, {"p", p}}, options);
    EXPECT_TRUE(result.passed) << "p = " << p << ": " << result.report();
  }
}

TEST(UnwrittenReads, OnlyExactReadsAreJudged) {
  // t[i] is written for even i only. A plain read of every t[i] is refused...
  auto kernel_reading = [](const std::string& read) {
    return read_spec(R"({"loom": 1, "name": "evens", "domains": ["{[i]: 0<=i<n}", "{[e]: 0<=e<n and e mod 2 = 0}"],
      "instructions": ["t[e] = a[e] {id=w}", ")" + read + R"( {id=r, dep=w}"],
      "args": [{"name": "a, out", "dtype": "float32", "shape": ["n"]}, {"name": "n", "kind": "value", "dtype": "int32"}],
      "temporaries": [{"name": "t", "dtype": "float32", "shape": ["n"], "address_space": "global"}],
      "assumptions": "n >= 2"})")
        .kernel;
  };
  std::string message = error_message<Error>([&] { generate_code(kernel_reading("out[i] = t[i]"), Target::C); });
  EXPECT_NE(message.find("instruction 'r' reads elements of temporary 't' that no instruction writes, e.g. at r[i=1]"),
            std::string::npos)
      << message;
  // ...an affine guard that keeps to the written elements is understood...
  EXPECT_NO_THROW(generate_code(kernel_reading("out[i] = if(i % 2 == 0, t[i], 0)"), Target::C));
  // ...and a data-dependent guard is not judged (isl cannot tell which elements it reads).
  EXPECT_NO_THROW(generate_code(kernel_reading("out[i] = if(a[i] > 0, t[i], 0)"), Target::C));
}

}  // namespace
}  // namespace loom
