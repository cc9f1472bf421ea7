// libFuzzer target: instruction text (fuzz/fuzz_entries.hpp). Built with -DLOOM_FUZZ=ON (clang); run by
// ./dev fuzz, which keeps the corpus in fuzz/corpus/instruction/.
#include <cstddef>
#include <cstdint>

#include "fuzz/fuzz_entries.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
  loom::fuzz::instruction_text(std::string_view(reinterpret_cast<const char*>(data), size));
  return 0;
}
