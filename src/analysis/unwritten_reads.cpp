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

#include <algorithm>
#include <map>
#include <set>
#include <optional>
#include <string>
#include <vector>

#include "analysis/accesses.hpp"
#include "analysis/address_spaces.hpp"
#include "analysis/instance_printer.hpp"
#include "analysis/timestamps.hpp"
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

namespace {

// The temporaries whose elements hold no defined value before their first write.
std::set<std::string> temporaries_without_initial_values(const LoopKernel& kernel) {
  std::set<std::string> names;
  for (const Temporary& temporary : kernel.temporaries) {
    if (temporary.initializer.empty() && temporary.base_storage.empty()) names.insert(temporary.name);
  }
  return names;
}

// `relation` at the parameter values given; nullopt when it still has a parameter without a value
// (a bound the kernel reads from memory: the check cannot tell which instances run).
std::optional<isl::map> at_parameter_values(const isl::map& relation, const std::map<std::string, int64_t>& parameters) {
  isl_map* fixed = relation.copy();
  for (int position = static_cast<int>(isl_map_dim(fixed, isl_dim_param)) - 1; position >= 0; --position) {
    const char* name = isl_map_get_dim_name(fixed, isl_dim_param, static_cast<unsigned>(position));
    auto value = name ? parameters.find(name) : parameters.end();
    if (value == parameters.end()) {
      isl_map_free(fixed);
      return std::nullopt;
    }
    fixed = isl_map_fix_si(fixed, isl_dim_param, static_cast<unsigned>(position), static_cast<int>(value->second));
  }
  return isl::manage(fixed);
}

std::string read_before_write(const LoopKernel& kernel, const std::string& temporary, const isl::map& reads) {
  std::string parameters;
  std::string instance = describe_instance(reads.domain(), &parameters);
  std::string instruction = isl_map_get_tuple_name(reads.get(), isl_dim_in);
  const Temporary* declared = kernel.find_temporary(temporary);
  std::string space = declared ? std::string(address_space_name(effective_address_space(kernel, *declared))) : "";
  return "instruction '" + instruction + "' reads temporary '" + temporary + "' before any instruction writes it, e.g. at " +
              instance + (parameters.empty() ? "" : " with " + parameters) +
              ", in the kernel's own order (every loop sequential, as the reference of --check runs): the value read is "
              "undefined (" + (space.empty() ? "" : space + " memory ") +
              "holds whatever was there), so where it reaches an output, comparing two kernels that read it proves "
              "nothing. Write the temporary before it is read (an instruction that runs first, with a dependency on it, "
              "or an initializer), or make it an argument if the caller provides the value";
}

}  // namespace

std::optional<std::string> find_read_before_write(const LoopKernel& kernel, const std::map<std::string, int64_t>& parameters) {
  std::set<std::string> temporaries = temporaries_without_initial_values(kernel);
  if (temporaries.empty()) return std::nullopt;
  // A kernel that writes no argument has nothing the check compares (loopy's test_nop reads z[i+1]
  // before writing it, only to see the kernel build and run): nothing to report.
  bool writes_an_argument = std::any_of(kernel.instructions.begin(), kernel.instructions.end(), [&](const Instruction& instruction) {
    return std::any_of(instruction.assignees.begin(), instruction.assignees.end(),
                       [&](const ExprPtr& assignee) { return kernel.find_arg(assignee->name) != nullptr; });
  });
  if (!writes_an_argument) return std::nullopt;
  isl::ctx ctx = isl_context_of(kernel)->ctx();
  std::map<std::string, isl::union_map> writes, reads;
  for (const Instruction& instruction : kernel.instructions) {
    for (const Access& access : instruction_accesses(kernel, instruction)) {
      if (temporaries.count(access.variable) == 0) continue;
      AccessRelation relation = access_relation(kernel, access);
      if (access.is_write) {
        auto [entry, added] = writes.emplace(access.variable, isl::union_map(ctx, "{ }"));
        entry->second = entry->second.unite(isl::union_map(relation.map));
      } else if (read_is_exact(kernel, access, relation)) {
        auto [entry, added] = reads.emplace(access.variable, isl::union_map(ctx, "{ }"));
        entry->second = entry->second.unite(isl::union_map(relation.map));
      }
    }
  }
  if (reads.empty()) return std::nullopt;
  isl::union_map schedule = reference_timestamps(kernel);
  for (const auto& [temporary, read] : reads) {
    auto written = writes.find(temporary);
    // Every write, approximate ones included, as a source that defines what it may write.
    isl::union_map unreached =
        written == writes.end()
            ? read
            : isl::union_access_info(read).set_must_source(written->second).set_schedule_map(schedule).compute_flow().may_no_source();
    std::optional<isl::map> found;
    unreached.foreach_map([&](isl::map map) {
      if (found) return;
      std::optional<isl::map> fixed = at_parameter_values(map, parameters);
      if (fixed && !fixed->is_empty()) found = fixed;
    });
    if (found) return read_before_write(kernel, temporary, *found);
  }
  return std::nullopt;
}

}  // namespace loom
