// LoopKernel lookups, iname tags, and printing a kernel back to loopy's syntax.
#include <algorithm>
#include <map>
#include <sstream>

#include "ir/isl_extra.hpp"
#include "ir/isl_kernel.hpp"
#include "loom/error.hpp"
#include "loom/kernel.hpp"

namespace loom {

const KernelArgument* LoopKernel::find_arg(const std::string& arg_name) const {
  for (const KernelArgument& arg : args) {
    if (arg.name == arg_name) return &arg;
  }
  return nullptr;
}

const Temporary* LoopKernel::find_temporary(const std::string& temporary_name) const {
  for (const Temporary& temporary : temporaries) {
    if (temporary.name == temporary_name) return &temporary;
  }
  return nullptr;
}

const Instruction* LoopKernel::find_instruction(const std::string& id) const {
  for (const Instruction& instruction : instructions) {
    if (instruction.id == id) return &instruction;
  }
  return nullptr;
}

const Domain* LoopKernel::domain_of_iname(const std::string& iname) const {
  for (const Domain& domain : domains) {
    if (std::find(domain.inames.begin(), domain.inames.end(), iname) != domain.inames.end()) {
      return &domain;
    }
  }
  return nullptr;
}

std::vector<std::string> LoopKernel::all_inames() const {
  std::vector<std::string> inames;
  for (const Domain& domain : domains) {
    inames.insert(inames.end(), domain.inames.begin(), domain.inames.end());
  }
  return inames;
}

std::vector<std::string> LoopKernel::parameters() const {
  std::vector<std::string> inames = all_inames();
  std::vector<std::string> result;
  auto add = [&](const std::string& name) {
    if (std::find(inames.begin(), inames.end(), name) != inames.end()) return;
    // A temporary used as a domain parameter is computed by the kernel (a data-dependent bound).
    if (find_temporary(name) != nullptr) return;
    if (std::find(result.begin(), result.end(), name) != result.end()) return;
    result.push_back(name);
  };
  for (const Domain& domain : domains) {
    for (const std::string& parameter : domain.parameters) add(parameter);
  }
  if (!assumptions.empty_handle()) {
    for (const std::string& name : isl_extra::dim_names(isl_set_of(assumptions), isl_dim_param)) {
      add(name);
    }
  }
  return result;
}

InameTag LoopKernel::tag_of(const std::string& iname) const {
  auto found = iname_tags.find(iname);
  return found == iname_tags.end() ? InameTag{} : found->second;
}

std::string to_string(const InameTag& tag) {
  using Kind = InameTag::Kind;
  switch (tag.kind) {
    case Kind::Sequential: return "for";
    case Kind::Ordered: return "ord";
    case Kind::Group: return "g." + std::to_string(tag.axis);
    case Kind::Local: return "l." + std::to_string(tag.axis);
    case Kind::LocalAuto: return "l.auto";
    case Kind::Unroll: return "unr";
    case Kind::UnrollHint:
      return tag.unroll_factor > 0 ? "unr_hint." + std::to_string(tag.unroll_factor) : "unr_hint";
    case Kind::Ilp: return "ilp";
    case Kind::IlpSeq: return "ilp.seq";
    case Kind::Vec: return "vec";
  }
  return "?";
}

namespace {
std::optional<int> parse_small_number(const std::string& text) {
  if (text.empty() || text.size() > 4) return std::nullopt;
  if (!std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; })) {
    return std::nullopt;
  }
  return std::stoi(text);
}
}  // namespace

InameTag parse_iname_tag(const std::string& text) {
  using Kind = InameTag::Kind;
  if (text == "for" || text.empty()) return {Kind::Sequential};
  if (text == "ord") return {Kind::Ordered};
  if (text == "l.auto") return {Kind::LocalAuto};
  if (text == "unr") return {Kind::Unroll};
  if (text == "unr_hint") return {Kind::UnrollHint};
  if (text == "ilp" || text == "ilp.unr") return {Kind::Ilp};
  if (text == "ilp.seq") return {Kind::IlpSeq};
  if (text == "vec") return {Kind::Vec};
  if (text.rfind("unr_hint.", 0) == 0) {
    if (auto factor = parse_small_number(text.substr(9)); factor && *factor > 0) {
      return {Kind::UnrollHint, -1, *factor};
    }
  }
  if (text.size() > 2 && (text[0] == 'g' || text[0] == 'l') && text[1] == '.') {
    if (auto axis = parse_small_number(text.substr(2)); axis && *axis <= 2) {
      return {text[0] == 'g' ? Kind::Group : Kind::Local, *axis};
    }
  }
  throw Error("unknown iname tag '" + text +
              "' (expected for, ord, g.0-2, l.0-2, l.auto, unr, unr_hint[.N], ilp, ilp.unr, "
              "ilp.seq or vec)");
}

std::string_view address_space_name(AddressSpace space) {
  switch (space) {
    case AddressSpace::Private: return "private";
    case AddressSpace::Local: return "local";
    case AddressSpace::Global: return "global";
    case AddressSpace::Auto: return "auto";
  }
  return "?";
}

namespace {

std::string join_names(const std::set<std::string>& names, const char* separator) {
  std::string out;
  for (const std::string& name : names) out += (out.empty() ? "" : separator) + name;
  return out;
}

std::string shape_text(const std::vector<ExprPtr>& shape) {
  std::string out;
  for (const ExprPtr& extent : shape) out += (out.empty() ? "" : ", ") + to_string(extent);
  return out;
}

std::string scope_suffix(SyncScope scope) {
  switch (scope) {
    case SyncScope::Local: return "@local";
    case SyncScope::Global: return "@global";
    case SyncScope::Any: return "@any";
  }
  return "";
}

std::string options_text(const Instruction& instruction) {
  std::string out = "{id=" + instruction.id;
  if (!instruction.depends_on.empty()) out += ", dep=" + join_names(instruction.depends_on, ":");
  if (!instruction.no_sync_with.empty()) {
    std::string entries;
    for (const NoSyncWith& entry : instruction.no_sync_with) {
      entries += (entries.empty() ? "" : ":") + entry.instruction_match + scope_suffix(entry.scope);
    }
    out += ", nosync=" + entries;
  }
  // An empty set cannot be spelled; re-parsing then adds no inames either (none are used freely).
  if (!instruction.within_inames.empty()) out += ", inames=" + join_names(instruction.within_inames, ":");
  if (!instruction.tags.empty()) out += ", tags=" + join_names(instruction.tags, ":");
  if (instruction.priority != 0) out += ", priority=" + std::to_string(instruction.priority);
  bool global_fence = instruction.barrier_mem_kind == SyncScope::Global;
  if (instruction.kind == InstructionKind::Barrier && instruction.barrier_scope == SyncScope::Local && global_fence) {
    out += ", mem_kind=global";
  }
  return out + "}";
}

// The first instruction assigning each temporary carries its `<dtype>` declaration.
std::map<std::string, std::string> temporary_declarers(const LoopKernel& kernel) {
  std::map<std::string, std::string> declarer;
  for (const Instruction& instruction : kernel.instructions) {
    for (const ExprPtr& assignee : instruction.assignees) {
      if (kernel.find_temporary(assignee->name) != nullptr) declarer.emplace(assignee->name, instruction.id);
    }
  }
  return declarer;
}

void print_instruction(std::ostream& out, const LoopKernel& kernel, const Instruction& instruction,
                       const std::map<std::string, std::string>& declarers) {
  std::string indent;
  for (const ExprPtr& predicate : instruction.predicates) {
    out << indent << "if " << to_string(predicate) << "\n";
    indent += "  ";
  }
  out << indent;
  switch (instruction.kind) {
    case InstructionKind::Barrier:
      out << "... " << (instruction.barrier_scope == SyncScope::Global ? "gbarrier" : "lbarrier");
      break;
    case InstructionKind::NoOp: out << "... nop"; break;
    case InstructionKind::Assignment: {
      std::string types, lhs;
      bool declares = false;
      for (const ExprPtr& assignee : instruction.assignees) {
        const Temporary* temporary = kernel.find_temporary(assignee->name);
        auto declarer = declarers.find(assignee->name);
        bool here = temporary != nullptr && declarer != declarers.end() && declarer->second == instruction.id;
        declares = declares || here;
        std::string type = here && temporary->dtype ? std::string(dtype_name(*temporary->dtype)) : "";
        types += (types.empty() && lhs.empty() ? "" : ", ") + type;
        lhs += (lhs.empty() ? "" : ", ") + to_string(assignee);
      }
      if (declares) out << "<" << types << "> ";
      out << lhs << " = " << to_string(instruction.expression);
      break;
    }
  }
  out << " " << options_text(instruction) << "\n";
  for (std::size_t i = 0; i < instruction.predicates.size(); ++i) {
    indent.resize(indent.size() - 2);
    out << indent << "end\n";
  }
}

}  // namespace

std::string to_string(const LoopKernel& kernel) {
  std::ostringstream out;
  out << "kernel " << kernel.name << "\n";
  out << "domains:\n";
  for (const Domain& domain : kernel.domains) out << "  " << domain.text << "\n";
  if (!kernel.assumptions_text.empty()) out << "assumptions: " << kernel.assumptions_text << "\n";
  out << "args:\n";
  for (const KernelArgument& arg : kernel.args) {
    out << "  " << arg.name << ": "
        << (arg.kind == ArgKind::Value ? "value" : arg.kind == ArgKind::Constant ? "constant" : "global")
        << " " << (arg.dtype ? dtype_name(*arg.dtype) : "auto");
    if (arg.is_array()) out << " shape=(" << (arg.shape_is_auto ? "auto" : shape_text(arg.shape)) << ")";
    out << "\n";
  }
  if (!kernel.temporaries.empty()) {
    out << "temporaries:\n";
    for (const Temporary& temporary : kernel.temporaries) {
      out << "  " << temporary.name << ": " << (temporary.dtype ? dtype_name(*temporary.dtype) : "auto")
          << " shape=(" << shape_text(temporary.shape) << ") "
          << address_space_name(temporary.address_space) << "\n";
    }
  }
  if (!kernel.iname_tags.empty()) {
    out << "iname tags:\n";
    for (const auto& [iname, tag] : kernel.iname_tags) out << "  " << iname << ": " << to_string(tag) << "\n";
  }
  out << "instructions:\n" << instructions_text(kernel);
  return out.str();
}

std::string instructions_text(const LoopKernel& kernel) {
  std::ostringstream out;
  for (const auto& [name, rule] : kernel.substitutions) {
    std::string list;
    for (const std::string& parameter : rule.parameters) list += (list.empty() ? "" : ", ") + parameter;
    out << name << (rule.parameters.empty() ? "" : "(" + list + ")") << " := " << to_string(rule.expression) << "\n";
  }
  std::map<std::string, std::string> declarers = temporary_declarers(kernel);
  for (const Instruction& instruction : kernel.instructions) print_instruction(out, kernel, instruction, declarers);
  return out.str();
}

}  // namespace loom
