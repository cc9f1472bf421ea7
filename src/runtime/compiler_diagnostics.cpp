#include "runtime/compiler_diagnostics.hpp"

#include <array>
#include <sstream>
#include <string_view>

namespace loom::detail {

namespace {

// Spellings of GCC and Clang (C and OpenCL C).
constexpr std::array<std::string_view, 8> kWrongCodePhrases = {
    "comparison between pointer and integer",
    "makes integer from pointer",
    "makes pointer from integer",
    "incompatible integer to pointer",
    "incompatible pointer to integer",
    "incompatible pointer type",
    "implicit declaration of function",
    "implicitly declaring library function",
};

}  // namespace

std::optional<std::string> wrong_code_diagnostic(const std::string& log) {
  std::istringstream lines(log);
  std::string line;
  while (std::getline(lines, line)) {
    for (std::string_view phrase : kWrongCodePhrases) {
      if (line.find(phrase) != std::string::npos) return line;
    }
  }
  return std::nullopt;
}

}  // namespace loom::detail
