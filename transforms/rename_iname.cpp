// rename_iname / rename_inames (loopy's transform/iname.py): renames an iname, or merges loops.
//
//   {[i]: 0<=i<n}   out[i] = 2*a[i]
// rename_iname("i", "k") →
//   {[k]: 0<=k<n}   out[k] = 2*a[k]
//
// The new name takes the old one's place everywhere: domains (also where the old iname bounds
// another domain), instructions (within_inames, expressions, reductions), tags and loop
// priorities. With `within`, only the matched instructions switch; the others keep the old
// iname, and the new one is added beside it with the same constraints (its tag copied).
//
// Renaming onto an existing iname (existing_ok=true) merges the two loops (loop fusion):
//   {[i]: 0<=i<n}, {[ii]: 0<=ii<n}   b[i] = 2*a[i] {id=double}   c[ii] = b[ii] + 1 {dep=double}
// rename_iname("ii", "i", existing_ok=true) →
//   {[i]: 0<=i<n}   b[i] = 2*a[i] {id=double}   c[i] = b[i] + 1 {dep=double}
// The two inames must iterate over the same values: every merged instruction must run over the
// same values before and after (the old iname renamed); the old iname then leaves its domain (a
// domain left without inames is dropped). Fusion changes the order of instances, so it is checked
// against the dependences: with c[ii] = b[n-1-ii] above, c[i] would read b[n-1-i] before it is
// written, and the merge is refused. rename_inames(["i", "j"], "k") renames i to k (when k does not
// exist) and merges j into k.
//
// Refuses: an unknown old iname, an invalid or taken new name (without existing_ok: any existing
// name; with it: a name that is not an iname), domains that differ, an instruction that uses both
// merged inames (merging would keep only their diagonal), merging away an iname that bounds
// another domain, a `within` that matches no instruction using the iname, and partial renames
// that the copies cannot express (see check_copyable).
#include <algorithm>
#include <sstream>

#include "ir/instance_sets.hpp"
#include "ir/isl_extra.hpp"
#include "ir/match.hpp"
#include "loom/error.hpp"
#include "transforms/iname_copies.hpp"
#include "transforms/registry.hpp"
#include "transforms/finish_keeping_order.hpp"
#include "transforms/transform_support.hpp"

namespace loom {

namespace {

// The instructions that use an iname, split by whether `within` selected them.
struct Users {
  std::set<std::string> renamed;
  bool others = false;  // some instruction outside `within` keeps the old iname
};

Users users_of(const LoopKernel& kernel, const std::string& iname,
               const std::set<std::string>& selected) {
  Users users;
  for (const Instruction& instruction : kernel.instructions) {
    if (!uses_iname(instruction, iname)) continue;
    if (selected.count(instruction.id) != 0)
      users.renamed.insert(instruction.id);
    else
      users.others = true;
  }
  return users;
}

void replace_in_priorities(LoopKernel& kernel, const std::string& old_iname,
                           const std::string& new_iname) {
  std::vector<std::vector<std::string>> priorities;
  for (const std::vector<std::string>& chain : kernel.loop_priorities) {
    std::vector<std::string> replaced;
    for (const std::string& iname : chain) {
      const std::string& name = iname == old_iname ? new_iname : iname;
      if (std::find(replaced.begin(), replaced.end(), name) == replaced.end())
        replaced.push_back(name);
    }
    if (replaced.size() >= 2) priorities.push_back(std::move(replaced));
  }
  kernel.loop_priorities = std::move(priorities);
}

void rename_in_selected(LoopKernel& kernel, const std::string& old_iname,
                        const std::string& new_iname, const std::set<std::string>& ids) {
  for (Instruction& instruction : kernel.instructions) {
    if (ids.count(instruction.id) != 0) rename_inames_in(instruction, {{old_iname, new_iname}});
  }
}

// Every instruction, rule, domain, tag and priority switches to the new name.
void rename_everywhere(LoopKernel& kernel, const std::string& old_iname,
                       const std::string& new_iname, const std::set<std::string>& users) {
  for (Domain& domain : kernel.domains) {
    bool defines =
        std::find(domain.inames.begin(), domain.inames.end(), old_iname) != domain.inames.end();
    bool bounded = std::find(domain.parameters.begin(), domain.parameters.end(), old_iname) !=
                   domain.parameters.end();
    if (!defines && !bounded) continue;
    std::vector<std::string> inames = domain.inames;
    std::replace(inames.begin(), inames.end(), old_iname, new_iname);
    isl::set renamed = rename_params(param_form(domain), {{old_iname, new_iname}});
    domain = domain_from_param_form(isl_context_of(domain.set), renamed, inames);
  }
  rename_in_selected(kernel, old_iname, new_iname, users);
  for (auto& [name, rule] : kernel.substitutions) {
    if (!rule.expression) continue;
    if (std::find(rule.parameters.begin(), rule.parameters.end(), old_iname) !=
        rule.parameters.end())
      continue;
    Instruction holder;
    holder.expression = rule.expression;
    rename_inames_in(holder, {{old_iname, new_iname}});
    rule.expression = holder.expression;
  }
  if (auto tag = kernel.iname_tags.find(old_iname); tag != kernel.iname_tags.end()) {
    kernel.iname_tags[new_iname] = tag->second;
    kernel.iname_tags.erase(old_iname);
  }
  replace_in_priorities(kernel, old_iname, new_iname);
}

// The selected instructions get their own copy of the iname; the others keep it.
void rename_partially(LoopKernel& kernel, const std::string& old_iname,
                      const std::string& new_iname, const std::set<std::string>& users,
                      const std::string& transform) {
  check_copyable(kernel, {{old_iname, new_iname}}, users, transform,
                 [](const std::string&, const std::string& bound) {
                   return "rename '" + bound + "' in every instruction that uses it (no within)";
                 });
  add_iname_copies(kernel, {{old_iname, new_iname}});
  rename_in_selected(kernel, old_iname, new_iname, users);
  if (auto tag = kernel.iname_tags.find(old_iname); tag != kernel.iname_tags.end()) {
    kernel.iname_tags[new_iname] = tag->second;
  }
}

// The values an instruction runs over: its inames and its reduction inames (other inames
// existentially quantified, every other name a parameter).
isl::set values_seen(const LoopKernel& kernel, const Instruction& instruction) {
  Instruction widened = instruction;
  widened.within_inames = inames_used_by(instruction);
  std::vector<std::string> dims;
  for (const std::string& iname : kernel.all_inames()) {
    if (widened.within_inames.count(iname) != 0) dims.push_back(iname);
  }
  return instruction_domain(kernel, widened, dims, "");
}

// A merge must not change what any merged instruction runs over: the two inames take the same
// values (with the other inames those instructions use).
void check_same_values(const LoopKernel& before, const LoopKernel& after,
                       const std::string& old_iname, const std::string& new_iname,
                       const std::set<std::string>& ids, const std::string& transform) {
  for (const std::string& id : ids) {
    isl::set old_values = values_seen(before, *before.find_instruction(id));
    isl::set new_values = values_seen(after, *after.find_instruction(id));
    isl::set old_as_new =
        rename_params(isl_extra::set_dims_to_params(old_values).params(), {{old_iname, new_iname}});
    if (old_as_new.is_equal(isl_extra::set_dims_to_params(new_values).params())) continue;
    std::ostringstream message;
    message << transform << ": cannot merge '" << old_iname << "' into '" << new_iname
            << "': their domains differ (" << old_values << " vs " << new_values
            << "), so instruction '" << id << "' would run over other values";
    throw Error(message.str());
  }
}

// Fuses `old_iname`'s loop into `new_iname`'s for the selected users.
void merge(LoopKernel& kernel, const std::string& old_iname, const std::string& new_iname,
           const Users& users, const std::string& transform) {
  for (const Instruction& instruction : kernel.instructions) {
    if (users.renamed.count(instruction.id) == 0 || !uses_iname(instruction, new_iname)) continue;
    throw Error(transform + ": cannot merge '" + old_iname + "' into '" + new_iname +
                "': instruction '" + instruction.id +
                "' uses both, and merging would keep only their diagonal");
  }
  LoopKernel before = kernel;
  if (users.others) {
    check_copyable(kernel, {{old_iname, new_iname}}, users.renamed, transform,
                   [](const std::string&, const std::string& bound) {
                     return "merge '" + bound + "' in every instruction that uses it (no within)";
                   });
    rename_in_selected(kernel, old_iname, new_iname, users.renamed);
    check_same_values(before, kernel, old_iname, new_iname, users.renamed, transform);
    return;
  }
  for (const Domain& domain : kernel.domains) {
    if (std::find(domain.parameters.begin(), domain.parameters.end(), old_iname) ==
        domain.parameters.end())
      continue;
    throw Error(transform + ": cannot merge '" + old_iname + "' into '" + new_iname +
                "': it bounds the domain of '" + domain.inames.front() + "' (" + domain.text +
                "); rename that bound first");
  }
  rename_in_selected(kernel, old_iname, new_iname, users.renamed);
  std::vector<Domain> domains;
  for (Domain& domain : kernel.domains) {
    auto position = std::find(domain.inames.begin(), domain.inames.end(), old_iname);
    if (position != domain.inames.end()) {
      std::vector<std::string> inames = domain.inames;
      inames.erase(inames.begin() + (position - domain.inames.begin()));
      if (inames.empty()) continue;
      isl::set projected = isl_extra::project_out_param(param_form(domain), old_iname);
      domain = domain_from_param_form(isl_context_of(domain.set), projected, inames);
    }
    domains.push_back(std::move(domain));
  }
  kernel.domains = std::move(domains);
  kernel.iname_tags.erase(old_iname);
  replace_in_priorities(kernel, old_iname, new_iname);
  check_same_values(before, kernel, old_iname, new_iname, users.renamed, transform);
}

void check_arguments(const LoopKernel& kernel, const std::vector<std::string>& old_inames,
                     const std::string& new_iname, const RenameOptions& options,
                     const std::string& transform) {
  if (old_inames.empty()) throw Error(transform + ": give at least one iname to rename");
  std::set<std::string> seen;
  for (const std::string& old_iname : old_inames) {
    require_iname(kernel, old_iname, transform);
    if (!seen.insert(old_iname).second)
      throw Error(transform + ": iname '" + old_iname + "' is listed twice");
    if (old_iname == new_iname) {
      throw Error(transform + ": iname '" + old_iname + "' would be renamed to itself");
    }
  }
  require_identifier(new_iname, transform);
  bool is_iname = kernel.domain_of_iname(new_iname) != nullptr;
  if (is_iname && !options.existing_ok) {
    throw Error(transform + ": iname '" + new_iname +
                "' already exists; pass existing_ok=true to merge the loops into it");
  }
  if (!is_iname && name_taken(kernel, new_iname)) {
    throw Error(transform + ": the name '" + new_iname +
                "' is already used in the kernel (not as an iname)");
  }
}

TransformCall recorded_call(const std::string& name, const std::string& old_parameter,
                            const TransformValue& old_value, const std::string& new_iname,
                            const RenameOptions& options) {
  TransformCall call{name, {{old_parameter, old_value}, {"new_iname", new_iname}}};
  if (options.existing_ok) call.arguments["existing_ok"] = true;
  if (options.within) call.arguments["within"] = *options.within;
  if (options.unchecked) call.arguments["unchecked"] = true;
  return call;
}

LoopKernel rename(const LoopKernel& kernel, const std::vector<std::string>& old_inames,
                  const std::string& new_iname, const RenameOptions& options,
                  const TransformCall& call) {
  const std::string& transform = call.name;
  // Step 1: checks; `within` is evaluated on the kernel as given.
  check_arguments(kernel, old_inames, new_iname, options, transform);
  InstructionMatch within =
      options.within ? InstructionMatch::parse(*options.within) : InstructionMatch::all();
  std::set<std::string> selected;
  for (const Instruction& instruction : kernel.instructions) {
    if (within.matches(kernel, instruction)) selected.insert(instruction.id);
  }
  // Step 2: rename or merge each old iname in turn.
  LoopKernel result = kernel;
  std::map<std::string, std::string> renamed_iname_of;  // instruction id → the old iname it ran in
  // Every old iname renamed everywhere onto a fresh name: each loop keeps its place, its bounds and
  // its tag under the new name (no merge, no loop split off for some instructions).
  bool renamed_everywhere = true;
  with_isl_errors(transform, [&] {
    for (const std::string& old_iname : old_inames) {
      Users users = users_of(result, old_iname, selected);
      if (users.renamed.empty() && options.within) {
        throw Error(transform + ": within='" + *options.within +
                    "' matches no instruction that uses '" + old_iname + "'");
      }
      for (const std::string& id : users.renamed) {
        if (kernel.find_instruction(id)->within_inames.count(old_iname) != 0)
          renamed_iname_of[id] = old_iname;
      }
      if (result.domain_of_iname(new_iname) != nullptr) {
        renamed_everywhere = false;
        merge(result, old_iname, new_iname, users, transform);
      } else if (users.others) {
        renamed_everywhere = false;
        rename_partially(result, old_iname, new_iname, users.renamed, transform);
      } else {
        rename_everywhere(result, old_iname, new_iname, users.renamed);
      }
      result.iname_rewrites.push_back(
          {transform, {old_iname}, {new_iname}, old_iname + " = " + new_iname});
    }
  });
  // Step 3: trace dependences and check (a merge reorders instances).
  std::optional<isl::union_map> rewrite;
  if (!renamed_iname_of.empty()) {
    rewrite = with_isl_errors(transform, [&] {
      return instance_rewrite(kernel, result, [&](const Instruction& old) -> std::string {
        auto found = renamed_iname_of.find(old.id);
        return found == renamed_iname_of.end() ? "" : "old_" + found->second + " = " + new_iname;
      });
    });
  }
  if (renamed_everywhere && kernel.verified) {
    // Issue 26: a renaming cannot change any order, race or bound (27% of softmax's compile was
    // its dependence check); the traced dependences still take the new name.
    return finish_transform_keeping_order(kernel, std::move(result), call, rewrite, options.unchecked,
                                          CheckScope::Order, "a renaming everywhere onto a fresh name");
  }
  return finish_transform(kernel, std::move(result), call, rewrite, options.unchecked);
}

}  // namespace

LoopKernel rename_iname(const LoopKernel& kernel, const std::string& old_iname,
                        const std::string& new_iname, const RenameOptions& options) {
  TransformCall call = recorded_call("rename_iname", "old_iname", old_iname, new_iname, options);
  return rename(kernel, {old_iname}, new_iname, options, call);
}

LoopKernel rename_inames(const LoopKernel& kernel, const std::vector<std::string>& old_inames,
                         const std::string& new_iname, const RenameOptions& options) {
  TransformCall call = recorded_call("rename_inames", "old_inames", old_inames, new_iname, options);
  return rename(kernel, old_inames, new_iname, options, call);
}

namespace {

RenameOptions rename_options(const TransformArguments& args) {
  RenameOptions options;
  options.existing_ok = args.boolean("existing_ok");
  options.within = args.optional_string("within");
  options.unchecked = args.unchecked();
  return options;
}

}  // namespace

LOOM_REGISTER_TRANSFORM(rename_iname) {
  registry.add({"rename_iname",
                "rename an iname, or merge its loop into an existing one (existing_ok)",
                {{"old_iname", ParameterType::String, true},
                 {"new_iname", ParameterType::String, true},
                 {"existing_ok", ParameterType::Bool, false, false, false},
                 {"within", ParameterType::Match, false, true}},
                [](const LoopKernel& kernel, const TransformArguments& args) {
                  return rename_iname(kernel, args.string("old_iname"), args.string("new_iname"),
                                      rename_options(args));
                }});
}

LOOM_REGISTER_TRANSFORM(rename_inames) {
  registry.add({"rename_inames",
                "rename several inames onto one, merging their loops",
                {{"old_inames", ParameterType::InameList, true},
                 {"new_iname", ParameterType::String, true},
                 {"existing_ok", ParameterType::Bool, false, false, false},
                 {"within", ParameterType::Match, false, true}},
                [](const LoopKernel& kernel, const TransformArguments& args) {
                  return rename_inames(kernel, args.names("old_inames"), args.string("new_iname"),
                                       rename_options(args));
                }});
}

}  // namespace loom
