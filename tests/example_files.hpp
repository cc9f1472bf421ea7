// The examples/ folder for tests that read its specs.
#pragma once

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace loom::testing {

// LOOM_EXAMPLES: the examples folder where the source tree is elsewhere (a GPU machine's copy);
// otherwise the source tree's, as the build knows it.
inline std::filesystem::path examples_folder() {
  const char* folder = std::getenv("LOOM_EXAMPLES");
  return std::filesystem::path(folder != nullptr ? folder : LOOM_EXAMPLES_DIR);
}

// The text of examples/<subfolder>/<file> ("" where it cannot be read; read_spec then says so).
inline std::string example_file_text(const std::string& subfolder, const std::string& file) {
  std::ifstream in(examples_folder() / subfolder / file);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace loom::testing
