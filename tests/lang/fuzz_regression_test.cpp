// Every input the fuzzers found a crash, hang or sanitizer report with (fuzz/regressions/, named
// <target>-<what>) and the fuzz corpora themselves run through the same entry points as the fuzz
// targets (fuzz/fuzz_entries.hpp): each must be accepted or refused with a loom::Error.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "fuzz/fuzz_entries.hpp"

namespace loom {
namespace {

namespace fs = std::filesystem;

std::string contents(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

void feed(const std::string& target, const std::string& text) {
  if (target == "domain") fuzz::domain_text(text);
  if (target == "instruction") fuzz::instruction_text(text);
  if (target == "spec") fuzz::spec_text(text);
}

TEST(FuzzRegressions, EveryReproducerIsAcceptedOrRefused) {
  fs::path folder = fs::path(LOOM_SOURCE_DIR) / "fuzz" / "regressions";
  int count = 0;
  for (const fs::directory_entry& entry : fs::directory_iterator(folder)) {
    std::string name = entry.path().filename().string();
    std::string target = name.substr(0, name.find('-'));
    if (target != "domain" && target != "instruction" && target != "spec") continue;
    SCOPED_TRACE(name);
    feed(target, contents(entry.path()));
    ++count;
  }
  std::cout << "[ fuzz ] " << count << " reproducers\n";
}

TEST(FuzzRegressions, EveryCorpusInputIsAcceptedOrRefused) {
  for (const std::string target : {"domain", "instruction", "spec"}) {
    fs::path folder = fs::path(LOOM_SOURCE_DIR) / "fuzz" / "corpus" / target;
    int count = 0;
    for (const fs::directory_entry& entry : fs::directory_iterator(folder)) {
      SCOPED_TRACE(entry.path().string());
      feed(target, contents(entry.path()));
      ++count;
    }
    EXPECT_GT(count, 0) << target;
    std::cout << "[ fuzz ] " << target << ": " << count << " corpus inputs\n";
  }
}

}  // namespace
}  // namespace loom
