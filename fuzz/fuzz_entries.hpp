// What the fuzz targets (fuzz/*_fuzz.cpp, libFuzzer) and their regression test
// (tests/lang/fuzz_regression_test.cpp) feed arbitrary bytes to: loom's three text front ends.
// Each returns normally for input loom accepts or refuses with a loom::Error; anything else (a
// crash, another exception, a sanitizer report, a hang past libFuzzer's timeout) is a finding.
#pragma once

#include <string>
#include <string_view>

#include "lang/domain_parser.hpp"
#include "lang/instruction_parser.hpp"
#include "loom/loom.hpp"

namespace loom::fuzz {

// A domain string, parsed alone and then as a kernel's only domain.
inline void domain_text(std::string_view text) {
  try {
    auto context = std::make_shared<IslContext>();
    lang::parse_domain(context, text);
    make_kernel({std::string(text)}, "out[0] = 1", {array_arg("out", DType::Float32, {"1"})});
  } catch (const Error&) {
  }
}

// Instruction text, parsed alone and then as the instructions of a kernel over a fixed domain.
inline void instruction_text(std::string_view text) {
  try {
    lang::parse_instructions(text);
    make_kernel({"{[i,j,k]: 0<=i,j,k<n}"}, std::string(text),
                {array_arg("a, b, c", DType::Float32, {"n", "n"}), array_arg("x, y", DType::Float32, {"n"})});
  } catch (const Error&) {
  }
}

// A JSON spec: read, validated and its transforms applied.
inline void spec_text(std::string_view text) {
  try {
    read_spec(std::string(text));
  } catch (const Error&) {
  }
}

}  // namespace loom::fuzz
