// fuse_kernels (loopy's transform/fusion.py): one kernel doing the work of several.
//
//   {[i]: 0<=i<n}  b[i] = 2*a[i]            {[i]: 0<=i<n}  c[i] = b[i] + 1
// fuse_kernels({producer, consumer}, data_flow={{"b", 0, 1}}) →
//   {[i]: 0<=i<n}  b[i] = 2*a[i] {id=insn}   c[i] = b[i] + 1 {id=insn_0, dep=insn}
// one loop (one launch once tagged) instead of two.
//
// As loopy: inames with the same name become one iname (the domains must agree on the values of
// the inames they share; domains sharing inames are intersected); arguments with the same name
// are one argument (their declarations must match); temporaries stay private to their kernel
// (renamed on a clash: with `suffixes`, a temporary whose name another kernel uses gets its
// kernel's suffix; then _0, _1, ...); instruction ids are made unique; assumptions are conjoined.
// Each data_flow entry (variable, from, to) makes every instruction of kernel `to` that mentions
// the variable depend on every writer of it in kernel `from` (and, beyond loopy, every writer of
// it in `to` on the readers in `from`, so an anti-dependence keeps its order too).
//
// Legality (loom's addition; loopy fuses silently): kernels run one after another, so the fused
// kernel must give every pair of instances that touch one element (one of them writing) the order
// of the kernels. Within the inames two instructions share, their loops are now one: an instance
// of the later kernel must not come at an earlier iteration of the shared loops than the instance
// of the earlier kernel it conflicts with. The fusion is refused with the violating pair of
// instances (LegalityError), and also when two kernels touch a variable with no data_flow entry
// ordering them. Refuses too: no kernels, suffixes of the wrong length, a data_flow index out of
// range, arguments declared differently, domains that disagree on shared inames, iname tags that
// disagree, and a domain sharing inames with two domains of another kernel.
#include "loom/fuse_kernels.hpp"

#include <isl/map.h>
#include <isl/set.h>

#include <algorithm>
#include <cstdlib>
#include <set>

#include "analysis/accesses.hpp"
#include "analysis/instance_printer.hpp"
#include "ir/instruction_names.hpp"
#include "ir/isl_extra.hpp"
#include "ir/isl_kernel.hpp"
#include "loom/error.hpp"

namespace loom {

namespace {

std::string fuse_error(const std::string& what) { return "fuse_kernels: " + what; }

std::string isl_text(const isl::set& set) {
  char* text = isl_set_to_str(set.get());
  std::string result = text ? text : "";
  free(text);  // NOLINT(cppcoreguidelines-no-malloc): isl allocates with malloc
  return result;
}

std::string unique_name(const std::string& base, const std::set<std::string>& taken) {
  if (!taken.count(base)) return base;
  for (int suffix = 0;; ++suffix) {
    std::string name = base + "_" + std::to_string(suffix);
    if (!taken.count(name)) return name;
  }
}

std::set<std::string> variable_names(const LoopKernel& kernel) {
  std::set<std::string> names;
  for (const KernelArgument& arg : kernel.args) names.insert(arg.name);
  for (const Temporary& t : kernel.temporaries) names.insert(t.name);
  for (const std::string& iname : kernel.all_inames()) names.insert(iname);
  return names;
}

ExprPtr rename_variables(const ExprPtr& expr, const std::map<std::string, std::string>& renames) {
  if (!expr || renames.empty()) return expr;
  return map_expr(expr, [&](const ExprPtr& node) -> ExprPtr {
    if (node->kind != ExprKind::Variable && node->kind != ExprKind::Subscript) return node;
    auto it = renames.find(node->name);
    if (it == renames.end()) return node;
    auto renamed = std::make_shared<Expr>(*node);
    renamed->name = it->second;
    return renamed;
  });
}

bool same_declaration(const KernelArgument& a, const KernelArgument& b) {
  if (a.kind != b.kind || a.dtype != b.dtype || a.order != b.order || a.dim_tags != b.dim_tags)
    return false;
  if (a.shape.size() != b.shape.size()) return false;
  for (std::size_t i = 0; i < a.shape.size(); ++i) {
    if (!structurally_equal(*a.shape[i], *b.shape[i])) return false;
  }
  return true;
}

// One kernel's contribution after renaming.
struct Part {
  std::vector<Instruction> instructions;
};

struct Fusion {
  IslContextPtr context = std::make_shared<IslContext>();
  std::vector<isl::set> domains;  // in the fusion's context
  std::vector<KernelArgument> args;
  std::vector<Temporary> temporaries;
  std::map<std::string, SubstitutionRule> substitutions;
  std::map<std::string, InameTag> tags;
  std::vector<std::vector<std::string>> priorities;
  std::vector<std::string> assumptions;
  std::set<std::string> taken_ids;
  std::set<std::string> taken_temporaries;
  std::vector<Part> parts;
};

std::vector<std::string> set_names(const isl::set& set) {
  return isl_extra::dim_names(set, isl_dim_set);
}

// Adds one domain of a kernel: intersected with the fused domain that shares its inames.
void add_domain(Fusion& fusion, const Domain& domain) {
  isl::set set(fusion.context->ctx(), domain.set.str());
  std::vector<std::string> inames = set_names(set);
  std::vector<std::size_t> sharing;
  for (std::size_t i = 0; i < fusion.domains.size(); ++i) {
    std::vector<std::string> other = set_names(fusion.domains[i]);
    if (std::any_of(inames.begin(), inames.end(), [&](const std::string& n) {
          return std::count(other.begin(), other.end(), n);
        })) {
      sharing.push_back(i);
    }
  }
  if (sharing.empty()) {
    fusion.domains.push_back(set);
    return;
  }
  if (sharing.size() > 1)
    throw Error(fuse_error("domain " + domain.text +
                           " shares inames with two domains of the kernels before it"));
  isl::set& other = fusion.domains[sharing[0]];
  std::vector<std::string> other_names = set_names(other);
  std::vector<std::string> shared, all = other_names;
  for (const std::string& name : inames) {
    if (std::count(other_names.begin(), other_names.end(), name))
      shared.push_back(name);
    else
      all.push_back(name);
  }
  auto on_shared = [&](const isl::set& s) {
    isl::set params = isl_extra::set_dims_to_params(s);
    for (const std::string& name : set_names(s)) {
      if (!std::count(shared.begin(), shared.end(), name))
        params = isl_extra::project_out_param(params, name);
    }
    return params;
  };
  if (!on_shared(set).is_equal(on_shared(other))) {
    std::string list;
    for (const std::string& name : shared) list += (list.empty() ? "" : ", ") + name;
    throw Error(
        fuse_error("the kernels do not agree on the values of iname(s) " + list + ": " +
                   isl_text(other) + " vs " + domain.text +
                   "; rename the inames of one kernel (rename_iname) to keep the loops apart"));
  }
  isl::set combined =
      isl_extra::set_dims_to_params(other).intersect(isl_extra::set_dims_to_params(set));
  other = isl_extra::params_to_set_dims(combined, all, "");
}

void add_kernel(Fusion& fusion, const LoopKernel& kernel, std::size_t index,
                const FuseOptions& options, const std::set<std::string>& names_of_others) {
  for (const Domain& domain : kernel.domains) add_domain(fusion, domain);
  std::map<std::string, std::string> renames;
  for (const KernelArgument& arg : kernel.args) {
    auto same = std::find_if(fusion.args.begin(), fusion.args.end(),
                             [&](const KernelArgument& a) { return a.name == arg.name; });
    if (same == fusion.args.end())
      fusion.args.push_back(arg);
    else if (!same_declaration(*same, arg)) {
      throw Error(fuse_error("argument '" + arg.name + "' is declared differently in kernel " +
                             std::to_string(index) + " ('" + kernel.name +
                             "') than before it; rename one (or make the declarations match)"));
    }
  }
  std::set<std::string> taken = fusion.taken_temporaries;
  for (const KernelArgument& arg : fusion.args) taken.insert(arg.name);
  for (const Temporary& temporary : kernel.temporaries) {
    std::string name = temporary.name;
    if (!options.suffixes.empty() && names_of_others.count(name)) name += options.suffixes[index];
    name = unique_name(name, taken);
    taken.insert(name);
    fusion.taken_temporaries.insert(name);
    if (name != temporary.name) renames[temporary.name] = name;
    Temporary renamed = temporary;
    renamed.name = name;
    fusion.temporaries.push_back(renamed);
  }
  std::map<std::string, std::string> id_renames;
  for (const Instruction& instruction : kernel.instructions) {
    std::string id = unique_name(instruction.id, fusion.taken_ids);
    fusion.taken_ids.insert(id);
    if (id != instruction.id) id_renames[instruction.id] = id;
  }
  Part part;
  for (const Instruction& instruction : kernel.instructions) {
    Instruction renamed = instruction;
    if (id_renames.count(instruction.id)) renamed.id = id_renames[instruction.id];
    for (ExprPtr& assignee : renamed.assignees) assignee = rename_variables(assignee, renames);
    renamed.expression = rename_variables(renamed.expression, renames);
    for (ExprPtr& predicate : renamed.predicates) predicate = rename_variables(predicate, renames);
    std::set<std::string> depends;
    for (const std::string& dep : instruction.depends_on)
      depends.insert(id_renames.count(dep) ? id_renames[dep] : dep);
    renamed.depends_on = depends;
    for (NoSyncWith& nosync : renamed.no_sync_with) {
      if (id_renames.count(nosync.instruction_match))
        nosync.instruction_match = id_renames[nosync.instruction_match];
    }
    part.instructions.push_back(renamed);
  }
  fusion.parts.push_back(part);
  for (const auto& [name, rule] : kernel.substitutions) {
    auto [it, inserted] = fusion.substitutions.emplace(name, rule);
    if (!inserted && !structurally_equal(*it->second.expression, *rule.expression)) {
      throw Error(fuse_error("substitution rule '" + name + "' differs between the kernels"));
    }
  }
  for (const auto& [iname, tag] : kernel.iname_tags) {
    auto [it, inserted] = fusion.tags.emplace(iname, tag);
    if (!inserted && !(it->second == tag)) {
      throw Error(fuse_error("iname '" + iname + "' is tagged " + to_string(it->second) +
                             " in one kernel and " + to_string(tag) + " in another"));
    }
  }
  fusion.priorities.insert(fusion.priorities.end(), kernel.loop_priorities.begin(),
                           kernel.loop_priorities.end());
  if (!kernel.assumptions_text.empty())
    fusion.assumptions.push_back("(" + kernel.assumptions_text + ")");
}

bool mentions_variable(const Instruction& instruction, const std::string& variable) {
  return mentions_name(instruction, variable);
}

void add_data_flow(std::vector<Part>& parts, const DataFlow& flow) {
  Part& from = parts[flow.from_kernel];
  Part& to = parts[flow.to_kernel];
  for (Instruction& sink : to.instructions) {
    if (!mentions_variable(sink, flow.variable)) continue;
    for (const Instruction& source : from.instructions) {
      bool source_writes = writes_name(source, flow.variable);
      bool sink_writes = writes_name(sink, flow.variable);
      if (source_writes || (sink_writes && mentions_variable(source, flow.variable)))
        sink.depends_on.insert(source.id);
    }
  }
}

// ---- legality -----------------------------------------------------------------------------------

// { x[...] -> y[...] : y comes at an earlier iteration of their shared loops than x }.
isl::map earlier_shared_iteration(isl::map pairs, const std::string& x_tuple,
                                  const std::string& y_tuple,
                                  const std::vector<std::string>& x_dims,
                                  const std::vector<std::string>& y_dims,
                                  const std::vector<std::string>& shared) {
  pairs = isl::manage(isl_map_set_tuple_name(pairs.release(), isl_dim_in, x_tuple.c_str()));
  pairs = isl::manage(isl_map_set_tuple_name(pairs.release(), isl_dim_out, y_tuple.c_str()));
  auto listed = [](const std::vector<std::string>& dims, const std::string& prefix) {
    std::string text;
    for (const std::string& d : dims) text += (text.empty() ? "" : ", ") + prefix + d;
    return text;
  };
  std::string condition;
  for (std::size_t level = 0; level < shared.size(); ++level) {
    std::string clause;
    for (std::size_t outer = 0; outer < level; ++outer)
      clause += "y_" + shared[outer] + " = x_" + shared[outer] + " and ";
    clause += "y_" + shared[level] + " < x_" + shared[level];
    condition += (condition.empty() ? "" : " or ") + std::string("(") + clause + ")";
  }
  if (condition.empty()) condition = "1 = 0";
  isl::map order(pairs.ctx(), "{ " + x_tuple + "[" + listed(x_dims, "x_") + "] -> " + y_tuple +
                                  "[" + listed(y_dims, "y_") + "] : " + condition + " }");
  return pairs.intersect(order);
}

std::vector<std::string> dims_of(const LoopKernel& kernel, const Instruction& instruction) {
  std::vector<std::string> dims;
  for (const std::string& iname : kernel.all_inames()) {
    if (instruction.within_inames.count(iname)) dims.push_back(iname);
  }
  return dims;
}

void check_pair(const LoopKernel& fused, const Instruction& x, const Instruction& y,
                const std::string& variable) {
  std::vector<Access> x_accesses = instruction_accesses(fused, x);
  std::vector<Access> y_accesses = instruction_accesses(fused, y);
  std::vector<std::string> x_dims = dims_of(fused, x), y_dims = dims_of(fused, y), shared;
  for (const std::string& d : x_dims) {
    if (y.within_inames.count(d)) shared.push_back(d);
  }
  for (const Access& a : x_accesses) {
    for (const Access& b : y_accesses) {
      if (a.variable != variable || b.variable != variable || (!a.is_write && !b.is_write))
        continue;
      isl::map pairs =
          access_relation(fused, a).map.apply_range(access_relation(fused, b).map.reverse());
      isl::map violating = earlier_shared_iteration(pairs, x.id, y.id, x_dims, y_dims, shared);
      if (violating.is_empty()) continue;
      InstancePrinter printer(violating);
      std::string parameters = printer.parameters();
      throw LegalityError(
          "fuse_kernels: fusing the loops over the shared inames would run " +
          printer.instance(isl_dim_out) + (b.is_write ? " (writes " : " (reads ") + variable +
          ") before " + printer.instance(isl_dim_in) + (a.is_write ? " (writes " : " (reads ") +
          variable + ") of the kernel before it, touching the same element" +
          (parameters.empty() ? "" : " at " + parameters) +
          "; rename the shared inames of one kernel (rename_iname) to keep its loops apart");
    }
  }
}

// Whether `later` depends on `earlier` through a chain of dependencies.
bool depends_transitively(const LoopKernel& kernel, const std::string& later,
                          const std::string& earlier) {
  std::set<std::string> seen;
  std::vector<std::string> stack{later};
  while (!stack.empty()) {
    std::string id = stack.back();
    stack.pop_back();
    const Instruction* instruction = kernel.find_instruction(id);
    if (!instruction) continue;
    for (const std::string& dep : instruction->depends_on) {
      if (dep == earlier) return true;
      if (seen.insert(dep).second) stack.push_back(dep);
    }
  }
  return false;
}

void check_fusion(const LoopKernel& fused, const std::vector<Part>& parts) {
  for (std::size_t p = 0; p < parts.size(); ++p) {
    for (std::size_t q = 0; q < parts.size(); ++q) {
      if (p == q) continue;
      for (const Instruction& x : parts[p].instructions) {
        for (const Instruction& y : parts[q].instructions) {
          for (const Access& access : instruction_accesses(fused, x)) {
            const std::string& variable = access.variable;
            if (!mentions_name(y, variable) || fused.find_temporary(variable)) continue;
            if (!access.is_write && !writes_name(y, variable)) continue;
            if (depends_transitively(fused, y.id, x.id)) {
              check_pair(fused, x, y, variable);
            } else if (!depends_transitively(fused, x.id, y.id)) {
              throw Error(fuse_error(
                  "kernels " + std::to_string(p) + " and " + std::to_string(q) + " both touch '" +
                  variable + "' (instructions '" + x.id + "' and '" + y.id +
                  "') and nothing orders them; pass data_flow {\"" + variable + "\", " +
                  std::to_string(p) + ", " + std::to_string(q) + "} (or the reverse)"));
            }
          }
        }
      }
    }
  }
}

}  // namespace

LoopKernel fuse_kernels(const std::vector<LoopKernel>& kernels, const FuseOptions& options) {
  if (kernels.empty()) throw Error(fuse_error("no kernels to fuse"));
  if (!options.suffixes.empty() && options.suffixes.size() != kernels.size()) {
    throw Error(fuse_error(std::to_string(options.suffixes.size()) + " suffixes for " +
                           std::to_string(kernels.size()) + " kernels; give one per kernel"));
  }
  for (const DataFlow& flow : options.data_flow) {
    if (flow.from_kernel >= kernels.size() || flow.to_kernel >= kernels.size() ||
        flow.from_kernel == flow.to_kernel) {
      throw Error(
          fuse_error("data_flow {\"" + flow.variable + "\", " + std::to_string(flow.from_kernel) +
                     ", " + std::to_string(flow.to_kernel) +
                     "} must name two different kernels of the " + std::to_string(kernels.size())));
    }
  }
  Fusion fusion;
  for (std::size_t index = 0; index < kernels.size(); ++index) {
    std::set<std::string> names_of_others;
    for (std::size_t other = 0; other < kernels.size(); ++other) {
      if (other == index) continue;
      std::set<std::string> names = variable_names(kernels[other]);
      names_of_others.insert(names.begin(), names.end());
    }
    add_kernel(fusion, kernels[index], index, options, names_of_others);
  }
  for (const DataFlow& flow : options.data_flow) add_data_flow(fusion.parts, flow);

  // The fused kernel is made from text, in one new isl context, like any kernel.
  LoopKernel text_source = kernels[0];
  text_source.temporaries.clear();  // declared through MakeKernelOptions, not inline
  text_source.substitutions = fusion.substitutions;
  text_source.instructions.clear();
  for (const Part& part : fusion.parts) {
    text_source.instructions.insert(text_source.instructions.end(), part.instructions.begin(),
                                    part.instructions.end());
  }
  std::vector<std::string> domains;
  for (const isl::set& domain : fusion.domains) domains.push_back(isl_text(domain));
  MakeKernelOptions make_options;
  make_options.name = options.name.empty() ? kernels[0].name : options.name;
  for (std::size_t i = 1; options.name.empty() && i < kernels.size(); ++i)
    make_options.name += "_and_" + kernels[i].name;
  for (const std::string& assumption : fusion.assumptions) {
    make_options.assumptions += (make_options.assumptions.empty() ? "" : " and ") + assumption;
  }
  make_options.options = kernels[0].options;
  make_options.temporaries = fusion.temporaries;
  LoopKernel fused =
      make_kernel(domains, instructions_text(text_source), fusion.args, make_options);
  fused.iname_tags = fusion.tags;
  fused.loop_priorities = fusion.priorities;
  if (!options.unchecked) {
    with_isl_errors("checking fuse_kernels", [&] {
      check_fusion(fused, fusion.parts);
      return 0;
    });
  }
  fused.verified = false;
  return fused;
}

}  // namespace loom
