// buffer_array (loopy's transform/buffer.py): read-modify-write buffering. The part of an array
// that the accesses in `within` touch while `buffer_inames` run is kept in a temporary
// <var>_buf: filled before the first access (instruction init_<var>, in new inames
// <var>_init_<axis>), accessed instead of the array, and stored back after the last (store_<var>,
// inames <var>_store_<axis>).
//
//   c[i, j] = c[i, j] + a[i, k]*b[k, j]           i, j split by 4
//   buffer_array("c", {i_inner, j_inner}, init_expression="0", store_expression="base + buffer")
//     c_buf[c_init_0, c_init_1] = 0                                              {id=init_c}
//     c_buf[i_inner, j_inner] = c_buf[i_inner, j_inner] + a[i, k]*b[k, j]         {dep=init_c}
//     c[4*i_outer + c_store_0, 4*j_outer + c_store_1] = c[4*i_outer + c_store_0, 4*j_outer +
//         c_store_1] + c_buf[c_store_0, c_store_1]                                {id=store_c}
//
// In init_expression `base` is the array's element; in store_expression `base` is the array's
// element and `buffer` the buffer's. The footprint, its box, the guards of partial tiles and
// l.auto are precompute's (transforms/footprint_support.cpp): the accesses become invocations of a
// rule <var>(d...) := <var>[d...], which is precomputed over the buffer inames; the store is the
// same region in copies of the init inames. Instructions that depended on a buffered one depend on
// the store.
//
// Refuses: an unknown array or buffer iname, a scalar, an array that nothing in `within`
// accesses, an expression that does not parse, and what precompute refuses (data-dependent
// indices, a box of non-constant size, a non-convex footprint without fetch_bounding_box, a
// private buffer whose init inames default_tag puts on l.N axes, an instruction outside `within`
// writing the array while it is buffered).
#include <algorithm>

#include "ir/instruction_names.hpp"
#include "ir/match.hpp"
#include "lang/instruction_parser.hpp"
#include "loom/buffer_transforms.hpp"
#include "loom/error.hpp"
#include "transforms/footprint_support.hpp"
#include "transforms/iname_copies.hpp"
#include "transforms/instruction_support.hpp"
#include "transforms/registry.hpp"
#include "transforms/storage_support.hpp"
#include "transforms/transform_support.hpp"

namespace loom {

namespace {

constexpr const char* kTransform = "buffer_array";

TransformCall recorded_call(const std::string& var_name,
                            const std::vector<std::string>& buffer_inames,
                            const BufferArrayOptions& options) {
  TransformCall call{kTransform, {{"var_name", var_name}, {"buffer_inames", buffer_inames}}};
  if (options.init_expression) call.arguments["init_expression"] = *options.init_expression;
  if (options.store_expression) call.arguments["store_expression"] = *options.store_expression;
  if (options.within) call.arguments["within"] = *options.within;
  call.arguments["default_tag"] =
      options.default_tag ? TransformValue(*options.default_tag) : TransformValue();
  if (options.temporary_address_space)
    call.arguments["temporary_address_space"] =
        std::string(address_space_name(*options.temporary_address_space));
  if (options.fetch_bounding_box) call.arguments["fetch_bounding_box"] = true;
  if (options.unchecked) call.arguments["unchecked"] = true;
  return call;
}

struct Array {
  std::optional<DType> dtype;
  std::size_t rank;
};

Array array_named(const LoopKernel& kernel, const std::string& name) {
  if (const KernelArgument* arg = kernel.find_arg(name); arg != nullptr && arg->is_array())
    return {arg->dtype, arg->shape.size()};
  if (const Temporary* temporary = kernel.find_temporary(name))
    return {temporary->dtype, temporary->shape.size()};
  std::vector<std::string> names;
  for (const KernelArgument& arg : kernel.args)
    if (arg.is_array()) names.push_back(arg.name);
  for (const Temporary& temporary : kernel.temporaries) names.push_back(temporary.name);
  throw Error(std::string(kTransform) + ": unknown array '" + name +
              "' (the kernel's arrays and temporaries: " + joined(names) + ")" +
              did_you_mean(name, names));
}

ExprPtr parsed(const std::string& text, const std::string& parameter) {
  try {
    return lang::parse_expression(text);
  } catch (const ParseError& error) {
    throw Error(std::string(kTransform) + ": cannot parse " + parameter + " '" + text +
                "': " + error.reason());
  }
}

// `expr` with the variables `base` and `buffer` replaced.
ExprPtr with_base_and_buffer(const ExprPtr& expr, const ExprPtr& base, const ExprPtr& buffer) {
  return substitute(expr, [&](const std::string& name) -> ExprPtr {
    if (name == "base") return base;
    if (name == "buffer") return buffer;
    return nullptr;
  });
}

// The expressions may name `base`, `buffer` (store only), the kernel's value arguments and the
// inames the instruction they go into runs in; any other name has no value there.
void require_bound_names(const LoopKernel& kernel, const ExprPtr& expr, const Instruction& instruction,
                         const std::string& parameter, bool buffer_allowed) {
  visit_expr(*expr, [&](const Expr& node) {
    if (node.kind != ExprKind::Variable) return;
    const std::string& name = node.name;
    if (name == "base" || (buffer_allowed && name == "buffer")) return;
    if (instruction.within_inames.count(name) != 0) return;
    const KernelArgument* arg = kernel.find_arg(name);
    if (arg != nullptr && !arg->is_array()) return;
    std::string inames = joined(instruction.within_inames);
    std::string what = kernel.domain_of_iname(name) != nullptr
                           ? "iname '" + name + "', which instruction '" + instruction.id + "' does not run in"
                           : "'" + name + "', which is neither a value argument nor one of its inames";
    throw Error(std::string(kTransform) + ": " + parameter + " names " + what + " (its inames: " + inames +
                "; allowed besides: base" + (buffer_allowed ? ", buffer" : "") + " and value arguments)");
  });
}

// Step 1: the accesses of `var` in the matched instructions become invocations of `rule`.
std::vector<std::string> accesses_to_invocations(LoopKernel& kernel, const std::string& var,
                                                 const std::string& rule,
                                                 const InstructionMatch& within) {
  std::vector<std::string> buffered;
  auto rewrite = [&](const ExprPtr& expr) {
    return map_expr(expr, [&](const ExprPtr& node) -> ExprPtr {
      if (node->kind != ExprKind::Subscript || node->name != var) return node;
      return call(rule, node->operands);
    });
  };
  for (Instruction& instruction : kernel.instructions) {
    if (!mentions_name(instruction, var) || !within.matches(kernel, instruction)) continue;
    for (ExprPtr& assignee : instruction.assignees) assignee = rewrite(assignee);
    if (instruction.expression) instruction.expression = rewrite(instruction.expression);
    for (ExprPtr& predicate : instruction.predicates) predicate = rewrite(predicate);
    buffered.push_back(instruction.id);
  }
  return buffered;
}

// The init instruction's own inames (the storage inames, after any l.auto split).
std::vector<std::string> storage_inames_of(const LoopKernel& before, const Instruction& init) {
  std::vector<std::string> inames;
  for (const std::string& iname : init.within_inames)
    if (before.domain_of_iname(iname) == nullptr) inames.push_back(iname);
  return inames;
}

std::string store_name_for(const LoopKernel& kernel, const std::string& init_iname,
                           const std::set<std::string>& taken) {
  std::string name = init_iname;
  std::size_t at = name.find("_init_");
  name = at == std::string::npos ? name + "_store" : name.replace(at, 6, "_store_");
  return unused_name(kernel, name, taken);
}

// Step 3: the store instruction: the init's region in copies of its inames, written back.
Instruction store_instruction(LoopKernel& kernel, const LoopKernel& before, const Instruction& init,
                              const std::optional<ExprPtr>& store_expression,
                              const std::string& var) {
  std::map<std::string, std::string> copies;
  std::set<std::string> taken;
  for (const std::string& iname : storage_inames_of(before, init)) {
    copies[iname] = store_name_for(kernel, iname, taken);
    taken.insert(copies[iname]);
  }
  add_iname_copies(kernel, copies);
  for (const auto& [from, to] : copies) {
    auto tag = kernel.iname_tags.find(from);
    if (tag != kernel.iname_tags.end()) kernel.iname_tags[to] = tag->second;
  }
  Instruction store = init;
  store.depends_on.clear();
  rename_inames_in(store, copies);
  ExprPtr element = store.expression;  // the array's element, as the copy read it
  ExprPtr slot = store.assignees.front();
  store.id = unused_name(kernel, "store_" + var);
  store.assignees = {element};
  store.expression =
      store_expression ? with_base_and_buffer(*store_expression, element, slot) : slot;
  store.source = to_string(element) + " = " + to_string(store.expression);
  return store;
}

}  // namespace

LoopKernel buffer_array(const LoopKernel& kernel, const std::string& var_name,
                        const std::vector<std::string>& buffer_inames,
                        const BufferArrayOptions& options) {
  TransformCall call = recorded_call(var_name, buffer_inames, options);
  // Step 1: checks; the accesses become invocations of a rule that reads the array.
  Array array = array_named(kernel, var_name);
  if (array.rank == 0)
    throw Error(std::string(kTransform) + ": '" + var_name +
                "' is a scalar; there is nothing to buffer");
  for (const std::string& iname : buffer_inames) require_iname(kernel, iname, kTransform);
  std::optional<ExprPtr> init_expression, store_expression;
  bool store = !(options.store_expression && *options.store_expression == "False");
  if (options.init_expression)
    init_expression = parsed(*options.init_expression, "init_expression");
  if (options.store_expression && store)
    store_expression = parsed(*options.store_expression, "store_expression");
  InstructionMatch within =
      options.within ? InstructionMatch::parse(*options.within) : InstructionMatch::all();
  LoopKernel ruled = kernel;
  std::string rule = unused_name(kernel, var_name + "_buf_rule", [&] {
    std::set<std::string> rules;
    for (const auto& [name, other] : kernel.substitutions) rules.insert(name);
    return rules;
  }());
  std::vector<std::string> parameters;
  std::vector<ExprPtr> element;
  for (std::size_t k = 0; k < array.rank; ++k) {
    parameters.push_back(unused_name(kernel, var_name + "_init_" + std::to_string(k)));
    element.push_back(variable(parameters.back()));
  }
  ruled.substitutions[rule] = SubstitutionRule{rule, parameters, subscript(var_name, element)};
  std::vector<std::string> buffered = accesses_to_invocations(ruled, var_name, rule, within);
  if (buffered.empty()) {
    throw Error(
        std::string(kTransform) + ": nothing accesses '" + var_name + "'" +
        (options.within ? " in the instructions within='" + *options.within + "'" : std::string()));
  }
  // Step 2: the buffer and its init instruction, by precompute of the rule.
  std::string buffer = unused_name(kernel, var_name + "_buf");
  std::string init_id = unused_name(kernel, "init_" + var_name, {buffer});
  PrecomputeOptions precompute{
      .sweep_inames = buffer_inames,
      .within = options.within,
      .temporary_name = buffer,
      .default_tag = options.default_tag,
      .temporary_address_space = options.temporary_address_space,
      .compute_insn_id = init_id,
      .fetch_bounding_box = options.fetch_bounding_box,
  };
  FootprintRequest request{kTransform, "array '" + var_name + "'", rule, precompute, std::nullopt};
  LoopKernel result = precompute_rule(ruled, request);
  for (Temporary& temporary : result.temporaries)
    if (temporary.name == buffer && array.dtype) temporary.dtype = array.dtype;
  Instruction& init = instruction_named(result, init_id);
  Instruction init_copy = init;
  if (init_expression) {
    require_bound_names(result, *init_expression, init, "init_expression", false);
    init.expression = with_base_and_buffer(*init_expression, init_copy.expression, nullptr);
    init.source = to_string(init.assignees.front()) + " = " + to_string(init.expression);
  }
  // Step 3: the store after the last buffered instruction; what waited for those waits for it.
  if (store) {
    Instruction store_insn =
        store_instruction(result, kernel, init_copy, store_expression, var_name);
    if (store_expression)
      require_bound_names(result, *store_expression, store_insn, "store_expression", true);
    store_insn.depends_on.insert(buffered.begin(), buffered.end());
    for (Instruction& instruction : result.instructions) {
      bool waits = std::any_of(buffered.begin(), buffered.end(), [&](const std::string& id) {
        return instruction.depends_on.count(id) != 0;
      });
      bool is_buffered =
          std::find(buffered.begin(), buffered.end(), instruction.id) != buffered.end();
      if (waits && !is_buffered) instruction.depends_on.insert(store_insn.id);
    }
    std::size_t last = 0;
    for (std::size_t k = 0; k < result.instructions.size(); ++k)
      if (std::find(buffered.begin(), buffered.end(), result.instructions[k].id) != buffered.end())
        last = k;
    result.instructions.insert(result.instructions.begin() + static_cast<std::ptrdiff_t>(last + 1),
                               store_insn);
  }
  result.applied_transforms = kernel.applied_transforms;
  return finish_transform(kernel, std::move(result), call, std::nullopt, options.unchecked,
                          CheckScope::All);
}

LOOM_REGISTER_TRANSFORM(buffer_array) {
  registry.add(
      {kTransform,
       "keep the part of an array a loop nest accesses in a temporary, stored back after",
       {{"var_name", ParameterType::String, true},
        {"buffer_inames", ParameterType::InameList, true},
        {"init_expression", ParameterType::String, false, true},
        {"store_expression", ParameterType::String, false, true},
        {"within", ParameterType::Match, false, true},
        {"default_tag", ParameterType::String, false, true, std::string("l.auto")},
        {"temporary_address_space",
         ParameterType::Enum,
         false,
         true,
         std::monostate{},
         {"private", "local", "global", "auto"}},
        {"fetch_bounding_box", ParameterType::Bool, false, false, false}},
       [](const LoopKernel& kernel, const TransformArguments& args) {
         BufferArrayOptions options;
         options.init_expression = args.optional_string("init_expression");
         options.store_expression = args.optional_string("store_expression");
         options.within = args.optional_string("within");
         options.default_tag = args.optional_string("default_tag");
         options.temporary_address_space =
             parse_address_space(args.optional_string("temporary_address_space"), kTransform);
         options.fetch_bounding_box = args.boolean("fetch_bounding_box");
         options.unchecked = args.unchecked();
         return buffer_array(kernel, args.string("var_name"), args.names("buffer_inames"), options);
       }});
}

}  // namespace loom
