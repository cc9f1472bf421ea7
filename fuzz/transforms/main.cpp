// loom_fuzz_transforms: the differential transform fuzzer (issue 24, docs/decisions.md).
//
// Each case, from its own seed: a random kernel (kernel_grammar.hpp), then a sequence of 1 to
// kMostSteps transform calls proposed from what the kernel has (transform_proposals.hpp), each
// applied to the kernel so far and kept when loom accepts it (the sequence counts as refused by
// the first call loom refuses, and as accepted only when every call is); then the spec with the
// accepted calls is read back
// and checked against its untransformed reference (`loom run --check`'s semantics) on the C target,
// or on OpenCL (PoCL) when hardware axes or local memory are involved. Every case runs in a forked
// child limited to 10 s of CPU time, so the outcome classes are:
//   refused (a loom::Error that is no internal error)  fine
//   passed  (the check passes)                         fine
//   mismatch, internal error, kernel fault, crash (a signal), hang (the alarm)   findings
// A finding is minimized (transforms, then instructions, removed one at a time while the class
// stays) and written to --out as a spec; kept ones live in fuzz/regressions/transforms/.
//
//   loom_fuzz_transforms [--seed S] [--cases N] [--first I] [--seconds T] [--out DIR]   a campaign
//   loom_fuzz_transforms --replay SPEC                                      one spec; exit = class
//   loom_fuzz_transforms --regressions DIR                                  every DIR/*.json
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "kernel_grammar.hpp"
#include "loom/check.hpp"
#include "loom/error.hpp"
#include "loom/kernel_fault.hpp"
#include "loom/spec.hpp"
#include "transform_proposals.hpp"

namespace loom::fuzz {

namespace {

using json = nlohmann::json;
namespace fs = std::filesystem;

constexpr int kMostSteps = 4;  // transform calls proposed per case: 1 to this many
// A hang is 10 s of CPU time (the machine may be shared, and the fuzzer runs at nice 19, so wall
// time says little), or 180 s of wall time for a child that blocks.
constexpr int kHangCpuSeconds = 10;
constexpr int kHangWallSeconds = 180;

// Outcome classes: the child's exit code (or the signal that ended it).
enum Outcome : int {
  kPassed = 0,
  kMismatch = 1,
  kRefused = 2,
  kEnvironment = 3,
  kInternal = 4,
  kFault = 5,
  kCrash = 100,
  kHang = 101,
  kGeneratorRefused = 102,  // loom refused the random kernel itself: the grammar's fault
};

const char* outcome_name(int outcome) {
  switch (outcome) {
    case kPassed:
      return "passed";
    case kMismatch:
      return "wrong result";
    case kRefused:
      return "refused";
    case kEnvironment:
      return "environment";
    case kInternal:
      return "internal error";
    case kFault:
      return "kernel fault";
    case kCrash:
      return "crash";
    case kHang:
      return "hang";
    case kGeneratorRefused:
      return "kernel refused (generator)";
    default:
      return "unknown";
  }
}

bool is_finding(int outcome) {
  return outcome != kPassed && outcome != kRefused && outcome != kEnvironment && outcome != kGeneratorRefused;
}

json value_json(const TransformValue& value) {
  return std::visit(
      [](const auto& v) -> json {
        using T = std::decay_t<decltype(v)>;
        if constexpr (std::is_same_v<T, std::monostate>)
          return nullptr;
        else
          return json(v);
      },
      value);
}

json call_json(const TransformCall& call) {
  json object = {{"op", call.name}};
  for (const auto& [name, value] : call.arguments) object[name] = value_json(value);
  return object;
}

// Hardware-parallel inames or local memory need a real work-group: OpenCL (PoCL here).
bool needs_opencl(const LoopKernel& kernel) {
  for (const auto& [iname, tag] : kernel.iname_tags) {
    if (tag.kind == InameTag::Kind::Group || tag.kind == InameTag::Kind::Local ||
        tag.kind == InameTag::Kind::LocalAuto)
      return true;
  }
  for (const Temporary& temporary : kernel.temporaries) {
    if (temporary.address_space == AddressSpace::Local) return true;
  }
  return false;
}

// Reads `spec_text` and checks it; the outcome class. `detail` receives the message.
int check_spec(const std::string& spec_text, std::string& detail) {
  try {
    Spec spec = read_spec(spec_text);
    CheckOptions options;
    options.target = needs_opencl(spec.kernel) ? Target::OpenCL : Target::C;
    if (spec.test.seed) options.seed = *spec.test.seed;
    // As `loom run --check` does: the generated specs carry an atol (kernel_grammar.cpp).
    options.rtol = spec.test.rtol;
    options.atol = spec.test.atol;
    CheckResult result =
        check_against_reference(spec.kernel, spec.reference, spec.test.parameters, options);
    detail = result.report();
    return result.passed ? kPassed : kMismatch;
  } catch (const KernelFault& error) {
    detail = error.what();
    return kFault;
  } catch (const InternalError& error) {
    detail = error.what();
    return kInternal;
  } catch (const EnvironmentError& error) {
    detail = error.what();
    return kEnvironment;
  } catch (const Error& error) {
    detail = error.what();
    return kRefused;
  } catch (const std::exception& error) {
    detail = std::string("std::exception: ") + error.what();
    return kInternal;
  }
}

// What the child tells the parent about the sequence: each call's transform and whether loom
// accepted it, as "name:1 name:0 ..." on one line.
struct CaseCounts {
  int proposed = 0, accepted = 0;
  std::string calls;
  void add(const std::string& name, bool was_accepted) {
    ++proposed;
    accepted += was_accepted ? 1 : 0;
    calls += name + (was_accepted ? ":1 " : ":0 ");
  }
};

// In the child: builds case `seed`'s spec (kernel and accepted transforms), writes it to
// `spec_path` and the counts to `counts_fd`, then checks it.
int run_case(uint64_t seed, const std::string& spec_path, int counts_fd) {
  std::mt19937_64 random(seed);
  json spec = random_kernel_spec(random);
  spec["transforms"] = json::array();
  CaseCounts counts;
  std::vector<TransformChoice> choices = fuzzable_transforms();
  try {
    Spec base = read_spec(spec.dump());
    LoopKernel kernel = base.kernel;
    int steps = 1 + std::uniform_int_distribution<int>(0, kMostSteps - 1)(random);
    for (int step = 0; step < steps; ++step) {
      TransformCall call = propose_transform(kernel, choices, random);
      try {
        kernel = apply_transform(kernel, call);
      } catch (const InternalError&) {
        spec["transforms"].push_back(call_json(call));  // the reproducer ends with the failing call
        throw;
      } catch (const Error& error) {
        // Refused: the sequence counts as refused by this call; the rest is still applied and
        // checked, since it may still find a wrong result.
        counts.add(call.name, false);
        if (std::getenv("LOOM_FUZZ_VERBOSE") != nullptr)
          std::cerr << "case " << seed << ": refused " << call_json(call).dump() << ": " << error.what() << "\n";
        continue;
      } catch (const std::exception&) {
        spec["transforms"].push_back(call_json(call));
        throw;
      }
      counts.add(call.name, true);
      spec["transforms"].push_back(call_json(call));
    }
    // As loopy users do: instructions outside a hardware axis that other instructions use get an
    // iname for it (code generation refuses them otherwise).
    if (needs_opencl(kernel)) {
      TransformCall call{"add_inames_for_unused_hw_axes", {}};
      try {
        kernel = apply_transform(kernel, call);
        spec["transforms"].push_back(call_json(call));
      } catch (const InternalError&) {
        throw;
      } catch (const Error&) {
      }
    }
  } catch (const InternalError& error) {
    std::ofstream(spec_path) << spec.dump(2) << "\n";
    std::cerr << "internal error while transforming: " << error.what() << "\n";
    return kInternal;
  } catch (const Error& error) {
    std::ofstream(spec_path) << spec.dump(2) << "\n";
    std::cerr << "case " << seed << ": the generated kernel was refused: " << error.what() << "\n";
    return kGeneratorRefused;              // a generator bug: counted, not a finding of loom
  } catch (const std::exception& error) {  // isl::exception and others that escaped loom::Error
    std::ofstream(spec_path) << spec.dump(2) << "\n";
    std::cerr << "case " << seed << ": exception escaped a transform: " << error.what() << "\n";
    return kInternal;
  }
  std::ofstream(spec_path) << spec.dump(2) << "\n";
  std::string line = counts.calls + "\n";
  if (write(counts_fd, line.data(), line.size()) < 0) return kEnvironment;
  std::string detail;
  int outcome = check_spec(spec.dump(), detail);
  if (is_finding(outcome) || std::getenv("LOOM_FUZZ_VERBOSE") != nullptr)
    std::cerr << "case " << seed << ": " << outcome_name(outcome) << ": " << detail.substr(0, 400)
              << "\n";
  return outcome;
}

// Runs `work` in a forked child under the hang alarm; its outcome class.
template <typename Work>
int in_child(Work&& work) {
  std::cout.flush();
  std::cerr.flush();
  pid_t child = fork();
  if (child < 0) {
    std::perror("fork");
    std::exit(3);
  }
  if (child == 0) {
    rlimit cpu = {kHangCpuSeconds, kHangCpuSeconds + 1};
    setrlimit(RLIMIT_CPU, &cpu);
    alarm(kHangWallSeconds);
    int outcome = work();
    std::cout.flush();
    std::cerr.flush();
    _exit(outcome);
  }
  int status = 0;
  rusage usage{};
  while (wait4(child, &status, 0, &usage) < 0 && errno == EINTR) {
  }
  if (WIFEXITED(status)) return WEXITSTATUS(status);
  if (WIFSIGNALED(status) && (WTERMSIG(status) == SIGALRM || WTERMSIG(status) == SIGXCPU))
    return kHang;
  // The CPU limit's hard end is SIGKILL: a child that blocks or handles SIGXCPU (a thread of the
  // OpenCL runtime spinning on a lock it inherited held across fork) ends that way after its CPU
  // seconds, which is a hang, not a crash (seed 125000592 was filed as a crash and then passed).
  double cpu_seconds = static_cast<double>(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
                       static_cast<double>(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) * 1e-6;
  if (WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL && cpu_seconds >= kHangCpuSeconds) {
    std::cerr << "the child used its " << kHangCpuSeconds << " CPU seconds and was killed\n";
    return kHang;
  }
  if (WIFSIGNALED(status)) std::cerr << "the child ended by signal " << WTERMSIG(status) << "\n";
  return kCrash;
}

std::string read_file(const std::string& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

int replay(const std::string& spec_text, bool quiet) {
  return in_child([&] {
    if (quiet) {
      // The minimizer replays hundreds of variants: their messages would drown the report.
      std::freopen("/dev/null", "w", stderr);
    }
    std::string detail;
    int outcome = check_spec(spec_text, detail);
    if (!quiet) std::cerr << outcome_name(outcome) << ": " << detail << "\n";
    return outcome;
  });
}

// Removes elements of spec[key] one at a time while the outcome stays `outcome`.
void shrink_list(json& spec, const std::string& key, int outcome) {
  if (!spec.contains(key)) return;
  for (std::size_t index = spec[key].size(); index-- > 0;) {
    json candidate = spec;
    candidate[key].erase(index);
    if (key == "instructions" && candidate[key].empty()) continue;
    if (replay(candidate.dump(), true) == outcome) spec = candidate;
  }
}

// Delta debugging, one element at a time (ddmin's last stage; the lists are short).
json minimize(json spec, int outcome) {
  shrink_list(spec, "transforms", outcome);
  shrink_list(spec, "instructions", outcome);
  shrink_list(spec, "transforms", outcome);
  return spec;
}

struct Campaign {
  uint64_t seed = 1;
  int cases = 100;
  int first = 0;  // index of the first case (to rerun one case of a campaign: --first I --cases 1)
  double seconds = 0;  // > 0: stop starting cases after this long
  std::string out = "fuzz-transforms-out";
};

// One sequence's calls as the child reported them ("name:1 name:0 ...").
struct SequenceCalls {
  std::vector<std::pair<std::string, bool>> calls;
  bool reported = false;
  bool all_accepted() const {
    return reported && std::all_of(calls.begin(), calls.end(), [](const auto& c) { return c.second; });
  }
  std::string first_refused() const {
    for (const auto& [name, accepted] : calls)
      if (!accepted) return name;
    return "";
  }
};

SequenceCalls parse_calls(const std::string& line) {
  SequenceCalls result;
  result.reported = !line.empty();
  std::istringstream words(line);
  std::string word;
  while (words >> word) {
    std::size_t colon = word.rfind(':');
    if (colon == std::string::npos) continue;
    result.calls.push_back({word.substr(0, colon), word.substr(colon + 1) == "1"});
  }
  return result;
}

std::string read_all(int fd) {
  std::string text;
  char buffer[4096];
  ssize_t length;
  while ((length = read(fd, buffer, sizeof buffer)) > 0) text.append(buffer, static_cast<std::size_t>(length));
  return text;
}

// The class a sequence ends in (docs/decisions.md, issue 24): a finding whatever else happened;
// else refused by the first call loom refused; else refused when the accepted kernel was
// generated or checked; else passed.
std::string sequence_class(int outcome, const SequenceCalls& sequence) {
  if (is_finding(outcome)) return std::string("finding: ") + outcome_name(outcome);
  if (outcome == kGeneratorRefused) return outcome_name(outcome);
  if (!sequence.all_accepted()) return "refused by " + sequence.first_refused();
  if (outcome == kRefused) return "accepted, refused by code generation or the check";
  if (outcome == kEnvironment) return "accepted, environment";
  return "accepted and passed";
}

struct Tally {
  int proposed = 0, accepted = 0;
};

double percent(int part, int whole) { return whole > 0 ? 100.0 * part / whole : 0.0; }

int run_campaign(const Campaign& campaign) {
  fs::create_directories(campaign.out);
  std::map<std::string, int> by_class;
  std::map<std::string, Tally> by_transform;
  int cases = 0, proposed = 0, accepted = 0, accepted_and_ran = 0;
  std::vector<std::string> findings;
  auto start = std::chrono::steady_clock::now();
  auto elapsed = [&] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  };
  for (int index = campaign.first;; ++index) {
    if (campaign.seconds > 0 ? elapsed() > campaign.seconds
                             : index >= campaign.first + campaign.cases)
      break;
    uint64_t seed = campaign.seed * 1000003 + static_cast<uint64_t>(index);
    std::string spec_path = campaign.out + "/case.json";
    int pipe_ends[2];
    if (pipe(pipe_ends) != 0) return 3;
    int outcome = in_child([&] {
      close(pipe_ends[0]);
      return run_case(seed, spec_path, pipe_ends[1]);
    });
    close(pipe_ends[1]);
    SequenceCalls sequence = parse_calls(read_all(pipe_ends[0]));
    close(pipe_ends[0]);
    ++cases;
    for (const auto& [name, was_accepted] : sequence.calls) {
      ++proposed;
      ++by_transform[name].proposed;
      if (was_accepted) {
        ++accepted;
        ++by_transform[name].accepted;
      }
    }
    bool ran = outcome == kPassed || outcome == kMismatch || outcome == kFault || outcome == kCrash ||
               outcome == kHang;
    if (sequence.all_accepted() && ran) ++accepted_and_ran;
    ++by_class[sequence_class(outcome, sequence)];
    if (!is_finding(outcome)) continue;
    json spec = json::parse(read_file(spec_path));
    json small = minimize(spec, outcome);
    std::string name = campaign.out + "/finding-" + std::to_string(seed) + ".json";
    std::ofstream(name) << small.dump(2) << "\n";
    findings.push_back(name + " (" + outcome_name(outcome) + ")");
    std::cout << "finding: " << outcome_name(outcome) << " at seed " << seed << " -> " << name
              << std::endl;
  }
  std::cout << std::fixed;
  std::cout.precision(1);
  std::cout << "transform fuzzer: " << cases << " kernels (sequences of 1-" << kMostSteps << " calls) in "
            << static_cast<int>(elapsed()) << " s (seed " << campaign.seed << ")\n";
  std::cout << "  sequences accepted whole and run: " << accepted_and_ran << " of " << cases << " ("
            << percent(accepted_and_ran, cases) << "%)\n";
  std::cout << "  transform calls proposed " << proposed << ", accepted " << accepted << " ("
            << percent(accepted, proposed) << "%)\n";
  std::cout << "  sequences by class:\n";
  std::vector<std::pair<std::string, int>> classes(by_class.begin(), by_class.end());
  std::stable_sort(classes.begin(), classes.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
  for (const auto& [name, count] : classes)
    std::cout << "    " << name << ": " << count << " (" << percent(count, cases) << "%)\n";
  std::cout << "  calls accepted by transform:\n";
  for (const auto& [name, tally] : by_transform)
    std::cout << "    " << name << ": " << tally.accepted << " of " << tally.proposed << "\n";
  std::cout << "  findings: " << findings.size() << "\n";
  for (const std::string& finding : findings) std::cout << "    " << finding << "\n";
  // The rule: a generator whose sequences are mostly refused tests nothing.
  if (cases >= 50 && 2 * accepted_and_ran < cases) {
    std::cout << "  FAIL: fewer than half of the sequences were accepted whole and run\n";
    return 1;
  }
  return findings.empty() ? 0 : 1;
}

// Every DIR/*.json must pass or be refused, except those DIR/OPEN lists ("name.json class"),
// which must still end in their recorded class (an open finding that changes is reported).
int run_regressions(const std::string& directory) {
  std::map<std::string, std::string> open;
  std::ifstream list(directory + "/OPEN");
  std::string line;
  while (std::getline(list, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream words(line);
    std::string file, outcome;
    words >> file >> outcome;
    open[file] = outcome;
  }
  int failures = 0, count = 0;
  std::vector<fs::path> files;
  for (const auto& entry : fs::directory_iterator(directory))
    if (entry.path().extension() == ".json") files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  for (const fs::path& file : files) {
    ++count;
    int outcome = replay(read_file(file.string()), false);
    std::string name = file.filename().string();
    auto known = open.find(name);
    bool ok = known == open.end() ? !is_finding(outcome) : std::to_string(outcome) == known->second;
    std::cout << (ok ? "ok    " : "FAIL  ") << name << ": " << outcome_name(outcome)
              << (known != open.end() ? " (open finding, listed in OPEN and docs/decisions.md)"
                                      : "")
              << "\n";
    if (!ok) ++failures;
  }
  std::cout << count << " regression spec(s), " << failures << " failed\n";
  return failures == 0 ? 0 : 1;
}

}  // namespace

}  // namespace loom::fuzz

int main(int argc, char** argv) {
  using namespace loom::fuzz;
  Campaign campaign;
  for (int i = 1; i < argc; ++i) {
    std::string option = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc) {
        std::cerr << option << " needs a value\n";
        std::exit(2);
      }
      return argv[++i];
    };
    if (option == "--seed")
      campaign.seed = std::stoull(value());
    else if (option == "--cases")
      campaign.cases = std::stoi(value());
    else if (option == "--first")
      campaign.first = std::stoi(value());
    else if (option == "--seconds")
      campaign.seconds = std::stod(value());
    else if (option == "--out")
      campaign.out = value();
    else if (option == "--replay")
      return replay(read_file(value()), false);
    else if (option == "--regressions")
      return run_regressions(value());
    else {
      std::cerr << "usage: loom_fuzz_transforms [--seed S] [--cases N] [--first I] [--seconds T] "
                   "[--out DIR] | --replay SPEC | "
                   "--regressions DIR\n";
      return 2;
    }
  }
  return run_campaign(campaign);
}
