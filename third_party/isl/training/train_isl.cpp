// The training run of isl's profile-guided build (LOOM_ISL_PGO, third_party/isl/CMakeLists.txt):
// compiles every spec of specs.txt to source, one after another in this one process, with loom
// linked against an isl built with -fprofile-generate. The counters it leaves are what the real
// libloom_isl.a is then compiled with (-fprofile-use).
//
// usage: loom_isl_trainer SOURCE_DIR specs.txt
//   specs.txt: one "PATH TARGET" a line (PATH relative to SOURCE_DIR, TARGET c, opencl or cuda);
//   empty lines and lines starting with # are skipped.
//
// Deterministic counters make the build reproducible (the same commit gives the same
// libloom_isl.a): the run is single-threaded, and it re-executes itself once with address-space
// randomization off (as `setarch -R` does), since isl hashes some pointers (an isl_id's user
// pointer) and the probes of its hash tables would otherwise differ from run to run. Where the
// system refuses that (some containers), the run goes on with randomization: the profile then
// differs slightly from build to build, never the generated code.
#include <sys/personality.h>
#include <unistd.h>

#include <exception>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>

#include "loom/loom.hpp"

namespace {

void run_without_address_randomization(char** argv) {
  int current = personality(0xffffffff);
  if (current == -1 || (current & ADDR_NO_RANDOMIZE) != 0) return;
  if (personality(static_cast<unsigned long>(current) | ADDR_NO_RANDOMIZE) == -1) return;
  execv("/proc/self/exe", argv);  // returns only if it failed: go on as we are
}

loom::Target target_named(const std::string& name) {
  if (name == "c") return loom::Target::C;
  if (name == "opencl") return loom::Target::OpenCL;
  return loom::Target::CUDA;
}

std::string read_text(const std::string& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    std::cerr << "usage: loom_isl_trainer SOURCE_DIR specs.txt\n";
    return 2;
  }
  run_without_address_randomization(argv);
  std::ifstream list(argv[2]);
  std::string line;
  int compiled = 0, refused = 0;
  while (std::getline(list, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    std::string path, target;
    fields >> path >> target;
    std::string text = read_text(std::string(argv[1]) + "/" + path);
    if (text.empty()) {
      std::cerr << "loom_isl_trainer: cannot read " << path << "\n";
      return 1;
    }
    try {
      loom::Spec spec = loom::read_spec(text);
      loom::generate_code(spec.kernel, target_named(target));
      ++compiled;
    } catch (const std::exception&) {
      ++refused;  // a refusal runs isl too (the legality and bounds questions that refuse)
    }
  }
  std::cout << "loom_isl_trainer: " << compiled << " specs compiled, " << refused << " refused\n";
  return compiled > 0 ? 0 : 1;
}
