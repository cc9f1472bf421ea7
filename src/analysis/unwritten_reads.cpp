// Reads of temporary elements that no instruction writes (see unwritten_reads.hpp).
//
// Why a check of its own: a temporary is loom's memory, so nothing outside the kernel fills it. A
// read of an element nothing writes is a spec mistake the run cannot show reliably: global
// temporaries come from a fresh allocation that is often zero, so the reference run may even be
// right while another run reads garbage. Found writing split-k as one domain
// {[s,i,j,kt,kk]: ... 64kt+16s+kk < p}: the product's points (s,i,j) are that domain's
// projection, so the slices without k wrote no partial sums and the sum over slices read them.
#include "analysis/unwritten_reads.hpp"

#include <isl/map.h>

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "analysis/accesses.hpp"
#include "analysis/address_spaces.hpp"
#include "analysis/instance_printer.hpp"
#include "ir/instance_sets.hpp"
#include "ir/isl_kernel.hpp"
#include "loom/error.hpp"

namespace loom {

namespace {

// The temporaries the check speaks for: global ones without an initializer or shared storage
// (alias_temporaries writes through another name). Global temporaries carry values from one
// device kernel to the next in a fresh allocation, so reading an element nothing wrote is never
// intended there. Private and local ones are left alone: loopy accepts kernels that read them
// before writing (its test_nop) or only where a loop is empty (n = 0), and so does loom.
std::map<std::string, const Temporary*> checked_temporaries(const LoopKernel& kernel) {
  std::map<std::string, const Temporary*> checked;
  for (const Temporary& temporary : kernel.temporaries) {
    if (temporary.initializer.empty() && temporary.base_storage.empty() &&
        effective_address_space(kernel, temporary) == AddressSpace::Global)
      checked[temporary.name] = &temporary;
  }
  return checked;
}

// Whether isl knows exactly which elements `access` reads: an affine subscript under affine
// predicates and guards (access_relation ignores the others, which over-approximates).
bool read_is_exact(const LoopKernel& kernel, const Access& access, const AccessRelation& relation) {
  if (!relation.exact) return false;
  isl::set instances = instruction_domain(kernel, *access.instruction);
  std::vector<ExprPtr> conditions = access.instruction->predicates;
  conditions.insert(conditions.end(), access.guards.begin(), access.guards.end());
  for (const ExprPtr& condition : conditions) {
    if (!condition_set(*condition, instances)) return false;
  }
  return true;
}

[[noreturn]] void refuse(const Access& read, const isl::map& unwritten_reads) {
  std::string parameters;
  std::string instance = describe_instance(unwritten_reads.domain(), &parameters);
  if (instance.rfind('[', 0) == 0) instance = read.instruction->id + instance;  // the tuple's name was lost
  throw Error("instruction '" + read.instruction->id + "' reads elements of temporary '" + read.variable +
              "' that no instruction writes, e.g. at " + instance + (parameters.empty() ? "" : " with " + parameters) +
              ": the value would be whatever the memory held. Write every element it reads (an instruction "
              "runs only at the points of its domain's projection onto its inames: a reduction whose "
              "inames share the instruction's domain leaves out the points where the reduction is empty), "
              "or give the temporary an initializer");
}

}  // namespace

void check_reads_of_unwritten_elements(const LoopKernel& kernel) {
  std::map<std::string, const Temporary*> temporaries = checked_temporaries(kernel);
  if (temporaries.empty()) return;
  std::map<std::string, isl::set> written;
  std::vector<std::pair<Access, isl::map>> reads;
  for (const Instruction& instruction : kernel.instructions) {
    for (const Access& access : instruction_accesses(kernel, instruction)) {
      if (temporaries.count(access.variable) == 0) continue;
      AccessRelation relation = access_relation(kernel, access);
      if (access.is_write) {
        isl::set elements = relation.map.range();
        auto found = written.find(access.variable);
        if (found == written.end()) written.emplace(access.variable, elements);
        else found->second = found->second.unite(elements);
      } else if (read_is_exact(kernel, access, relation)) {
        reads.emplace_back(access, relation.map);
      }
    }
  }
  isl::set assumptions = isl_set_of(kernel.assumptions);
  for (const auto& [read, relation] : reads) {
    isl::map unwritten = relation.intersect_params(assumptions);
    auto found = written.find(read.variable);
    if (found != written.end()) unwritten = isl::manage(isl_map_subtract_range(unwritten.copy(), found->second.copy()));
    if (!unwritten.is_empty()) refuse(read, unwritten);
  }
}

}  // namespace loom
