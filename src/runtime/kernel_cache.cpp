#include "runtime/kernel_cache.hpp"

#include <sys/stat.h>

#include <filesystem>
#include <nlohmann/json.hpp>

#include "ir/kernel_fingerprint.hpp"
#include "lang/expression_parser.hpp"
#include "loom/error.hpp"
#include "loom/runtime.hpp"
#include "runtime/binary_cache.hpp"
#include "runtime/host_cuda.hpp"

namespace loom::detail {

namespace {

using json = nlohmann::json;
constexpr CacheMagic kCodeMagic = {'L', 'O', 'O', 'M', 'G', 'E', 'N', '1'};

}  // namespace

std::string build_identity() {
  std::string identity = LOOM_VERSION;
  struct stat status {};
  if (stat("/proc/self/exe", &status) == 0) {
    identity += " " + std::to_string(status.st_size) + " " + std::to_string(status.st_mtim.tv_sec) + "." +
                std::to_string(status.st_mtim.tv_nsec);
  }
  return identity;
}

namespace {

json exprs_json(const std::vector<ExprPtr>& exprs) {
  json list = json::array();
  for (const ExprPtr& expr : exprs) list.push_back(to_string(expr));
  return list;
}

std::vector<ExprPtr> exprs_from(const json& list) {
  std::vector<ExprPtr> exprs;
  for (const json& text : list) {
    std::string source = text.get<std::string>();
    exprs.push_back(lang::parse_expression_in(source, 0, source.size()));
  }
  return exprs;
}

DType dtype_from(const json& name) {
  std::optional<DType> dtype = parse_dtype(name.get<std::string>());
  if (!dtype) throw Error("unknown dtype '" + name.get<std::string>() + "' in a cache entry");
  return *dtype;
}

Target target_from(const std::string& name) {
  for (Target target : {Target::C, Target::OpenCL, Target::CUDA}) {
    if (target_name(target) == name) return target;
  }
  throw Error("unknown target '" + name + "' in a cache entry");
}

}  // namespace

std::string generated_code_json(const GeneratedCode& code) {
  json out;
  out["target"] = std::string(target_name(code.target));
  out["function_name"] = code.function_name;
  out["entry_name"] = code.entry_name;
  out["source"] = code.source;
  for (const GeneratedArgument& argument : code.arguments) {
    out["arguments"].push_back({{"name", argument.name},
                                {"dtype", std::string(dtype_name(argument.dtype))},
                                {"is_array", argument.is_array},
                                {"is_written", argument.is_written}});
  }
  for (const DeviceKernel& kernel : code.device_kernels) {
    out["device_kernels"].push_back({{"name", kernel.name},
                                     {"grid_size", exprs_json(kernel.grid_size)},
                                     {"block_size", kernel.block_size},
                                     {"dynamic_shared_bytes", kernel.dynamic_shared_bytes}});
  }
  for (const GlobalTemporary& temporary : code.global_temporaries) {
    out["global_temporaries"].push_back({{"name", temporary.name},
                                         {"dtype", std::string(dtype_name(temporary.dtype))},
                                         {"shape", exprs_json(temporary.shape)}});
  }
  for (const HostLoop& loop : code.host_loops) {
    out["host_loops"].push_back({{"iname", loop.iname},
                                 {"dtype", std::string(dtype_name(loop.dtype))},
                                 {"lower", exprs_json({loop.lower})},
                                 {"upper", exprs_json({loop.upper})},
                                 {"first_kernel", loop.first_kernel},
                                 {"end_kernel", loop.end_kernel}});
  }
  return out.dump();
}

GeneratedCode generated_code_from_json(const std::string& text) {
  json in = json::parse(text);
  GeneratedCode code;
  code.target = target_from(in.at("target").get<std::string>());
  code.function_name = in.at("function_name").get<std::string>();
  code.entry_name = in.at("entry_name").get<std::string>();
  code.source = in.at("source").get<std::string>();
  for (const json& argument : in.value("arguments", json::array())) {
    code.arguments.push_back({argument.at("name").get<std::string>(), dtype_from(argument.at("dtype")),
                              argument.at("is_array").get<bool>(), argument.at("is_written").get<bool>()});
  }
  for (const json& kernel : in.value("device_kernels", json::array())) {
    code.device_kernels.push_back({kernel.at("name").get<std::string>(), exprs_from(kernel.at("grid_size")),
                                   kernel.at("block_size").get<std::vector<int64_t>>(),
                                   kernel.at("dynamic_shared_bytes").get<int64_t>()});
  }
  for (const json& temporary : in.value("global_temporaries", json::array())) {
    code.global_temporaries.push_back({temporary.at("name").get<std::string>(), dtype_from(temporary.at("dtype")),
                                       exprs_from(temporary.at("shape"))});
  }
  for (const json& loop : in.value("host_loops", json::array())) {
    code.host_loops.push_back({loop.at("iname").get<std::string>(), dtype_from(loop.at("dtype")),
                               exprs_from(loop.at("lower")).at(0), exprs_from(loop.at("upper")).at(0),
                               loop.at("first_kernel").get<std::size_t>(), loop.at("end_kernel").get<std::size_t>()});
  }
  return code;
}

std::string cuda_kernel_cache_path(const LoopKernel& kernel, const std::string& compiler) {
  const CudaDeviceInfo& info = cuda_device_info();
  std::string key = hex_hash(info.arch + "\n" + (compiler == "nvrtc" ? std::string() : compiler + "\n") + std::to_string(info.nvrtc_major) + "." +
                             std::to_string(info.nvrtc_minor) + "\n" + std::to_string(info.driver_version) + "\n" +
                             build_identity() + "\n" + kernel_fingerprint(kernel));
  return (std::filesystem::path(cache_directory()) / "cuda" / "kernels" / (key + ".code")).string();
}

std::optional<GeneratedCode> read_generated_code(const std::string& path) {
  std::optional<std::vector<char>> entry = read_cache_entry(path, kCodeMagic);
  if (!entry) return std::nullopt;
  try {
    return generated_code_from_json(std::string(entry->begin(), entry->end()));
  } catch (const std::exception&) {
    return std::nullopt;  // an entry of an older format: generate again and replace it
  }
}

void write_generated_code(const std::string& path, const GeneratedCode& code) {
  std::string text = generated_code_json(code);
  write_cache_entry(path, kCodeMagic, text.data(), text.size());
}

}  // namespace loom::detail
