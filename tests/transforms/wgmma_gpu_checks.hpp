// The two GPU checks every wgmma path gets (BF16/FP16 in tensorize_wgmma_test.cpp, TF32 with the
// operands' roles exchanged in tensorize_wgmma_tf32_test.cpp): the specs match the reference at
// ragged sizes, and a deliberately wrong accumulator mapping fails the check at every size.
// Through NVRTC: the LLVM path has no wgmma lowering.
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "loom/loom.hpp"
#include "runtime/scoped_env.hpp"
#include "test_helpers.hpp"

namespace loom::testing {

// `text` with `from` replaced by `to`, which must occur (a spec edit that no longer applies fails).
inline std::string replaced(std::string text, const std::string& from, const std::string& to) {
  std::size_t at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  for (; at != std::string::npos; at = text.find(from, at + to.size())) text.replace(at, from.size(), to);
  return text;
}

// A BF16/FP16 wgmma spec (examples/tensor/bf16_gemm_wgmma*.json) with 64-column tiles
// (m64n64k16): a's fetch as before, b's 64 x 64 tile one column block (one TMA panel).
inline std::string with_64_column_tiles(const std::string& text) {
  std::string narrow = replaced(text, "\"iname\": \"j\", \"inner_length\": 256", "\"iname\": \"j\", \"inner_length\": 64");
  narrow = replaced(narrow, "m64n256k16", "m64n64k16");
  return replaced(narrow, "\"iname\": \"b_row\", \"inner_length\": 4", "\"iname\": \"b_row\", \"inner_length\": 16");
}

inline void expect_wgmma_specs_match_on_cuda(const std::vector<std::string>& spec_texts,
                                             const std::vector<ParameterMap>& sizes) {
  ScopedEnv nvrtc("LOOM_CUDA_COMPILER", "nvrtc");
  for (const std::string& text : spec_texts) {
    Spec spec = read_spec(text);
    SCOPED_TRACE(spec.kernel.name);
    for (const ParameterMap& at : sizes) {
      expect_matches_reference(spec.kernel, spec.reference, at, CheckOptions{.target = Target::CUDA});
    }
  }
}

// The test-only tag `tensorize_test_wrong_rows` swaps the accumulators' rows g and g + 8 of
// instruction "mm".
inline void expect_wrong_accumulator_mapping_fails_on_cuda(const std::string& spec_text,
                                                           const std::vector<ParameterMap>& sizes) {
  ScopedEnv nvrtc("LOOM_CUDA_COMPILER", "nvrtc");
  Spec spec = read_spec(spec_text);
  LoopKernel wrong = spec.kernel;
  for (Instruction& instruction : wrong.instructions) {
    if (instruction.id == "mm") instruction.tags.insert("tensorize_test_wrong_rows");
  }
  for (const ParameterMap& at : sizes) {
    CheckResult result = check_against_reference(wrong, spec.reference, at, CheckOptions{.target = Target::CUDA});
    EXPECT_FALSE(result.passed) << result.report();
  }
}

}  // namespace loom::testing
