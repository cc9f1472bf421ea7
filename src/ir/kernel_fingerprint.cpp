#include "ir/kernel_fingerprint.hpp"

#include <sstream>

namespace loom::detail {

namespace {

// A new field in these structures must be added to the fingerprint below (else two different
// kernels could share a cache entry and one would run the other's code); the size checks make
// the compiler point here when a field is added.
static_assert(sizeof(KernelArgument) == 128, "add the new KernelArgument field to kernel_fingerprint");
static_assert(sizeof(Temporary) == 152, "add the new Temporary field to kernel_fingerprint");
static_assert(sizeof(KernelOptions) == 40, "add the new KernelOptions field to kernel_fingerprint");
static_assert(sizeof(Instruction) == 320, "add the new Instruction field to kernel_fingerprint");

std::string exprs_text(const std::vector<ExprPtr>& exprs) {
  std::string text;
  for (const ExprPtr& expr : exprs) text += (text.empty() ? "" : ", ") + (expr ? to_string(expr) : "-");
  return "(" + text + ")";
}

std::string dtype_text(const std::optional<DType>& dtype) {
  return dtype ? std::string(dtype_name(*dtype)) : "auto";
}

std::string tristate(const std::optional<bool>& value) { return value ? (*value ? "yes" : "no") : "auto"; }

void write_argument(std::ostream& out, const KernelArgument& arg) {
  out << "arg " << arg.name << " kind=" << static_cast<int>(arg.kind) << " dtype=" << dtype_text(arg.dtype)
      << " shape=" << exprs_text(arg.shape) << " auto_shape=" << arg.shape_is_auto
      << " order=" << static_cast<int>(arg.order) << " dim_tags=";
  for (const std::string& tag : arg.dim_tags) out << tag << ";";
  out << " offset=" << (arg.offset ? to_string(arg.offset) : "0") << " in=" << tristate(arg.is_input)
      << " out=" << tristate(arg.is_output) << "\n";
}

void write_temporary(std::ostream& out, const Temporary& temporary) {
  out << "temporary " << temporary.name << " dtype=" << dtype_text(temporary.dtype)
      << " shape=" << exprs_text(temporary.shape) << " space=" << address_space_name(temporary.address_space)
      << " read_only=" << temporary.read_only << " base_storage=" << temporary.base_storage << " init=";
  std::ostringstream values;
  values.precision(17);
  for (double value : temporary.initializer) values << value << ";";
  out << values.str() << " dim_tags=";
  for (const std::string& tag : temporary.dim_tags) out << tag << ";";
  out << "\n";
}

// What instructions_text leaves implicit: the barrier kinds and each instruction's source text
// (messages only) are the rest; the kinds are spelled out here.
void write_instruction_extras(std::ostream& out, const Instruction& instruction) {
  out << "insn " << instruction.id << " kind=" << static_cast<int>(instruction.kind)
      << " scope=" << static_cast<int>(instruction.barrier_scope)
      << " mem=" << static_cast<int>(instruction.barrier_mem_kind) << "\n";
}

}  // namespace

std::string kernel_fingerprint(const LoopKernel& kernel) {
  std::ostringstream out;
  out << "kernel " << kernel.name << "\n";
  for (const Domain& domain : kernel.domains) out << "domain " << domain.set.str() << "\n";
  out << "assumptions " << (kernel.assumptions.empty_handle() ? "" : kernel.assumptions.str()) << "\n";
  for (const KernelArgument& arg : kernel.args) write_argument(out, arg);
  for (const Temporary& temporary : kernel.temporaries) write_temporary(out, temporary);
  for (const auto& [iname, tag] : kernel.iname_tags) out << "tag " << iname << " " << to_string(tag) << "\n";
  for (const std::vector<std::string>& priority : kernel.loop_priorities) {
    out << "priority";
    for (const std::string& iname : priority) out << " " << iname;
    out << "\n";
  }
  for (const auto& [iname, slab] : kernel.slabs) out << "slab " << iname << " " << slab.first << " " << slab.second << "\n";
  for (const InameRewrite& rewrite : kernel.iname_rewrites) {
    out << "rewrite " << rewrite.transform << " " << rewrite.relation << "\n";
  }
  for (const ArrayRewrite& rewrite : kernel.array_rewrites) {
    out << "array rewrite " << rewrite.transform << " " << rewrite.array << " " << exprs_text(rewrite.new_indices) << "\n";
  }
  const KernelOptions& options = kernel.options;
  out << "options seq=" << options.seq_dependencies << " index=" << dtype_name(options.index_dtype)
      << " bounds=" << options.enforce_array_accesses_within_bounds << " silenced=";
  for (const std::string& warning : options.silenced_warnings) out << warning << ";";
  out << "\n";
  for (const Instruction& instruction : kernel.instructions) write_instruction_extras(out, instruction);
  out << "instructions\n" << instructions_text(kernel);
  return out.str();
}

}  // namespace loom::detail
