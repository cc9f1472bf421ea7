// libloom_llvm.so: loom's C AST (codegen/cast.hpp) as LLVM IR, optimized at O3 and printed as PTX
// by the NVPTX back end (codegen/llvm_nvptx.hpp; ../shared/research/codegen-notes.md §4). Every
// LLVM call of loom is in this file and llvm_nvptx_tensor_cores.cpp (the tensor-core instructions),
// pinned to LLVM 19's API.
//
// The IR mirrors the CUDA printer (codegen/print_c_family.cpp):
// - a kernel is a `ptx_kernel` function; array parameters are `ptr addrspace(1) noalias` (the
//   printer's `__restrict__`), read-only ones also `readonly`; `__launch_bounds__(n, g)` is
//   !nvvm.annotations "maxntidx" n and "minctasm" g;
// - threadIdx/blockIdx are llvm.nvvm.read.ptx.sreg.{tid,ctaid}.{x,y,z}; __syncthreads is
//   llvm.nvvm.barrier0 (bar.sync 0);
// - __shared__ arrays are internal addrspace(3) globals aligned to 16; the dynamic buffer is the
//   external addrspace(3) global `loom_dynamic_shared`; private scalars and arrays are allocas
//   (SROA turns them into registers);
// - float2/float4 values are LLVM vectors, loaded and stored whole (ld.global.v4.f32);
// - C's implicit conversions are explicit here: every expression is emitted with its own dtype
//   and converted where an operator or assignment needs another; signed int and long + - * are
//   `nsw` (overflow is undefined in C), which is what lets LLVM widen indices once;
// - && || and ?: branch (their operands may hold loads the condition guards); O3 folds them back
//   into selects where that is safe. Two exceptions, for ptxas's predication: guarded fetches
//   `c ? a[i] : 0` are masked loads, and an `if` around a few loads feeding stores is a predicated
//   region (its && of index comparisons one condition; see "predicated regions").
// Math functions: see math_call (no libdevice without the toolkit: NVVM intrinsics, LLVM
// intrinsics and short formulas; the rest is refused by name). Tensor cores: see
// tensor_core_call (the printer's mma.sync and ldmatrix helpers as inline asm of the same PTX).
#include "codegen/llvm_nvptx.hpp"
#include "codegen/llvm_nvptx_tensor_cores.hpp"

#include <algorithm>
#include <chrono>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <stdexcept>

#include <llvm/ADT/SmallString.h>
#include <llvm/Analysis/CGSCCPassManager.h>
#include <llvm/Analysis/LoopAnalysisManager.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/DiagnosticInfo.h>
#include <llvm/IR/DiagnosticPrinter.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Intrinsics.h>
#include <llvm/IR/IntrinsicsNVPTX.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/LegacyPassManager.h>
#include <llvm/IR/Module.h>
#include <llvm/IR/Verifier.h>
#include <llvm/MC/TargetRegistry.h>
#include <llvm/Passes/PassBuilder.h>
#include <llvm/Support/CommandLine.h>
#include <llvm/Support/TargetSelect.h>
#include <llvm/Support/raw_ostream.h>
#include <llvm/Target/TargetMachine.h>
#include <llvm/Target/TargetOptions.h>
#include <llvm/Transforms/Scalar/LoopUnrollPass.h>

namespace loom::codegen {

namespace {

constexpr unsigned kGlobalSpace = 1;
constexpr unsigned kSharedSpace = 3;

// A kernel uses something this path cannot emit (reported as loom::Error by the loader).
struct Unsupported : std::runtime_error {
  using std::runtime_error::runtime_error;
};
// loom's AST is not what this emitter expects (a bug: InternalError).
struct Malformed : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Spelled out rather than loom::is_floating: this library is loaded with dlopen and links no libloom.
bool floating(DType dtype) {
  return dtype == DType::Float16 || dtype == DType::BFloat16 || dtype == DType::Float32 || dtype == DType::Float64;
}
bool signed_type(DType dtype) {
  return dtype == DType::Int8 || dtype == DType::Int16 || dtype == DType::Int32 || dtype == DType::Int64 || floating(dtype);
}
unsigned bits(DType dtype) {
  switch (dtype) {
    case DType::Bool: return 1;
    case DType::Int8: case DType::UInt8: return 8;
    case DType::Int16: case DType::UInt16: case DType::Float16: case DType::BFloat16: return 16;
    case DType::Int32: case DType::UInt32: case DType::Float32: return 32;
    case DType::Int64: case DType::UInt64: case DType::Float64: return 64;
  }
  return 32;
}
// C's usual arithmetic conversions, as far as loom's operands need them.
DType common_type(DType a, DType b) {
  if (floating(a) || floating(b)) {
    if (a == DType::Float64 || b == DType::Float64) return DType::Float64;
    return DType::Float32;
  }
  unsigned width = std::max({bits(a), bits(b), 32u});
  bool is_unsigned = (!signed_type(a) && bits(a) >= width) || (!signed_type(b) && bits(b) >= width);
  if (width == 64) return is_unsigned ? DType::UInt64 : DType::Int64;
  return is_unsigned ? DType::UInt32 : DType::Int32;
}

// An emitted value and the dtype it has.
struct Typed {
  llvm::Value* value = nullptr;
  DType dtype = DType::Int32;
};

// What a name in the AST stands for.
struct Binding {
  enum class Kind { Value, Scalar, Array, Vector } kind = Kind::Value;
  llvm::Value* value = nullptr;   // Value: the value; Scalar, Vector: the alloca; Array: the base pointer
  DType dtype = DType::Int32;     // element dtype
  int vector_width = 0;           // Vector
  // A loop iterator, parameter or constant: a term of loom's index arithmetic (index_arithmetic).
  bool index_term = false;
};

class FunctionEmitter {
 public:
  FunctionEmitter(llvm::Module& module, const cast::Function& function)
      : module_(module), context_(module.getContext()), builder_(context_), function_(function) {}

  void emit() {
    std::vector<llvm::Type*> parameter_types;
    for (const cast::Parameter& parameter : function_.parameters) {
      parameter_types.push_back(parameter.is_pointer ? builder_.getPtrTy(kGlobalSpace) : parameter_type(parameter.dtype));
    }
    auto* type = llvm::FunctionType::get(builder_.getVoidTy(), parameter_types, false);
    llvm_function_ = llvm::Function::Create(type, llvm::Function::ExternalLinkage, function_.name, module_);
    llvm_function_->setCallingConv(llvm::CallingConv::PTX_Kernel);
    llvm_function_->addFnAttr(llvm::Attribute::NoUnwind);
    entry_ = llvm::BasicBlock::Create(context_, "entry", llvm_function_);
    builder_.SetInsertPoint(entry_);
    scopes_.emplace_back();
    for (std::size_t i = 0; i < function_.parameters.size(); ++i) bind_parameter(function_.parameters[i], llvm_function_->getArg(static_cast<unsigned>(i)));
    statement(*function_.body);
    builder_.CreateRetVoid();
    annotate_launch_bounds();
  }

  bool uses_tensor_cores() const { return uses_tensor_cores_; }

 private:
  // ---- types and conversions ------------------------------------------------------------------

  llvm::Type* scalar_type(DType dtype) {
    switch (dtype) {
      case DType::Bool: return builder_.getInt1Ty();
      case DType::Float16: return builder_.getHalfTy();
      case DType::BFloat16: return builder_.getBFloatTy();
      case DType::Float32: return builder_.getFloatTy();
      case DType::Float64: return builder_.getDoubleTy();
      default: return builder_.getIntNTy(bits(dtype));
    }
  }
  // Memory and parameters hold bools as bytes, as C does.
  llvm::Type* memory_type(DType dtype) { return dtype == DType::Bool ? builder_.getInt8Ty() : scalar_type(dtype); }
  llvm::Type* parameter_type(DType dtype) { return memory_type(dtype); }

  llvm::Value* to_memory(llvm::Value* value, DType dtype) {
    return dtype == DType::Bool ? builder_.CreateZExt(value, builder_.getInt8Ty()) : value;
  }
  llvm::Value* from_memory(llvm::Value* value, DType dtype) {
    return dtype == DType::Bool ? builder_.CreateICmpNE(value, builder_.getInt8(0)) : value;
  }

  llvm::Value* convert(Typed from, DType to) {
    if (from.dtype == to) return from.value;
    llvm::Value* value = from.value;
    if (to == DType::Bool) {
      if (floating(from.dtype)) return builder_.CreateFCmpUNE(value, llvm::ConstantFP::get(scalar_type(from.dtype), 0.0));
      return builder_.CreateICmpNE(value, llvm::ConstantInt::get(scalar_type(from.dtype), 0));
    }
    llvm::Type* target = scalar_type(to);
    if (floating(from.dtype) && floating(to)) return builder_.CreateFPCast(value, target);
    if (floating(from.dtype)) return signed_type(to) ? builder_.CreateFPToSI(value, target) : builder_.CreateFPToUI(value, target);
    bool source_signed = signed_type(from.dtype) && from.dtype != DType::Bool;
    if (floating(to)) return source_signed ? builder_.CreateSIToFP(value, target) : builder_.CreateUIToFP(value, target);
    return builder_.CreateIntCast(value, target, source_signed);
  }

  // ---- names ----------------------------------------------------------------------------------

  void bind(const std::string& name, Binding binding) { scopes_.back()[name] = binding; }

  const Binding& lookup(const std::string& name) const {
    for (auto scope = scopes_.rbegin(); scope != scopes_.rend(); ++scope) {
      auto found = scope->find(name);
      if (found != scope->end()) return found->second;
    }
    throw Malformed("'" + name + "' is used in kernel '" + function_.name + "' but never declared");
  }

  void bind_parameter(const cast::Parameter& parameter, llvm::Argument* argument) {
    argument->setName(parameter.name);
    if (parameter.is_pointer) {
      // The printer's `__restrict__` (and `const`): loads of read-only arrays become ld.global.nc.
      argument->addAttr(llvm::Attribute::NoAlias);
      if (parameter.is_const) argument->addAttr(llvm::Attribute::ReadOnly);
      bind(parameter.name, {Binding::Kind::Array, argument, parameter.dtype, 0});
      return;
    }
    bind(parameter.name, {Binding::Kind::Value, from_memory(argument, parameter.dtype), parameter.dtype, 0, true});
  }

  // Allocas go in the entry block, so SROA and mem2reg see them all.
  llvm::AllocaInst* entry_alloca(llvm::Type* type, const std::string& name, unsigned align) {
    llvm::IRBuilder<> entry(entry_, entry_->begin());
    llvm::AllocaInst* slot = entry.CreateAlloca(type, nullptr, name);
    slot->setAlignment(llvm::Align(align));
    return slot;
  }

  llvm::GlobalVariable* dynamic_shared() {
    if (auto* existing = module_.getGlobalVariable("loom_dynamic_shared")) return existing;
    auto* type = llvm::ArrayType::get(builder_.getInt8Ty(), 0);
    auto* global = new llvm::GlobalVariable(module_, type, false, llvm::GlobalValue::ExternalLinkage, nullptr,
                                            "loom_dynamic_shared", nullptr, llvm::GlobalValue::NotThreadLocal, kSharedSpace);
    global->setAlignment(llvm::Align(16));
    return global;
  }

  void declare(const cast::Stmt& stmt) {
    if (stmt.dynamic_shared) {
      llvm::Value* base = builder_.CreateConstInBoundsGEP1_64(builder_.getInt8Ty(), dynamic_shared(),
                                                             static_cast<uint64_t>(stmt.shared_offset), stmt.name);
      bind(stmt.name, {Binding::Kind::Array, base, stmt.dtype, 0});
      return;
    }
    if (!stmt.alias_of.empty() && stmt.init) {
      // A pointer into a global argument (fetch_bases.hpp): the argument's address plus `init`.
      const Binding& array = lookup(stmt.alias_of);
      llvm::Value* offset = convert(expression(*stmt.init), DType::Int64);
      llvm::Value* base = builder_.CreateInBoundsGEP(memory_type(array.dtype), array.value, offset, stmt.name);
      bind(stmt.name, {Binding::Kind::Array, base, array.dtype, 0});
      return;
    }
    if (!stmt.alias_of.empty()) {
      // A view of a storage area (alias_temporaries): the same address, another element type.
      bind(stmt.name, {Binding::Kind::Array, lookup(stmt.alias_of).value, stmt.dtype, 0});
      return;
    }
    llvm::Type* element = stmt.vector_width > 0 ? llvm::FixedVectorType::get(memory_type(stmt.dtype), static_cast<unsigned>(stmt.vector_width))
                                                : memory_type(stmt.dtype);
    if (stmt.local_memory) {
      // __shared__ T name[extent] __align__(16): one internal addrspace(3) global per kernel.
      auto* type = llvm::ArrayType::get(element, static_cast<uint64_t>(std::max<int64_t>(stmt.extent, 1)));
      auto* global = new llvm::GlobalVariable(module_, type, false, llvm::GlobalValue::InternalLinkage, llvm::UndefValue::get(type),
                                              function_.name + "." + stmt.name, nullptr,
                                              llvm::GlobalValue::NotThreadLocal, kSharedSpace);
      global->setAlignment(llvm::Align(16));
      if (stmt.extent > 0) {
        bind(stmt.name, {Binding::Kind::Array, global, stmt.dtype, 0});
      } else {
        bind(stmt.name, {Binding::Kind::Scalar, global, stmt.dtype, 0});
        if (stmt.init) store_scalar(global, stmt.dtype, *stmt.init);
      }
      return;
    }
    if (stmt.extent > 0) {
      auto* type = llvm::ArrayType::get(element, static_cast<uint64_t>(stmt.extent));
      unsigned align = static_cast<unsigned>(std::max<unsigned>(16, bits(stmt.dtype) / 8));
      bind(stmt.name, {Binding::Kind::Array, entry_alloca(type, stmt.name, align), stmt.dtype, stmt.vector_width});
      return;
    }
    if (stmt.vector_width > 0) {
      llvm::AllocaInst* slot = entry_alloca(element, stmt.name, bits(stmt.dtype) / 8 * static_cast<unsigned>(stmt.vector_width));
      bind(stmt.name, {Binding::Kind::Vector, slot, stmt.dtype, stmt.vector_width});
      if (stmt.init) builder_.CreateStore(expression(*stmt.init).value, slot);
      return;
    }
    if (stmt.is_const && stmt.init) {
      // A constant: its value, with no memory.
      bind(stmt.name, {Binding::Kind::Value, convert(expression(*stmt.init), stmt.dtype), stmt.dtype, 0, true});
      return;
    }
    llvm::AllocaInst* slot = entry_alloca(element, stmt.name, std::max(1u, bits(stmt.dtype) / 8));
    bind(stmt.name, {Binding::Kind::Scalar, slot, stmt.dtype, 0});
    if (stmt.init) store_scalar(slot, stmt.dtype, *stmt.init);
  }

  void store_scalar(llvm::Value* slot, DType dtype, const cast::Expr& value) {
    builder_.CreateStore(to_memory(convert(expression(value), dtype), dtype), slot);
  }

  // "v.x" (CUDA's lane of a vector variable): the vector's binding and the lane.
  std::optional<std::pair<const Binding*, unsigned>> vector_lane(const std::string& name) const {
    std::size_t dot = name.rfind('.');
    if (dot == std::string::npos || dot + 2 != name.size()) return std::nullopt;
    const Binding& vector = lookup(name.substr(0, dot));
    if (vector.kind != Binding::Kind::Vector) throw Malformed("'" + name + "' names a lane of a non-vector");
    std::string lanes = "xyzw";
    std::size_t lane = lanes.find(name.back());
    if (lane == std::string::npos) throw Malformed("'" + name + "' names no lane");
    return std::make_pair(&vector, static_cast<unsigned>(lane));
  }

  // ---- expressions ----------------------------------------------------------------------------

  // The address of element `index` of `array`, seen as elements of `element`. The index is C's
  // (32-bit and nsw where loom's is int32), widened once: LLVM's NVPTX passes then fold constant
  // parts into the load's immediate offset ([%rd3+64]). Splitting the constant off here, as a
  // second GEP, was tried: fewer address instructions, but ptxas then spilled 16 B of the tuned
  // SGEMM at 128 registers (benchmarks/NOTES.md, issue 30).
  llvm::Value* element_address(const Binding& array, llvm::Type* element, const cast::Expr& index) {
    llvm::Value* offset = convert(expression(index), DType::Int64);
    return builder_.CreateInBoundsGEP(element, array.value, offset);
  }

  // An element (or vector) of `array` as C reads it: of the array's own element type.
  llvm::Type* access_type(const Binding& array, const cast::Expr& load) {
    llvm::Type* element = memory_type(array.dtype);
    if (load.vector_width > 0) return llvm::FixedVectorType::get(element, static_cast<unsigned>(load.vector_width));
    return element;
  }

  llvm::Align access_alignment(const Binding& array, const cast::Expr& load) {
    unsigned size = bits(array.dtype) / 8;
    return llvm::Align(std::max(1u, size) * static_cast<unsigned>(std::max(load.vector_width, 1)));
  }

  Typed load(const cast::Expr& expr) {
    const Binding& array = lookup(expr.name);
    if (array.kind != Binding::Kind::Array) throw Malformed("'" + expr.name + "' is indexed but is not an array");
    if (region_guard_ != nullptr) return guarded_element(array, expr);
    llvm::Type* type = access_type(array, expr);
    llvm::Value* address = element_address(array, type, *expr.args[0]);
    llvm::Value* value = builder_.CreateAlignedLoad(type, address, access_alignment(array, expr));
    if (expr.vector_width > 0) return {value, array.dtype};
    return {from_memory(value, array.dtype), array.dtype};
  }

  Typed variable(const cast::Expr& expr) {
    if (auto lane = vector_lane(expr.name)) {
      const Binding& vector = *lane->first;
      llvm::Type* type = llvm::FixedVectorType::get(memory_type(vector.dtype), static_cast<unsigned>(vector.vector_width));
      llvm::Value* whole = builder_.CreateLoad(type, vector.value);
      return {builder_.CreateExtractElement(whole, builder_.getInt32(lane->second)), vector.dtype};
    }
    const Binding& binding = lookup(expr.name);
    switch (binding.kind) {
      case Binding::Kind::Value: return {binding.value, binding.dtype};
      case Binding::Kind::Scalar:
        return {from_memory(builder_.CreateLoad(memory_type(binding.dtype), binding.value), binding.dtype), binding.dtype};
      case Binding::Kind::Vector: {
        llvm::Type* type = llvm::FixedVectorType::get(memory_type(binding.dtype), static_cast<unsigned>(binding.vector_width));
        return {builder_.CreateLoad(type, binding.value), binding.dtype};
      }
      case Binding::Kind::Array: break;
    }
    throw Malformed("array '" + expr.name + "' is used as a value");
  }

  llvm::Value* constant_float(double value, DType dtype) { return llvm::ConstantFP::get(scalar_type(dtype), value); }

  // C's signed int and long arithmetic does not overflow (overflow is undefined), so + - * on them
  // are `nsw`, as clang and NVRTC emit them. That lets LLVM widen a 32-bit index once and fold
  // the constant parts of neighbouring addresses into the load's immediate offset
  // (sext(x + 16) = sext(x) + 16); without it every address is its own 64-bit multiply-add.
  // Narrower signed types are computed in their own width here where C promotes them to int,
  // so their wrap-around is C's truncation and must stay defined.
  static bool no_signed_wrap(DType type) { return signed_type(type) && !floating(type) && bits(type) >= 32; }

  Typed arithmetic(const std::string& op, Typed lhs, Typed rhs, DType type) {
    llvm::Value* a = convert(lhs, type);
    llvm::Value* b = convert(rhs, type);
    if (floating(type)) {
      if (op == "+") return {builder_.CreateFAdd(a, b), type};
      if (op == "-") return {builder_.CreateFSub(a, b), type};
      if (op == "*") return {builder_.CreateFMul(a, b), type};
      if (op == "/") return {builder_.CreateFDiv(a, b), type};
      if (op == "%") return {builder_.CreateFRem(a, b), type};
    } else {
      bool is_signed = signed_type(type);
      bool nsw = no_signed_wrap(type);
      if (op == "+") return {builder_.CreateAdd(a, b, "", false, nsw), type};
      if (op == "-") return {builder_.CreateSub(a, b, "", false, nsw), type};
      if (op == "*") return {builder_.CreateMul(a, b, "", false, nsw), type};
      if (op == "/") return {is_signed ? builder_.CreateSDiv(a, b) : builder_.CreateUDiv(a, b), type};
      if (op == "%") return {is_signed ? builder_.CreateSRem(a, b) : builder_.CreateURem(a, b), type};
      if (op == "&") return {builder_.CreateAnd(a, b), type};
      if (op == "|") return {builder_.CreateOr(a, b), type};
      if (op == "^") return {builder_.CreateXor(a, b), type};
      if (op == "<<") return {builder_.CreateShl(a, b), type};
      // C's >>: arithmetic on a signed left operand, logical on an unsigned one.
      if (op == ">>") return {is_signed ? builder_.CreateAShr(a, b) : builder_.CreateLShr(a, b), type};
    }
    throw Malformed("unknown arithmetic operator '" + op + "'");
  }

  Typed comparison(const std::string& op, Typed lhs, Typed rhs) {
    DType type = common_type(lhs.dtype, rhs.dtype);
    llvm::Value* a = convert(lhs, type);
    llvm::Value* b = convert(rhs, type);
    using P = llvm::CmpInst::Predicate;
    P predicate;
    if (floating(type)) {
      // C's comparisons are ordered, except != (true when either is NaN).
      predicate = op == "<" ? P::FCMP_OLT : op == "<=" ? P::FCMP_OLE : op == ">" ? P::FCMP_OGT
                : op == ">=" ? P::FCMP_OGE : op == "==" ? P::FCMP_OEQ : P::FCMP_UNE;
    } else {
      bool s = signed_type(type);
      predicate = op == "<" ? (s ? P::ICMP_SLT : P::ICMP_ULT) : op == "<=" ? (s ? P::ICMP_SLE : P::ICMP_ULE)
                : op == ">" ? (s ? P::ICMP_SGT : P::ICMP_UGT) : op == ">=" ? (s ? P::ICMP_SGE : P::ICMP_UGE)
                : op == "==" ? P::ICMP_EQ : P::ICMP_NE;
    }
    return {builder_.CreateCmp(predicate, a, b), DType::Bool};
  }

  // a && b, a || b, c ? x : y: the second operand only where C evaluates it.
  Typed conditional(llvm::Value* condition, const cast::Expr& then_expr, const std::function<Typed()>& otherwise,
                    DType type) {
    llvm::BasicBlock* then_block = llvm::BasicBlock::Create(context_, "then", llvm_function_);
    llvm::BasicBlock* else_block = llvm::BasicBlock::Create(context_, "else", llvm_function_);
    llvm::BasicBlock* join = llvm::BasicBlock::Create(context_, "join", llvm_function_);
    builder_.CreateCondBr(condition, then_block, else_block);
    builder_.SetInsertPoint(then_block);
    llvm::Value* then_value = convert(expression(then_expr), type);
    llvm::BasicBlock* then_end = builder_.GetInsertBlock();
    builder_.CreateBr(join);
    builder_.SetInsertPoint(else_block);
    llvm::Value* else_value = convert(otherwise(), type);
    llvm::BasicBlock* else_end = builder_.GetInsertBlock();
    builder_.CreateBr(join);
    builder_.SetInsertPoint(join);
    llvm::PHINode* phi = builder_.CreatePHI(scalar_type(type), 2);
    phi->addIncoming(then_value, then_end);
    phi->addIncoming(else_value, else_end);
    return {phi, type};
  }

  // Whether `expr` is loom's index arithmetic: integer constants, hardware indices, loop
  // iterators, parameters and constants, combined by + - and products. Computing it where C would
  // not (outside its guard) cannot fault: it reads no memory and divides by nothing.
  bool index_arithmetic(const cast::Expr& expr) const {
    switch (expr.kind) {
      case cast::ExprKind::IntConst: return !floating(expr.dtype) && expr.dtype != DType::Bool;
      case cast::ExprKind::HardwareIndex: return true;
      case cast::ExprKind::Var: return expr.name.find('.') == std::string::npos && lookup(expr.name).index_term;
      case cast::ExprKind::Unary: return expr.op == "-" && index_arithmetic(*expr.args[0]);
      case cast::ExprKind::Binary:
        return (expr.op == "+" || expr.op == "-" || expr.op == "*") && index_arithmetic(*expr.args[0]) &&
               index_arithmetic(*expr.args[1]);
      default: return false;
    }
  }

  // cond ? a[index] : constant, the guarded fetch loom writes for partial tiles, with a scalar
  // (not bool) element and an index that is safe to compute unguarded.
  bool guarded_load(const cast::Expr& expr) const {
    const cast::Expr& load = *expr.args[1];
    const cast::Expr& otherwise = *expr.args[2];
    if (load.kind != cast::ExprKind::Load || load.vector_width > 0) return false;
    if (otherwise.kind != cast::ExprKind::IntConst && otherwise.kind != cast::ExprKind::FloatConst) return false;
    const Binding& array = lookup(load.name);
    // Of the array's own type, so C converts the constant, not the loaded value, as masked_load does.
    return array.kind == Binding::Kind::Array && array.dtype != DType::Bool && expr.dtype == array.dtype &&
           index_arithmetic(*load.args[0]);
  }

  // The guarded fetch as llvm.masked.load of one element: the load happens only where `condition`
  // holds, as the ternary's branch does, but O3 sees no control flow, and the back end turns it
  // into one branch around the load (ptxas predicates it: @p LDG), as NVRTC's PTX has. As
  // branches, O3 threads the fetches' shared conditions into nested branches, which ptxas keeps
  // as divergent regions (BSSY/BSYNC) inside the SGEMM's k loop (benchmarks/NOTES.md).
  Typed masked_load(llvm::Value* condition, const cast::Expr& load, const cast::Expr& otherwise, DType type) {
    const Binding& array = lookup(load.name);
    llvm::Type* element = memory_type(array.dtype);
    auto* vector = llvm::FixedVectorType::get(element, 1);
    // A plain (not inbounds) GEP: the address of an element the guard excludes is computed, never used.
    llvm::Value* address = builder_.CreateGEP(element, array.value, convert(expression(*load.args[0]), DType::Int64));
    llvm::Value* fallback = convert(expression(otherwise), array.dtype);
    llvm::Value* mask = builder_.CreateVectorSplat(1, condition);
    llvm::Value* passthru = builder_.CreateVectorSplat(1, fallback);
    llvm::Value* loaded = builder_.CreateMaskedLoad(vector, address, access_alignment(array, load), mask, passthru);
    return {convert({builder_.CreateExtractElement(loaded, builder_.getInt32(0)), array.dtype}, type), type};
  }

  Typed binary(const cast::Expr& expr) {
    const std::string& op = expr.op;
    if (op == "&&" || op == "||") {
      llvm::Value* first = convert(expression(*expr.args[0]), DType::Bool);
      const cast::Expr& second = *expr.args[1];
      if (op == "&&") return conditional(first, second, [&] { return Typed{builder_.getFalse(), DType::Bool}; }, DType::Bool);
      llvm::Value* negated = builder_.CreateNot(first);
      return conditional(negated, second, [&] { return Typed{builder_.getTrue(), DType::Bool}; }, DType::Bool);
    }
    Typed lhs = expression(*expr.args[0]);
    Typed rhs = expression(*expr.args[1]);
    if (op == "<" || op == "<=" || op == ">" || op == ">=" || op == "==" || op == "!=") return comparison(op, lhs, rhs);
    DType type = expr.dtype == DType::Bool ? common_type(lhs.dtype, rhs.dtype) : expr.dtype;
    return arithmetic(op, lhs, rhs, type);
  }

  Typed unary(const cast::Expr& expr) {
    Typed operand = expression(*expr.args[0]);
    if (expr.op == "!") return {builder_.CreateNot(convert(operand, DType::Bool)), DType::Bool};
    if (expr.op == "-") {
      DType type = expr.dtype == DType::Bool ? DType::Int32 : expr.dtype;
      llvm::Value* value = convert(operand, type);
      return {floating(type) ? builder_.CreateFNeg(value) : builder_.CreateNeg(value), type};
    }
    if (expr.op == "~") {
      DType type = expr.dtype == DType::Bool ? DType::Int32 : expr.dtype;
      return {builder_.CreateNot(convert(operand, type)), type};
    }
    throw Malformed("unknown unary operator '" + expr.op + "'");
  }

  Typed hardware_index(const cast::Expr& expr) {
    static const llvm::Intrinsic::ID local[3] = {llvm::Intrinsic::nvvm_read_ptx_sreg_tid_x, llvm::Intrinsic::nvvm_read_ptx_sreg_tid_y,
                                                 llvm::Intrinsic::nvvm_read_ptx_sreg_tid_z};
    static const llvm::Intrinsic::ID group[3] = {llvm::Intrinsic::nvvm_read_ptx_sreg_ctaid_x, llvm::Intrinsic::nvvm_read_ptx_sreg_ctaid_y,
                                                 llvm::Intrinsic::nvvm_read_ptx_sreg_ctaid_z};
    int axis = static_cast<int>(expr.int_value);
    if (axis < 0 || axis > 2) throw Malformed("hardware axis " + std::to_string(axis));
    llvm::Intrinsic::ID id = expr.op == "local" ? local[axis] : group[axis];
    return {builder_.CreateIntrinsic(builder_.getInt32Ty(), id, {}), DType::Int32};
  }

  // ---- calls: loom's integer helpers and the math functions ------------------------------------

  llvm::Value* intrinsic(llvm::Intrinsic::ID id, DType type, std::vector<llvm::Value*> args) {
    return builder_.CreateIntrinsic(scalar_type(type), id, args);
  }
  llvm::Value* overloaded(llvm::Intrinsic::ID id, DType type, std::vector<llvm::Value*> args) {
    return builder_.CreateIntrinsic(id, {scalar_type(type)}, args);
  }

  // Python's floor division and modulo (the printer's loom_floor_div_T, loom_mod_T).
  llvm::Value* floor_div(llvm::Value* a, llvm::Value* b) {
    llvm::Value* zero = llvm::ConstantInt::get(a->getType(), 0);
    llvm::Value* quotient = builder_.CreateSDiv(a, b);
    llvm::Value* inexact = builder_.CreateICmpNE(builder_.CreateSRem(a, b), zero);
    llvm::Value* signs_differ = builder_.CreateICmpNE(builder_.CreateICmpSLT(a, zero), builder_.CreateICmpSLT(b, zero));
    llvm::Value* adjust = builder_.CreateAnd(inexact, signs_differ);
    return builder_.CreateSelect(adjust, builder_.CreateSub(quotient, llvm::ConstantInt::get(a->getType(), 1)), quotient);
  }
  llvm::Value* python_mod(llvm::Value* a, llvm::Value* b) {
    bool is_float = a->getType()->isFloatingPointTy();
    llvm::Value* remainder = is_float ? builder_.CreateFRem(a, b) : builder_.CreateSRem(a, b);
    llvm::Value* nonzero, *r_negative, *b_negative;
    if (is_float) {
      llvm::Value* zero = llvm::ConstantFP::get(a->getType(), 0.0);
      nonzero = builder_.CreateFCmpUNE(remainder, zero);
      r_negative = builder_.CreateFCmpOLT(remainder, zero);
      b_negative = builder_.CreateFCmpOLT(b, zero);
    } else {
      llvm::Value* zero = llvm::ConstantInt::get(a->getType(), 0);
      nonzero = builder_.CreateICmpNE(remainder, zero);
      r_negative = builder_.CreateICmpSLT(remainder, zero);
      b_negative = builder_.CreateICmpSLT(b, zero);
    }
    llvm::Value* adjust = builder_.CreateAnd(nonzero, builder_.CreateICmpNE(r_negative, b_negative));
    llvm::Value* adjusted = is_float ? builder_.CreateFAdd(remainder, b) : builder_.CreateAdd(remainder, b);
    return builder_.CreateSelect(adjust, adjusted, remainder);
  }
  // base ** exponent by repeated multiplication (the printer's loom_pow_T): a loop.
  llvm::Value* integer_pow(llvm::Value* base, llvm::Value* exponent) {
    llvm::Type* type = base->getType();
    llvm::BasicBlock* before = builder_.GetInsertBlock();
    llvm::BasicBlock* loop = llvm::BasicBlock::Create(context_, "pow.loop", llvm_function_);
    llvm::BasicBlock* body = llvm::BasicBlock::Create(context_, "pow.body", llvm_function_);
    llvm::BasicBlock* done = llvm::BasicBlock::Create(context_, "pow.done", llvm_function_);
    builder_.CreateBr(loop);
    builder_.SetInsertPoint(loop);
    llvm::PHINode* result = builder_.CreatePHI(type, 2);
    llvm::PHINode* remaining = builder_.CreatePHI(type, 2);
    result->addIncoming(llvm::ConstantInt::get(type, 1), before);
    remaining->addIncoming(exponent, before);
    builder_.CreateCondBr(builder_.CreateICmpSGT(remaining, llvm::ConstantInt::get(type, 0)), body, done);
    builder_.SetInsertPoint(body);
    result->addIncoming(builder_.CreateMul(result, base), body);
    remaining->addIncoming(builder_.CreateSub(remaining, llvm::ConstantInt::get(type, 1)), body);
    builder_.CreateBr(loop);
    builder_.SetInsertPoint(done);
    return result;
  }

  Typed integer_helper(const std::string& name, const std::vector<Typed>& args) {
    DType type = name.size() > 9 && name.compare(name.size() - 9, 9, "_int64_t") == 0 ? DType::Int64 : DType::Int32;
    if (name.find("int64_t") != std::string::npos) type = DType::Int64;
    std::vector<llvm::Value*> v;
    for (const Typed& arg : args) v.push_back(convert(arg, type));
    if (name.rfind("loom_floor_div_", 0) == 0) return {floor_div(v[0], v[1]), type};
    if (name.rfind("loom_mod_int", 0) == 0) return {python_mod(v[0], v[1]), type};
    if (name.rfind("loom_min_", 0) == 0) return {overloaded(llvm::Intrinsic::smin, type, v), type};
    if (name.rfind("loom_max_", 0) == 0) return {overloaded(llvm::Intrinsic::smax, type, v), type};
    if (name.rfind("loom_abs_", 0) == 0) return {overloaded(llvm::Intrinsic::abs, type, {v[0], builder_.getFalse()}), type};
    if (name.rfind("loom_pow_", 0) == 0) return {integer_pow(v[0], v[1]), type};
    throw Malformed("unknown helper '" + name + "'");
  }

  // Without libdevice (it ships with the toolkit) the math functions are NVVM and LLVM intrinsics
  // the NVPTX back end lowers to single PTX instructions, or short formulas of them. The
  // approximate ones are CUDA's fast-math intrinsics (__expf, __logf, __sinf, __powf): docs/
  // decisions.md "Issue 30" lists each. float64 has only the exact ones.
  llvm::Value* math_call(const std::string& function, DType type, const std::vector<llvm::Value*>& a) {
    using I = llvm::Intrinsic::ID;
    bool f32 = type == DType::Float32;
    // Exact in both precisions.
    static const std::map<std::string, I> exact = {
        {"sqrt", llvm::Intrinsic::sqrt},   {"fabs", llvm::Intrinsic::fabs},   {"floor", llvm::Intrinsic::floor},
        {"ceil", llvm::Intrinsic::ceil},   {"trunc", llvm::Intrinsic::trunc}, {"round", llvm::Intrinsic::round},
        {"fmin", llvm::Intrinsic::minnum}, {"fmax", llvm::Intrinsic::maxnum}};
    if (auto found = exact.find(function); found != exact.end()) return overloaded(found->second, type, a);
    if (function == "fmod") return builder_.CreateFRem(a[0], a[1]);
    if (function == "rsqrt") return intrinsic(f32 ? llvm::Intrinsic::nvvm_rsqrt_approx_f : llvm::Intrinsic::nvvm_rsqrt_approx_d, type, a);
    if (function == "hypot") {
      llvm::Value* sum = builder_.CreateFAdd(builder_.CreateFMul(a[0], a[0]), builder_.CreateFMul(a[1], a[1]));
      return overloaded(llvm::Intrinsic::sqrt, type, {sum});
    }
    if (!f32) {
      throw Unsupported("the math function '" + function + "' on float64 has no exact NVVM equivalent, and the LLVM "
                        "compiler path has no libdevice; use --compiler nvrtc for kernel '" + function_.name + "'");
    }
    auto c = [&](double value) { return constant_float(value, type); };
    auto ex2 = [&](llvm::Value* x) { return intrinsic(llvm::Intrinsic::nvvm_ex2_approx_f, type, {x}); };
    auto lg2 = [&](llvm::Value* x) { return intrinsic(llvm::Intrinsic::nvvm_lg2_approx_f, type, {x}); };
    auto exp = [&](llvm::Value* x) { return ex2(builder_.CreateFMul(x, c(1.4426950408889634))); };
    if (function == "exp2") return ex2(a[0]);
    if (function == "exp") return exp(a[0]);
    if (function == "log2") return lg2(a[0]);
    if (function == "log") return builder_.CreateFMul(lg2(a[0]), c(0.6931471805599453));
    if (function == "log10") return builder_.CreateFMul(lg2(a[0]), c(0.30102999566398120));
    if (function == "pow") return ex2(builder_.CreateFMul(a[1], lg2(a[0])));
    if (function == "sin") return intrinsic(llvm::Intrinsic::nvvm_sin_approx_f, type, a);
    if (function == "cos") return intrinsic(llvm::Intrinsic::nvvm_cos_approx_f, type, a);
    if (function == "tan") {
      return builder_.CreateFDiv(intrinsic(llvm::Intrinsic::nvvm_sin_approx_f, type, a),
                                 intrinsic(llvm::Intrinsic::nvvm_cos_approx_f, type, a));
    }
    if (function == "sinh" || function == "cosh") {
      llvm::Value* up = exp(a[0]);
      llvm::Value* down = exp(builder_.CreateFNeg(a[0]));
      llvm::Value* combined = function == "sinh" ? builder_.CreateFSub(up, down) : builder_.CreateFAdd(up, down);
      return builder_.CreateFMul(combined, c(0.5));
    }
    if (function == "tanh") {
      // 1 - 2 / (e^(2x) + 1): saturates correctly at both ends.
      llvm::Value* e2x = exp(builder_.CreateFMul(a[0], c(2.0)));
      return builder_.CreateFSub(c(1.0), builder_.CreateFDiv(c(2.0), builder_.CreateFAdd(e2x, c(1.0))));
    }
    throw Unsupported("the math function '" + function + "' has no NVVM equivalent, and the LLVM compiler path has no "
                      "libdevice; use --compiler nvrtc for kernel '" + function_.name + "'");
  }

  // The printer's math names: sqrtf (float32) or sqrt (float64), fminf, ... without the suffix.
  static std::string base_math_name(const std::string& name, DType type) {
    static const char* const names[] = {"sqrt", "rsqrt", "cbrt", "exp", "exp2", "expm1", "log", "log2", "log10", "log1p",
                                        "sin", "cos", "tan", "asin", "acos", "atan", "sinh", "cosh", "tanh", "erf",
                                        "erfc", "floor", "ceil", "round", "trunc", "fabs", "atan2", "pow", "fmod",
                                        "hypot", "fmin", "fmax"};
    auto known = [&](const std::string& candidate) {
      for (const char* n : names) if (candidate == n) return true;
      return false;
    };
    if (type == DType::Float32 && !name.empty() && name.back() == 'f' && known(name.substr(0, name.size() - 1))) {
      return name.substr(0, name.size() - 1);
    }
    return name;
  }

  // ---- warp reductions: the printer's loom_warp_* helpers (print_c_family.cpp) ------------------
  //
  // A butterfly of shfl.sync.bfly over the full warp (mask 0xffffffff, offsets 16..1, clamp 31 as
  // __shfl_xor_sync with width 32), unrolled, leaving the result in every lane. 64-bit values move
  // as two 32-bit halves (what __shfl_xor_sync does for double and long long).

  static std::optional<DType> shuffle_type(const std::string& name) {
    static const std::pair<const char*, DType> types[] = {{"float", DType::Float32},   {"double", DType::Float64},
                                                          {"int32_t", DType::Int32},   {"int64_t", DType::Int64},
                                                          {"uint32_t", DType::UInt32}, {"uint64_t", DType::UInt64}};
    for (const auto& [spelling, type] : types) {
      if (name == spelling) return type;
    }
    return std::nullopt;
  }

  llvm::Value* shuffle_xor(llvm::Value* value, DType type, int offset) {
    llvm::Value* mask = builder_.getInt32(0xffffffffu);
    llvm::Value* lane_mask = builder_.getInt32(static_cast<uint32_t>(offset));
    llvm::Value* clamp = builder_.getInt32(31);
    if (type == DType::Float32) {
      return builder_.CreateIntrinsic(builder_.getFloatTy(), llvm::Intrinsic::nvvm_shfl_sync_bfly_f32, {mask, value, lane_mask, clamp});
    }
    auto shuffle32 = [&](llvm::Value* word) {
      return builder_.CreateIntrinsic(builder_.getInt32Ty(), llvm::Intrinsic::nvvm_shfl_sync_bfly_i32, {mask, word, lane_mask, clamp});
    };
    if (type == DType::Int32 || type == DType::UInt32) return shuffle32(value);
    llvm::Value* bits64 = builder_.CreateBitCast(value, builder_.getInt64Ty());
    llvm::Value* low = shuffle32(builder_.CreateTrunc(bits64, builder_.getInt32Ty()));
    llvm::Value* high = shuffle32(builder_.CreateTrunc(builder_.CreateLShr(bits64, 32), builder_.getInt32Ty()));
    llvm::Value* joined = builder_.CreateOr(builder_.CreateZExt(low, builder_.getInt64Ty()),
                                            builder_.CreateShl(builder_.CreateZExt(high, builder_.getInt64Ty()), 32));
    return builder_.CreateBitCast(joined, scalar_type(type));
  }

  // `v (op) other` as the printer's combine_in_warp: fmaxf/fminf for floats.
  llvm::Value* combine_in_warp(const std::string& operation, DType type, llvm::Value* v, llvm::Value* other) {
    bool is_float = floating(type);
    if (operation == "sum") return is_float ? builder_.CreateFAdd(v, other) : builder_.CreateAdd(v, other);
    if (operation == "product") return is_float ? builder_.CreateFMul(v, other) : builder_.CreateMul(v, other);
    bool is_max = operation == "max";
    if (is_float) return overloaded(is_max ? llvm::Intrinsic::maxnum : llvm::Intrinsic::minnum, type, {v, other});
    bool is_signed_type = signed_type(type);
    llvm::Intrinsic::ID id = is_max ? (is_signed_type ? llvm::Intrinsic::smax : llvm::Intrinsic::umax)
                                    : (is_signed_type ? llvm::Intrinsic::smin : llvm::Intrinsic::umin);
    return overloaded(id, type, {v, other});
  }

  // Whether `candidate` beats `current` (argmax: greater; argmin: smaller).
  llvm::Value* better(const std::string& operation, DType type, llvm::Value* candidate, llvm::Value* current) {
    bool is_max = operation == "argmax";
    if (floating(type)) return is_max ? builder_.CreateFCmpOGT(candidate, current) : builder_.CreateFCmpOLT(candidate, current);
    if (signed_type(type)) return is_max ? builder_.CreateICmpSGT(candidate, current) : builder_.CreateICmpSLT(candidate, current);
    return is_max ? builder_.CreateICmpUGT(candidate, current) : builder_.CreateICmpULT(candidate, current);
  }
  llvm::Value* equal(DType type, llvm::Value* a, llvm::Value* b) {
    return floating(type) ? builder_.CreateFCmpOEQ(a, b) : builder_.CreateICmpEQ(a, b);
  }

  // loom_warp_<sum|product|max|min>_<type>(v) and loom_warp_<argmax|argmin>_index_<value>_<index>(v, i);
  // nullopt for any other name.
  std::optional<Typed> warp_reduction(const std::string& name, const std::vector<Typed>& args) {
    const std::string prefix = "loom_warp_";
    if (name.rfind(prefix, 0) != 0) return std::nullopt;
    std::string rest = name.substr(prefix.size());
    for (const char* operation : {"argmax", "argmin"}) {
      std::string head = std::string(operation) + "_index_";
      if (rest.rfind(head, 0) != 0) continue;
      std::string types = rest.substr(head.size());
      for (std::size_t split = types.find('_'); split != std::string::npos; split = types.find('_', split + 1)) {
        std::optional<DType> value_type = shuffle_type(types.substr(0, split));
        std::optional<DType> index_type = shuffle_type(types.substr(split + 1));
        if (!value_type || !index_type || args.size() != 2) continue;
        llvm::Value* v = convert(args[0], *value_type);
        llvm::Value* i = convert(args[1], *index_type);
        for (int offset = 16; offset > 0; offset /= 2) {
          llvm::Value* other = shuffle_xor(v, *value_type, offset);
          llvm::Value* other_index = shuffle_xor(i, *index_type, offset);
          llvm::Value* smaller_index = signed_type(*index_type) ? builder_.CreateICmpSLT(other_index, i)
                                                                 : builder_.CreateICmpULT(other_index, i);
          llvm::Value* take = builder_.CreateOr(better(operation, *value_type, other, v),
                                                builder_.CreateAnd(equal(*value_type, other, v), smaller_index));
          v = builder_.CreateSelect(take, other, v);
          i = builder_.CreateSelect(take, other_index, i);
        }
        return Typed{i, *index_type};
      }
      throw Malformed("unknown warp reduction '" + name + "'");
    }
    for (const char* operation : {"sum", "product", "max", "min"}) {
      std::string head = std::string(operation) + "_";
      if (rest.rfind(head, 0) != 0) continue;
      std::optional<DType> type = shuffle_type(rest.substr(head.size()));
      if (!type || args.size() != 1) throw Malformed("unknown warp reduction '" + name + "'");
      llvm::Value* v = convert(args[0], *type);
      for (int offset = 16; offset > 0; offset /= 2) v = combine_in_warp(operation, *type, v, shuffle_xor(v, *type, offset));
      return Typed{v, *type};
    }
    throw Malformed("unknown warp reduction '" + name + "'");
  }

  // ---- tensor cores: the printer's loom_mma_* and loom_ldsm_* helpers (codegen/tensor_cores.cpp) --

  // A pointer argument of a helper: `array` or `array + index` (C's pointer arithmetic, in
  // elements of the array's type), with that element type.
  std::pair<llvm::Value*, DType> pointer(const cast::Expr& expr) {
    const cast::Expr* base = &expr;
    const cast::Expr* index = nullptr;
    if (expr.kind == cast::ExprKind::Binary && expr.op == "+") {
      base = expr.args[0].get();
      index = expr.args[1].get();
    }
    if (base->kind != cast::ExprKind::Var) throw Malformed("a helper's pointer argument is not array + index");
    const Binding& array = lookup(base->name);
    if (array.kind != Binding::Kind::Array) throw Malformed("'" + base->name + "' is used as a pointer but is not an array");
    if (index == nullptr) return {array.value, array.dtype};
    return {element_address(array, memory_type(array.dtype), *index), array.dtype};
  }

  // `name` as "loom_mma_<shape>_<type>" (an mma.sync helper): its shape and type.
  static std::optional<std::pair<std::string, std::string>> mma_helper(const std::string& name) {
    for (const char* shape : {"m16n8k16", "m16n8k8"}) {
      std::string head = std::string("loom_mma_") + shape + "_";
      if (name.rfind(head, 0) != 0) continue;
      std::string type = name.substr(head.size());
      bool known = std::string(shape) == "m16n8k16" ? (type == "bf16" || type == "f16") : type == "tf32";
      if (known) return std::make_pair(std::string(shape), type);
    }
    return std::nullopt;
  }

  // The helpers' results: the 32-bit words of fragments, and 0 from those that write through a
  // pointer (the C AST has no call statement; the printer declares a name for their result).
  std::optional<Typed> tensor_core_call(const cast::Expr& expr) {
    const std::string& name = expr.name;
    const auto& args = expr.args;
    Typed done{builder_.getInt32(0), DType::Int32};
    if (name == "loom_mma_pack" && args.size() == 2) {
      return Typed{nvptx::pack_halves(builder_, expression(*args[0]).value, expression(*args[1]).value), DType::UInt32};
    }
    if (name == "loom_mma_word" && args.size() == 1) {
      // *(const uint32_t*) pair: two 16-bit elements, 4-byte aligned (tensor_cores.cpp pairs_are_words).
      return Typed{builder_.CreateAlignedLoad(builder_.getInt32Ty(), pointer(*args[0]).first, llvm::Align(4)), DType::UInt32};
    }
    if (name == "loom_mma_tf32" && args.size() == 1) {
      return Typed{nvptx::round_to_tf32(builder_, convert(expression(*args[0]), DType::Float32)), DType::UInt32};
    }
    if (auto mma = mma_helper(name); mma && args.size() == 7) {
      std::vector<llvm::Value*> words;
      for (std::size_t n = 1; n < args.size(); ++n) words.push_back(convert(expression(*args[n]), DType::UInt32));
      auto [accumulator, dtype] = pointer(*args[0]);
      if (dtype != DType::Float32) throw Malformed("the accumulator of '" + name + "' is not float");
      nvptx::mma_sync(builder_, mma->first, mma->second, accumulator, llvm::ArrayRef(words).take_front(4),
                      llvm::ArrayRef(words).drop_front(4));
      uses_tensor_cores_ = true;
      return done;
    }
    for (int matrices : {2, 4}) {
      for (bool trans : {false, true}) {
        if (name != "loom_ldsm_x" + std::to_string(matrices) + (trans ? "_trans" : "") || args.size() != 2) continue;
        nvptx::ldmatrix(builder_, matrices, trans, pointer(*args[1]).first, pointer(*args[0]).first);
        return done;
      }
    }
    if (name.rfind("loom_mma_", 0) == 0 || name.rfind("loom_ldsm_", 0) == 0 || name.rfind("loom_wgmma_", 0) == 0 ||
        name == "loom_fence_proxy_async") {
      throw Unsupported("kernel '" + function_.name + "' calls the tensor-core helper '" + name + "', which the LLVM "
                        "compiler path does not lower; use --compiler nvrtc");
    }
    return std::nullopt;
  }

  Typed call(const cast::Expr& expr) {
    if (std::optional<Typed> tensor_core = tensor_core_call(expr)) return *tensor_core;
    std::vector<Typed> args;
    for (const cast::ExprPtr& arg : expr.args) args.push_back(expression(*arg));
    if (std::optional<Typed> reduced = warp_reduction(expr.name, args)) return *reduced;
    if (expr.name.rfind("loom_", 0) == 0 && expr.name.find("_int") != std::string::npos) return integer_helper(expr.name, args);
    DType type = expr.dtype;
    std::string function = expr.name;
    // The 16-bit loads and stores (lower_expr.cpp): fpext and fptrunc, which rounds to nearest even.
    if (function == "loom_float16_to_float" || function == "loom_bfloat16_to_float" ||
        function == "loom_float_to_float16" || function == "loom_float_to_bfloat16") {
      return {convert(args[0], type), type};
    }
    if (function == "loom_mod_float" || function == "loom_mod_double") {
      type = function == "loom_mod_float" ? DType::Float32 : DType::Float64;
      return {python_mod(convert(args[0], type), convert(args[1], type)), type};
    }
    if (!floating(type)) throw Malformed("math function '" + function + "' of non-float type");
    std::vector<llvm::Value*> values;
    for (const Typed& arg : args) values.push_back(convert(arg, type));
    return {math_call(base_math_name(function, type), type, values), type};
  }

  Typed expression(const cast::Expr& expr) {
    switch (expr.kind) {
      case cast::ExprKind::IntConst:
        if (floating(expr.dtype)) return {constant_float(static_cast<double>(expr.int_value), expr.dtype), expr.dtype};
        if (expr.dtype == DType::Bool) return {builder_.getInt1(expr.int_value != 0), DType::Bool};
        return {llvm::ConstantInt::get(scalar_type(expr.dtype), static_cast<uint64_t>(expr.int_value), signed_type(expr.dtype)), expr.dtype};
      case cast::ExprKind::FloatConst:
        if (!floating(expr.dtype)) throw Malformed("float constant of integer type");
        return {constant_float(expr.float_value, expr.dtype), expr.dtype};
      case cast::ExprKind::Var: return variable(expr);
      case cast::ExprKind::Unary: return unary(expr);
      case cast::ExprKind::Binary: return binary(expr);
      case cast::ExprKind::Call: return call(expr);
      case cast::ExprKind::Load: return load(expr);
      case cast::ExprKind::Ternary: {
        llvm::Value* condition = convert(expression(*expr.args[0]), DType::Bool);
        if (guarded_load(expr)) return masked_load(condition, *expr.args[1], *expr.args[2], expr.dtype);
        return conditional(condition, *expr.args[1], [&] { return expression(*expr.args[2]); }, expr.dtype);
      }
      case cast::ExprKind::Cast: return {convert(expression(*expr.args[0]), expr.dtype), expr.dtype};
      case cast::ExprKind::HardwareIndex: return hardware_index(expr);
    }
    throw Malformed("unknown expression kind");
  }

  // ---- predicated regions ---------------------------------------------------------------------

  // `if (c) { x[i] = f(y[j], ...); ... }` with no else, whose body only stores to global or shared
  // array elements values computed from such elements, variables and constants by + - * (and /
  // of floats), is emitted without a branch: every load and store of the body is a one-element
  // masked load or store under `c`, everything else is computed for every thread (it cannot fault:
  // see index_arithmetic; the loads `c` excludes give 0, which reaches no store). O3 then
  // sees straight-line code, and the back end puts one branch around each single load or store,
  // which ptxas predicates and issues together, as it does with NVRTC's short guarded rows.
  // As a branch region, the guarded rows of stencil5_rows's edge groups stayed divergent regions
  // in the SASS (BSSY/BSYNC), each waiting for its own loads: LLVM's 64-bit address arithmetic made
  // each ~30 instructions, which ptxas did not if-convert (NVRTC's ~20 it did; benchmarks/NOTES.md).
  // Bounded (RegionAccesses), so that the work done for threads the guard excludes stays small.
  // Only regions of several loads gain: ptxas already predicates a lone store, or one load and its
  // store (matmul_prefetch's fetches), where the masked load's zero would cost a move per trip.
  struct RegionAccesses {
    int loads = 0;
    int stores = 0;
    bool worth_predicating() const { return loads >= 2 && loads + stores <= 8; }
  };

  // A global or shared array (not a private one: a masked access would keep it out of registers).
  static bool memory_array(const Binding& binding) {
    if (binding.kind != Binding::Kind::Array) return false;
    unsigned space = binding.value->getType()->getPointerAddressSpace();
    return space == kGlobalSpace || space == kSharedSpace;
  }

  // A scalar element of a global or shared array at an index safe to compute unguarded.
  bool predicable_access(const cast::Expr& access) const {
    if (access.kind != cast::ExprKind::Load || access.vector_width > 0) return false;
    const Binding& array = lookup(access.name);
    return memory_array(array) && array.dtype != DType::Bool && index_arithmetic(*access.args[0]);
  }

  // Whether `expr` can be computed for threads its guard excludes, counting its loads.
  bool speculatable(const cast::Expr& expr, RegionAccesses& accesses) const {
    switch (expr.kind) {
      case cast::ExprKind::IntConst:
      case cast::ExprKind::FloatConst:
      case cast::ExprKind::HardwareIndex: return true;
      case cast::ExprKind::Var: {
        if (expr.name.find('.') != std::string::npos) return false;
        Binding::Kind kind = lookup(expr.name).kind;
        return kind == Binding::Kind::Value || kind == Binding::Kind::Scalar;
      }
      case cast::ExprKind::Unary: return expr.op == "-" && speculatable(*expr.args[0], accesses);
      case cast::ExprKind::Binary: {
        bool safe_operator = expr.op == "+" || expr.op == "-" || expr.op == "*" || (expr.op == "/" && floating(expr.dtype));
        return safe_operator && speculatable(*expr.args[0], accesses) && speculatable(*expr.args[1], accesses);
      }
      case cast::ExprKind::Cast: return speculatable(*expr.args[0], accesses);
      case cast::ExprKind::Load: ++accesses.loads; return predicable_access(expr);
      default: return false;
    }
  }

  bool predicable(const cast::Stmt& stmt, RegionAccesses& accesses) const {
    switch (stmt.kind) {
      case cast::StmtKind::Block:
        for (const cast::StmtPtr& child : stmt.body) {
          if (!predicable(*child, accesses)) return false;
        }
        return true;
      case cast::StmtKind::Comment: return true;
      case cast::StmtKind::Assign:
        ++accesses.stores;
        return predicable_access(*stmt.target) && speculatable(*stmt.value, accesses);
      default: return false;
    }
  }

  // The address of a predicated access: a plain (not inbounds) GEP, since the element of a thread
  // the guard excludes may lie outside the array (its address is computed, never used).
  llvm::Value* guarded_address(const Binding& array, const cast::Expr& access) {
    return builder_.CreateGEP(memory_type(array.dtype), array.value, convert(expression(*access.args[0]), DType::Int64));
  }

  Typed guarded_element(const Binding& array, const cast::Expr& access) {
    llvm::Type* element = memory_type(array.dtype);
    llvm::Value* address = guarded_address(array, access);
    llvm::Value* mask = builder_.CreateVectorSplat(1, region_guard_);
    // Zero for the lanes the guard excludes (their values reach only stores under the same guard).
    // Poison was tried: the loaded registers are then undefined on one path, and ptxas kept more
    // of such loads under divergent branches (vector_add, stencil5_rows) instead of predicating them.
    llvm::Value* passthru = llvm::Constant::getNullValue(llvm::FixedVectorType::get(element, 1));
    llvm::Value* loaded = builder_.CreateMaskedLoad(passthru->getType(), address, access_alignment(array, access), mask, passthru);
    return {builder_.CreateExtractElement(loaded, builder_.getInt32(0)), array.dtype};
  }

  void store_guarded_element(const Binding& array, const cast::Expr& target, Typed value) {
    llvm::Value* address = guarded_address(array, target);
    llvm::Value* stored = builder_.CreateVectorSplat(1, convert(value, array.dtype));
    llvm::Value* mask = builder_.CreateVectorSplat(1, region_guard_);
    builder_.CreateMaskedStore(stored, address, access_alignment(array, target), mask);
  }

  // ---- statements -----------------------------------------------------------------------------

  void assign(const cast::Stmt& stmt) {
    const cast::Expr& target = *stmt.target;
    if (target.kind == cast::ExprKind::Load) {
      const Binding& array = lookup(target.name);
      if (array.kind != Binding::Kind::Array) throw Malformed("'" + target.name + "' is indexed but is not an array");
      llvm::Type* type = access_type(array, target);
      Typed value = expression(*stmt.value);
      if (region_guard_ != nullptr) {
        store_guarded_element(array, target, value);
        return;
      }
      llvm::Value* address = element_address(array, type, *target.args[0]);
      llvm::Value* stored = target.vector_width > 0 ? value.value : to_memory(convert(value, array.dtype), array.dtype);
      builder_.CreateAlignedStore(stored, address, access_alignment(array, target));
      return;
    }
    if (target.kind != cast::ExprKind::Var) throw Malformed("assignment to a non-variable");
    if (auto lane = vector_lane(target.name)) {
      const Binding& vector = *lane->first;
      llvm::Value* scalar = convert(expression(*stmt.value), vector.dtype);
      llvm::Type* type = llvm::FixedVectorType::get(memory_type(vector.dtype), static_cast<unsigned>(vector.vector_width));
      llvm::Value* whole = builder_.CreateLoad(type, vector.value);
      builder_.CreateStore(builder_.CreateInsertElement(whole, scalar, builder_.getInt32(lane->second)), vector.value);
      return;
    }
    const Binding& binding = lookup(target.name);
    if (binding.kind == Binding::Kind::Vector) {
      builder_.CreateStore(expression(*stmt.value).value, binding.value);
      return;
    }
    if (binding.kind != Binding::Kind::Scalar) throw Malformed("assignment to '" + target.name + "', which is not a variable");
    store_scalar(binding.value, binding.dtype, *stmt.value);
  }

  // for (T i = init; condition; i += step) body, with i in a register (an alloca SROA promotes).
  void for_loop(const cast::Stmt& stmt) {
    scopes_.emplace_back();
    llvm::AllocaInst* iterator = entry_alloca(scalar_type(stmt.dtype), stmt.name, bits(stmt.dtype) / 8);
    builder_.CreateStore(convert(expression(*stmt.init), stmt.dtype), iterator);
    bind(stmt.name, {Binding::Kind::Scalar, iterator, stmt.dtype, 0, true});
    llvm::BasicBlock* header = llvm::BasicBlock::Create(context_, "for.cond." + stmt.name, llvm_function_);
    llvm::BasicBlock* body = llvm::BasicBlock::Create(context_, "for.body." + stmt.name, llvm_function_);
    llvm::BasicBlock* exit = llvm::BasicBlock::Create(context_, "for.end." + stmt.name, llvm_function_);
    builder_.CreateBr(header);
    builder_.SetInsertPoint(header);
    builder_.CreateCondBr(convert(expression(*stmt.condition), DType::Bool), body, exit);
    builder_.SetInsertPoint(body);
    scopes_.emplace_back();
    statement(*stmt.body[0]);
    scopes_.pop_back();
    llvm::Value* current = builder_.CreateLoad(scalar_type(stmt.dtype), iterator);
    llvm::Value* step = llvm::ConstantInt::get(scalar_type(stmt.dtype), static_cast<uint64_t>(stmt.step), true);
    builder_.CreateStore(builder_.CreateAdd(current, step, "", false, no_signed_wrap(stmt.dtype)), iterator);
    llvm::BranchInst* back = builder_.CreateBr(header);
    if (!stmt.pragma.empty()) annotate_unroll(back, stmt.pragma);
    builder_.SetInsertPoint(exit);
    scopes_.pop_back();
  }

  // `#pragma unroll N` (unr_hint) as llvm.loop.unroll.count N; a bare `unroll` as unroll.full.
  void annotate_unroll(llvm::BranchInst* back_edge, const std::string& pragma) {
    if (pragma.rfind("unroll", 0) != 0) return;
    std::string count = pragma.substr(6);
    count.erase(0, count.find_first_not_of(' '));
    llvm::SmallVector<llvm::Metadata*, 2> operands = {nullptr};
    if (count.empty()) {
      operands.push_back(llvm::MDNode::get(context_, {llvm::MDString::get(context_, "llvm.loop.unroll.full")}));
    } else {
      operands.push_back(llvm::MDNode::get(context_, {llvm::MDString::get(context_, "llvm.loop.unroll.count"),
                                                      llvm::ConstantAsMetadata::get(builder_.getInt32(static_cast<uint32_t>(std::stoi(count))))}));
    }
    llvm::MDNode* loop = llvm::MDNode::getDistinct(context_, operands);
    loop->replaceOperandWith(0, loop);
    back_edge->setMetadata(llvm::LLVMContext::MD_loop, loop);
  }

  // Whether `expr` compares index arithmetic (reads no memory, cannot fault), or joins such
  // comparisons with && and ||.
  bool index_condition(const cast::Expr& expr) const {
    if (expr.kind != cast::ExprKind::Binary) return false;
    if (expr.op == "&&" || expr.op == "||") return index_condition(*expr.args[0]) && index_condition(*expr.args[1]);
    bool comparison = expr.op == "<" || expr.op == "<=" || expr.op == ">" || expr.op == ">=" || expr.op == "==" || expr.op == "!=";
    return comparison && index_arithmetic(*expr.args[0]) && index_arithmetic(*expr.args[1]);
  }

  // The condition of an `if` around loads feeding stores (a guarded fetch, a stencil row). Where it
  // joins index comparisons with && or ||, as one value (a logical and/or, poison-safe), not C's
  // branch around the second comparison: there is nothing to guard, and one condition lets ptxas
  // predicate the body as it does NVRTC's (`or.pred`, one branch). Branching, the edge groups of
  // matmul_prefetch kept their fetches `if (n >= j + 1 && n >= k + 1)` as two nested branches
  // (divergent regions in SASS), the first hoisted out of the k loop. Not for other bodies: the
  // SGEMMs' guarded stores of c lose their divergent regions too, but sgemm_splitk then spills 16 B
  // at 128 registers (benchmarks/NOTES.md).
  llvm::Value* if_condition(const cast::Expr& expr) {
    if (!index_condition(expr) || (expr.op != "&&" && expr.op != "||")) return convert(expression(expr), DType::Bool);
    llvm::Value* first = if_condition(*expr.args[0]);
    llvm::Value* second = if_condition(*expr.args[1]);
    return expr.op == "&&" ? builder_.CreateLogicalAnd(first, second) : builder_.CreateLogicalOr(first, second);
  }

  void if_then(const cast::Stmt& stmt) {
    RegionAccesses accesses;
    bool straight_line = stmt.body.size() == 1 && predicable(*stmt.body[0], accesses);
    bool loads_feeding_stores = straight_line && accesses.loads > 0;
    llvm::Value* condition = loads_feeding_stores ? if_condition(*stmt.condition) : convert(expression(*stmt.condition), DType::Bool);
    if (straight_line && accesses.worth_predicating()) {
      region_guard_ = condition;
      scoped(*stmt.body[0]);
      region_guard_ = nullptr;
      return;
    }
    llvm::BasicBlock* then_block = llvm::BasicBlock::Create(context_, "if.then", llvm_function_);
    llvm::BasicBlock* join = llvm::BasicBlock::Create(context_, "if.end", llvm_function_);
    llvm::BasicBlock* else_block = stmt.body.size() > 1 ? llvm::BasicBlock::Create(context_, "if.else", llvm_function_) : join;
    builder_.CreateCondBr(condition, then_block, else_block);
    builder_.SetInsertPoint(then_block);
    scoped(*stmt.body[0]);
    builder_.CreateBr(join);
    if (stmt.body.size() > 1) {
      builder_.SetInsertPoint(else_block);
      scoped(*stmt.body[1]);
      builder_.CreateBr(join);
    }
    builder_.SetInsertPoint(join);
  }

  void scoped(const cast::Stmt& stmt) {
    scopes_.emplace_back();
    statement(stmt);
    scopes_.pop_back();
  }

  void statement(const cast::Stmt& stmt) {
    switch (stmt.kind) {
      case cast::StmtKind::Block:
        if (stmt.scoped) scopes_.emplace_back();
        for (const cast::StmtPtr& child : stmt.body) statement(*child);
        if (stmt.scoped) scopes_.pop_back();
        return;
      case cast::StmtKind::Comment: return;
      case cast::StmtKind::Declare: declare(stmt); return;
      case cast::StmtKind::Assign: assign(stmt); return;
      // __syncthreads: bar.sync 0 (it also orders the block's global memory accesses).
      case cast::StmtKind::Barrier: builder_.CreateIntrinsic(builder_.getVoidTy(), llvm::Intrinsic::nvvm_barrier0, {}); return;
      case cast::StmtKind::For: for_loop(stmt); return;
      case cast::StmtKind::If: if_then(stmt); return;
    }
  }

  // __launch_bounds__(threads, groups): .maxntid threads, 1, 1 and .minnctapersm groups (LLVM 19
  // keeps both in !nvvm.annotations), so ptxas caps the registers as it does for NVRTC's PTX. The
  // cap was dropped once, while LLVM's PTX of the tuned SGEMM needed 158 registers (no nsw on the
  // index arithmetic) and spilled at 128; with nsw it needs 129 uncapped, NVRTC's 130, and fits
  // 128 without spills (benchmarks/NOTES.md, issue 30).
  void annotate_launch_bounds() {
    int64_t threads = function_.block_size[0] * function_.block_size[1] * function_.block_size[2];
    annotate("maxntidx", threads);
    if (function_.min_groups_per_multiprocessor > 0) annotate("minctasm", function_.min_groups_per_multiprocessor);
  }

  void annotate(const char* key, int64_t value) {
    llvm::NamedMDNode* annotations = module_.getOrInsertNamedMetadata("nvvm.annotations");
    annotations->addOperand(llvm::MDNode::get(
        context_, {llvm::ValueAsMetadata::get(llvm_function_), llvm::MDString::get(context_, key),
                   llvm::ConstantAsMetadata::get(builder_.getInt32(static_cast<uint32_t>(value)))}));
  }

  llvm::Module& module_;
  llvm::LLVMContext& context_;
  llvm::IRBuilder<> builder_;
  const cast::Function& function_;
  llvm::Function* llvm_function_ = nullptr;
  llvm::BasicBlock* entry_ = nullptr;
  std::vector<std::map<std::string, Binding>> scopes_;
  // Whether the kernel has mma.sync (emit: its module is compiled without loop strength reduction).
  bool uses_tensor_cores_ = false;
  // The condition of the predicated region being emitted (if_then), else null.
  llvm::Value* region_guard_ = nullptr;
};

double milliseconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

// Three of the NVPTX back end's settings differ from LLVM's defaults (they are command-line
// options of LLVM, set once for this library's private copy of LLVM):
// - 32-bit shared-memory pointers (nvptx-short-ptr): shared addresses are below 228 KB, so 64-bit
//   arithmetic on them only costs registers;
// - no MachineSink: it moved the last k step's multiply-adds of the tuned SGEMM below the loop's
//   barrier, keeping its operands live across the next tile's stores.
// Together with the masked fetches they bring the SGEMM's k loop to NVRTC's length without
// spills at 128 registers; each alone did not (benchmarks/NOTES.md, issue 30).
// - no MachineCSE: its partial redundancy elimination hoists the row kernels' guard operands
//   (`j + 256q` for each of the 31 tile slots, computed once in the loads' guards and again in
//   the stores') to the entry block, where all 31 stay live beside the 32-float row tile, and
//   ptxas does not rematerialize them: 79-80 registers against NVRTC's 48. Without it every guard
//   computes its own sum next to its compare, as NVRTC's PTX does (48-64 registers). The SGEMM
//   keeps 128 registers without spills (measured; benchmarks/NOTES.md).
void set_back_end_options() {
  const char* arguments[] = {"loom_llvm", "-nvptx-short-ptr", "-disable-machine-sink", "-disable-machine-cse"};
  llvm::cl::ParseCommandLineOptions(static_cast<int>(std::size(arguments)), arguments, "", nullptr, nullptr,
                                    /*LongOptionsUseDoubleDash=*/false);
}

// Loop strength reduction (LLVM's back-end IR pass, added when the pass list is built) is off for
// modules with tensor-core instructions. In the GEMMs that hold the next k tile in registers
// (pipeline_fetch), LSR turns the 64 fetch addresses of the k loop into induction variables and
// loop-invariant bases, 64-bit registers live beside 128 accumulators: 255 registers and 220 B of
// spills for bf16_gemm_warp64_pipelined_bj (NVRTC: 251, none), 20 B without it; bf16_gemm_pipelined
// 392 -> 224 B (NVRTC 36); no tensor spec spills more without it (benchmarks/results/
// 2026-11-26-cpu-llvm-tensor-registers.md). Other kernels keep it: their LLVM/NVRTC table was timed
// with it, and without it sgemm_splitk's registers rise to the 128 cap and matmul_prefetch's 29 -> 32.
// The option is LLVM's process-wide `-disable-lsr`, read only while a pass list is built; the
// mutex makes setting it and building the list one step for concurrent compiles.
std::mutex& pass_list_mutex() {
  static std::mutex mutex;
  return mutex;
}

void set_loop_strength_reduction(bool enabled) {
  llvm::StringMap<llvm::cl::Option*>& options = llvm::cl::getRegisteredOptions();
  auto found = options.find("disable-lsr");
  if (found == options.end()) throw Malformed("LLVM has no -disable-lsr option");
  // TargetPassConfig.cpp's `static cl::opt<bool> DisableLSR("disable-lsr", ...)` (LLVM 19).
  static_cast<llvm::cl::opt<bool>*>(found->second)->setValue(!enabled);
}

std::unique_ptr<llvm::TargetMachine> target_machine(const std::string& arch, const std::string& ptx_version) {
  static const bool initialized = [] {
    LLVMInitializeNVPTXTargetInfo();
    LLVMInitializeNVPTXTarget();
    LLVMInitializeNVPTXTargetMC();
    LLVMInitializeNVPTXAsmPrinter();
    set_back_end_options();
    return true;
  }();
  (void)initialized;
  std::string error;
  const llvm::Target* target = llvm::TargetRegistry::lookupTarget("nvptx64-nvidia-cuda", error);
  if (target == nullptr) throw Malformed("the NVPTX target is missing: " + error);
  llvm::TargetOptions options;
  // C's contraction (nvcc's and NVRTC's default -fmad=true): a * b + c may become one fma.
  options.AllowFPOpFusion = llvm::FPOpFusion::Fast;
  return std::unique_ptr<llvm::TargetMachine>(target->createTargetMachine(
      "nvptx64-nvidia-cuda", arch, ptx_version, options, std::nullopt, std::nullopt, llvm::CodeGenOptLevel::Aggressive));
}

// O3, plus loop unrolling by a loop's trip-count upper bound (at most 8, LLVM's
// unroll-max-upperbound) where the exact count is unknown. loom's fetch loops are such loops: a
// 16x16 group filling an 18x18 halo tile runs `for (o = 0; o <= 1 - (t + 14) / 16; ++o)`, one or
// two trips per axis. Kept as loops, each trip's global load waits for the previous trip's shared
// store, and a warp whose lanes need one and two trips pays two load latencies one after the other
// (four in the warp with two rows); NVRTC's PTX has the same chain (stencil5_halo 1.115x NVRTC's
// time through LLVM on the H200, whose extra instructions were ptxas's 4x unrolling of LLVM's loop).
// Unrolled by the bound, the second trip is a guarded load that ptxas predicates and issues beside
// the first: one latency per row. Partial and runtime unrolling stay where O3 does them (later).
void optimize(llvm::Module& module, llvm::TargetMachine& machine) {
  llvm::LoopAnalysisManager loops;
  llvm::FunctionAnalysisManager functions;
  llvm::CGSCCAnalysisManager cgscc;
  llvm::ModuleAnalysisManager modules;
  llvm::PassBuilder builder(&machine);
  builder.registerModuleAnalyses(modules);
  builder.registerCGSCCAnalyses(cgscc);
  builder.registerFunctionAnalyses(functions);
  builder.registerLoopAnalyses(loops);
  builder.crossRegisterProxies(loops, functions, cgscc, modules);
  builder.registerVectorizerStartEPCallback([](llvm::FunctionPassManager& pass_manager, llvm::OptimizationLevel) {
    pass_manager.addPass(llvm::LoopUnrollPass(
        llvm::LoopUnrollOptions(3).setPartial(false).setRuntime(false).setPeeling(false).setUpperBound(true)));
  });
  llvm::ModulePassManager passes = builder.buildPerModuleDefaultPipeline(llvm::OptimizationLevel::O3);
  passes.run(module, modules);
}

std::string print_ir(const llvm::Module& module) {
  std::string text;
  llvm::raw_string_ostream out(text);
  module.print(out, nullptr);
  return text;
}

void emit(const NvptxRequest& request, NvptxResult& result) {
  auto start = std::chrono::steady_clock::now();
  llvm::LLVMContext context;
  // Warnings and remarks (e.g. "loop not unrolled" for an unr_hint loop of unknown trip count,
  // which NVRTC accepts silently too) are not the user's business; errors still throw below.
  // Errors are collected and reported after each stage (no exception crosses LLVM's frames).
  std::string diagnostics;
  context.setDiagnosticHandlerCallBack(
      [](const llvm::DiagnosticInfo* info, void* collected) {
        if (info->getSeverity() != llvm::DS_Error) return;
        llvm::raw_string_ostream out(*static_cast<std::string*>(collected));
        llvm::DiagnosticPrinterRawOStream printer(out);
        info->print(printer);
        out << "\n";
      },
      &diagnostics);
  auto check_diagnostics = [&](const char* stage) {
    if (!diagnostics.empty()) throw Malformed(std::string("LLVM reported errors during ") + stage + ":\n" + diagnostics);
  };
  llvm::Module module("loom", context);
  std::unique_ptr<llvm::TargetMachine> machine = target_machine(request.arch, request.ptx_version);
  module.setDataLayout(machine->createDataLayout());
  module.setTargetTriple("nvptx64-nvidia-cuda");
  bool tensor_cores = false;
  for (const cast::Function& function : *request.functions) {
    FunctionEmitter emitter(module, function);
    emitter.emit();
    tensor_cores = tensor_cores || emitter.uses_tensor_cores();
  }
  std::string errors;
  llvm::raw_string_ostream error_stream(errors);
  if (llvm::verifyModule(module, &error_stream)) {
    throw Malformed("the emitted LLVM IR does not verify:\n" + errors + "\n" + print_ir(module));
  }
  result.emit_ms = milliseconds_since(start);
  start = std::chrono::steady_clock::now();
  optimize(module, *machine);
  check_diagnostics("O3");
  result.optimize_ms = milliseconds_since(start);
  if (request.want_ir) result.llvm_ir = print_ir(module);
  start = std::chrono::steady_clock::now();
  llvm::SmallString<0> ptx;
  llvm::raw_svector_ostream ptx_stream(ptx);
  llvm::legacy::PassManager codegen;
  {
    // The back end's pass list is built here, with loop strength reduction as this module needs it.
    std::lock_guard<std::mutex> lock(pass_list_mutex());
    set_loop_strength_reduction(!tensor_cores);
    if (machine->addPassesToEmitFile(codegen, ptx_stream, nullptr, llvm::CodeGenFileType::AssemblyFile)) {
      throw Malformed("the NVPTX target cannot print PTX");
    }
  }
  codegen.run(module);
  check_diagnostics("PTX generation");
  result.ptx = std::string(ptx.str());
  result.codegen_ms = milliseconds_since(start);
}

}  // namespace

}  // namespace loom::codegen

extern "C" __attribute__((visibility("default"))) int loom_llvm_nvptx_abi_version() {
  return loom::codegen::kNvptxAbiVersion;
}

// No exception leaves the library: the loader turns the status into loom's error types.
extern "C" __attribute__((visibility("default"))) void loom_llvm_nvptx_emit(const loom::codegen::NvptxRequest* request,
                                                                            loom::codegen::NvptxResult* result) {
  using loom::codegen::NvptxStatus;
  try {
    loom::codegen::emit(*request, *result);
    result->status = NvptxStatus::Ok;
  } catch (const loom::codegen::Unsupported& error) {
    result->status = NvptxStatus::Unsupported;
    result->message = error.what();
  } catch (const std::exception& error) {
    result->status = NvptxStatus::InternalError;
    result->message = error.what();
  }
}
