// alias_temporaries (loopy's transform/data.py): several temporaries share one storage area,
// so a kernel that needs them one after another allocates the largest only (local memory is the
// scarce resource).
//
//   <> t1[i] = ... ; out1[i] = t1[i]     <> t2[j] = ... ; out2[j] = t2[j]
//   alias_temporaries({"t1", "t2"})  →  float temp_storage[max]; float *t1 = temp_storage;
//                                       float *t2 = temp_storage;   (uses of t2 after t1's)
//
// Their uses must be exclusive: loopy puts each temporary's instructions in a group that
// conflicts with the others' groups; loom orders them explicitly (synchronize_for_exclusive_use):
// every instruction using a later temporary of `names` depends on every instruction using an
// earlier one. Barrier insertion treats the aliased temporaries as one memory, so local ones get
// the barriers that separate one work-item's last use from another's first. As in loopy, the
// order holds within the loops the users share: a value carried across iterations of such a loop
// must not be aliased.
//
// Refuses: fewer than two names, an unknown temporary, a global one, one already aliased,
// temporaries of different address spaces, non-constant shapes, an instruction that uses two of
// them (their uses cannot be exclusive), orders that contradict the dependencies (a cycle), and
// (with or without synchronize_for_exclusive_use) a temporary whose value is live across a write
// of another: the dependencies order a write of t1, then a write of t2, then a read of t1 with no
// write of t1 in between, so the read would see t2's value where the kernel means t1's (loopy
// lets it through and reads the other's values: its test_save_with_base_storage). unchecked=true
// skips that last check, as it skips the legality checks of every transform.
#include <algorithm>

#include "analysis/checks.hpp"
#include "ir/instruction_names.hpp"
#include "loom/buffer_transforms.hpp"
#include "loom/error.hpp"
#include "transforms/instruction_support.hpp"
#include "transforms/registry.hpp"
#include "transforms/transform_support.hpp"

namespace loom {

namespace {

constexpr const char* kTransform = "alias_temporaries";

const Temporary& aliasable(const LoopKernel& kernel, const std::string& name) {
  const Temporary* temporary = kernel.find_temporary(name);
  if (temporary == nullptr) {
    std::vector<std::string> names;
    for (const Temporary& other : kernel.temporaries) names.push_back(other.name);
    throw Error(
        std::string(kTransform) + ": unknown temporary '" + name + "' (the kernel's temporaries: " +
        (names.empty() ? std::string("none") : joined(names)) + ")" + did_you_mean(name, names));
  }
  if (temporary->address_space == AddressSpace::Global) {
    throw Error(std::string(kTransform) + ": temporary '" + name +
                "' is global; only private and local temporaries share storage");
  }
  if (!temporary->base_storage.empty()) {
    throw Error(std::string(kTransform) + ": temporary '" + name + "' already shares storage '" +
                temporary->base_storage + "'; it cannot be aliased again");
  }
  for (const ExprPtr& extent : temporary->shape) {
    if (extent->kind != ExprKind::IntLiteral) {
      throw Error(std::string(kTransform) + ": temporary '" + name +
                  "' has a non-constant shape (" + to_string(extent) +
                  "); its storage size must be known");
    }
  }
  return *temporary;
}

void refuse_mixed_address_spaces(const LoopKernel& kernel, const std::vector<std::string>& names) {
  const Temporary& first = *kernel.find_temporary(names.front());
  for (const std::string& name : names) {
    const Temporary& other = *kernel.find_temporary(name);
    if (other.address_space == first.address_space) continue;
    throw Error(std::string(kTransform) + ": temporary '" + name + "' is " +
                std::string(address_space_name(other.address_space)) + " but '" + first.name +
                "' is " + std::string(address_space_name(first.address_space)) +
                "; aliased temporaries need one address space (set_temporary_address_space)");
  }
}

// The ids of the instructions that use each temporary, in `names` order; refuses one that uses
// two of them.
std::vector<std::vector<std::string>> users_of(const LoopKernel& kernel,
                                               const std::vector<std::string>& names) {
  std::vector<std::vector<std::string>> users(names.size());
  for (const Instruction& instruction : kernel.instructions) {
    std::vector<std::string> used;
    for (std::size_t k = 0; k < names.size(); ++k) {
      if (!mentions_name(instruction, names[k])) continue;
      used.push_back(names[k]);
      users[k].push_back(instruction.id);
    }
    if (used.size() > 1) {
      throw Error(
          std::string(kTransform) + ": instruction '" + instruction.id + "' uses both '" + used[0] +
          "' and '" + used[1] +
          "'; aliased temporaries must be used by different instructions, one after the other");
    }
  }
  return users;
}

// Whether the dependencies put an instruction writing `name` after `middle` and before `reader`.
bool rewritten_between(const LoopKernel& kernel, const std::string& name, const std::string& middle,
                       const std::string& reader) {
  return std::any_of(kernel.instructions.begin(), kernel.instructions.end(), [&](const Instruction& writer) {
    return writes_name(writer, name) && depends_transitively(kernel, writer.id, middle) &&
           depends_transitively(kernel, reader, writer.id);
  });
}

// Refuses aliasing where one temporary's value is live across a write of another (see the top).
void refuse_overlapping_lifetimes(const LoopKernel& kernel, const std::vector<std::string>& names) {
  for (const std::string& live : names) {
    for (const std::string& other : names) {
      if (other == live) continue;
      for (const Instruction& writer : kernel.instructions) {
        if (!writes_name(writer, live)) continue;
        for (const Instruction& clobber : kernel.instructions) {
          if (!writes_name(clobber, other) || !depends_transitively(kernel, clobber.id, writer.id)) continue;
          for (const Instruction& reader : kernel.instructions) {
            if (!variables_read(reader).count(live) || !depends_transitively(kernel, reader.id, clobber.id)) continue;
            if (rewritten_between(kernel, live, clobber.id, reader.id)) continue;
            throw LegalityError(std::string(kTransform) + ": '" + live + "' is still needed when '" + clobber.id +
                                "' writes '" + other + "' (the dependencies order '" + writer.id + "', which writes '" +
                                live + "', then '" + clobber.id + "', then '" + reader.id + "', which reads '" + live +
                                "'); aliased temporaries must be used one after the other. Pass unchecked=true to "
                                "alias them anyway");
          }
        }
      }
    }
  }
}

}  // namespace

LoopKernel alias_temporaries(const LoopKernel& kernel, const std::vector<std::string>& names,
                             const std::string& base_name_prefix,
                             bool synchronize_for_exclusive_use, bool unchecked) {
  TransformCall call{kTransform, {{"names", names}}};
  if (base_name_prefix != "temp_storage") call.arguments["base_name_prefix"] = base_name_prefix;
  if (!synchronize_for_exclusive_use) call.arguments["synchronize_for_exclusive_use"] = false;
  if (unchecked) call.arguments["unchecked"] = true;
  // Step 1: checks.
  if (names.size() < 2) {
    throw Error(std::string(kTransform) +
                ": needs at least two temporaries to share storage, got [" + joined(names) + "]");
  }
  for (const std::string& name : names) aliasable(kernel, name);
  refuse_mixed_address_spaces(kernel, names);
  require_name(base_name_prefix, kTransform, "base_name_prefix");
  std::vector<std::vector<std::string>> users = users_of(kernel, names);
  // Step 2: one storage area.
  LoopKernel result = kernel;
  std::string base = unused_name(kernel, base_name_prefix);
  for (Temporary& temporary : result.temporaries)
    if (std::find(names.begin(), names.end(), temporary.name) != names.end())
      temporary.base_storage = base;
  // Step 3: exclusive, ordered uses.
  if (synchronize_for_exclusive_use) {
    for (std::size_t k = 1; k < users.size(); ++k) {
      for (const std::string& later : users[k]) {
        Instruction& instruction = instruction_named(result, later);
        for (std::size_t earlier = 0; earlier < k; ++earlier)
          instruction.depends_on.insert(users[earlier].begin(), users[earlier].end());
      }
    }
    require_acyclic(result, kTransform,
                    "the uses of [" + joined(names) + "] cannot be ordered one after the other");
  }
  if (!unchecked) refuse_overlapping_lifetimes(result, names);
  return finish_transform(kernel, std::move(result), call, std::nullopt, unchecked,
                          CheckScope::All);
}

LOOM_REGISTER_TRANSFORM(alias_temporaries) {
  registry.add(
      {kTransform,
       "let temporaries used one after the other share one storage area",
       {{"names", ParameterType::InameList, true},
        {"base_name_prefix", ParameterType::String, false, false, std::string("temp_storage")},
        {"synchronize_for_exclusive_use", ParameterType::Bool, false, false, true}},
       [](const LoopKernel& kernel, const TransformArguments& args) {
         return alias_temporaries(kernel, args.names("names"), args.string("base_name_prefix"),
                                  args.boolean("synchronize_for_exclusive_use"), args.unchecked());
       }});
}

}  // namespace loom
