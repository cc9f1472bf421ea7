// JSON kernel specs, version 1 (../shared/SPEC.md; docs/spec.md in this project): reading with
// validation that names the JSON path at fault, and writing a spec back from a kernel.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "loom/check.hpp"
#include "loom/error.hpp"
#include "loom/kernel.hpp"
#include "loom/transforms.hpp"

namespace loom {

// A spec error: `path` is the JSON pointer of the offending value ("/transforms/3/inner_length");
// what() reads "<path>: <reason>". Malformed JSON reports line and column instead.
class SpecError : public Error {
 public:
  SpecError(const std::string& path, const std::string& reason);
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

// The `test` section: defaults for `loom run`.
struct SpecTestDefaults {
  ParameterMap parameters;
  // Floating-point values in `parameters` (for floating-point value arguments: "alpha": 1.5).
  std::map<std::string, double> values;
  std::optional<double> rtol, atol;
  std::optional<uint64_t> seed;
  std::map<std::string, InputGenerator> inputs;
};

struct Spec {
  std::string name;
  LoopKernel reference;    // the untransformed kernel
  LoopKernel kernel;       // after `transforms`
  std::vector<TransformCall> transforms;
  SpecTestDefaults test;
  // What the kernel was made from, for writing the spec back.
  std::vector<std::string> domains;
  std::vector<std::string> instructions;
  std::string assumptions;
  std::vector<KernelArgument> declared_args;  // as written ("..." included)
  std::vector<Temporary> declared_temporaries;
  KernelOptions options;
};

// Largest spec file loom reads; larger inputs are refused before parsing (bounded memory).
constexpr std::size_t kMaxSpecBytes = 16 * 1024 * 1024;

// Parses and validates a spec; applies its transforms. Throws SpecError (bad spec, with path),
// ParseError (kernel text) or LegalityError (a transform refused), all naming the place at fault.
// With `apply_transforms` false the transforms are validated but not applied: `kernel` stays
// empty (the spec cache supplies it).
Spec read_spec(const std::string& json_text, bool apply_transforms = true);
// Reads a file (refusing one larger than kMaxSpecBytes without reading it whole).
Spec read_spec_file(const std::string& path);
// The file's text, with the same size limit.
std::string read_spec_text(const std::string& path);

// Writes a spec that reads back to the same kernel and transforms (round trip).
std::string write_spec(const Spec& spec);

}  // namespace loom
