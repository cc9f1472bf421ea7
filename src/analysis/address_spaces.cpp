#include "analysis/address_spaces.hpp"

#include <set>

#include "loom/error.hpp"
#include "ir/variable_names.hpp"

namespace loom {

namespace {

using Kind = InameTag::Kind;

std::set<std::string> tagged(const LoopKernel& kernel, const std::set<std::string>& inames, Kind kind) {
  std::set<std::string> result;
  for (const std::string& iname : inames) {
    if (kernel.tag_of(iname).kind == kind) result.insert(iname);
  }
  return result;
}

std::string joined(const std::set<std::string>& names) {
  std::string text;
  for (const std::string& name : names) text += (text.empty() ? "'" : ", '") + name + "'";
  return text;
}

// The address space one writer asks for (loopy: per kind of parallel iname, the assignee's index
// must use all of the writer's parallel inames of that kind, or none of them).
AddressSpace desired_by(const LoopKernel& kernel, const Instruction& writer, const Expr& assignee,
                        const std::string& temporary) {
  std::set<std::string> index_names = variable_names_in(assignee.operands);
  AddressSpace desired = AddressSpace::Private;
  for (Kind kind : {Kind::Local, Kind::Group}) {
    std::set<std::string> computing = tagged(kernel, writer.within_inames, kind);
    std::set<std::string> indexing;
    for (const std::string& iname : computing) {
      if (index_names.count(iname) != 0) indexing.insert(iname);
    }
    // An iname on the hardware axis of an indexing iname takes the same value in every work-item
    // (the instruction cannot be generated until one of them leaves it: check_instruction_axes),
    // so it does not tell the writers apart. loopy's test_remove_inames_from_insn goes through
    // such a step: j split onto l.0 while the writer is also in i_inner (l.0).
    std::set<std::string> indexed_axes;
    for (const std::string& iname : indexing) indexed_axes.insert(to_string(kernel.tag_of(iname)));
    std::set<std::string> missing;
    for (const std::string& iname : computing) {
      if (indexing.count(iname) == 0 && indexed_axes.count(to_string(kernel.tag_of(iname))) == 0) missing.insert(iname);
    }
    if (!indexing.empty() && !missing.empty()) {
      throw LegalityError("write race: instruction '" + writer.id + "' writes temporary '" + temporary +
                          "' in parallel over " + joined(computing) + " but its index uses only " +
                          joined(indexing) + ", so work-items that differ in " + joined(missing) +
                          " write the same element; index '" + temporary + "' by " + joined(missing) +
                          " too, or declare it private");
    }
    if (!computing.empty() && !indexing.empty()) {
      desired = kind == Kind::Local ? AddressSpace::Local : AddressSpace::Global;
    }
  }
  return desired;
}

}  // namespace

AddressSpace effective_address_space(const LoopKernel& kernel, const Temporary& temporary) {
  if (temporary.address_space != AddressSpace::Auto) return temporary.address_space;
  std::optional<AddressSpace> decided;
  std::string decider;
  for (const Instruction& instruction : kernel.instructions) {
    for (const ExprPtr& assignee : instruction.assignees) {
      if (assignee->name != temporary.name) continue;
      AddressSpace desired = desired_by(kernel, instruction, *assignee, temporary.name);
      if (decided && *decided != desired) {
        throw LegalityError("instructions '" + decider + "' and '" + instruction.id + "' disagree on where temporary '" +
                            temporary.name + "' lives (" + std::string(address_space_name(*decided)) + " vs " +
                            std::string(address_space_name(desired)) +
                            "); give it an explicit address space (set_temporary_address_space)");
      }
      decided = desired;
      decider = instruction.id;
    }
  }
  return decided.value_or(AddressSpace::Private);
}

LoopKernel resolve_address_spaces(const LoopKernel& kernel) {
  LoopKernel result = kernel;
  for (Temporary& temporary : result.temporaries) temporary.address_space = effective_address_space(kernel, temporary);
  return result;
}

}  // namespace loom
