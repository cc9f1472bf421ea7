// The C target: generated C compiled by the system C compiler into a shared object, cached on
// disk by the hash of its source and compiler, loaded with dlopen and called through the
// uniform entry point `void <name>_loom_entry(void **args)`.
#include <dlfcn.h>
#include <unistd.h>
#include <xxhash.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <sstream>

#include "loom/error.hpp"
#include "runtime/compiler_diagnostics.hpp"
#include "runtime/fault_guard.hpp"
#include "runtime/launcher.hpp"

namespace loom {

std::string cache_directory() {
  if (const char* dir = std::getenv("LOOM_CACHE_DIR"); dir != nullptr && *dir != '\0') return dir;
  if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg != nullptr && *xdg != '\0') {
    return std::string(xdg) + "/loom";
  }
  if (const char* home = std::getenv("HOME"); home != nullptr && *home != '\0') {
    return std::string(home) + "/.cache/loom";
  }
  return std::filesystem::temp_directory_path().string() + "/loom-cache";
}

namespace detail {

namespace {

namespace fs = std::filesystem;

std::string c_compiler() {
  if (const char* cc = std::getenv("CC"); cc != nullptr && *cc != '\0') return cc;
  return LOOM_C_COMPILER;
}

// Warnings stay on (without -Wall) so that the ones meaning wrong code can be found (issue 24);
// a log that is otherwise non-empty is dropped.
const std::string kCompileFlags =
    std::string("-O2 -std=c11 -fPIC -shared -fno-strict-aliasing ") + kWrongCodeErrorFlags;

std::string hex_hash(const std::string& text) {
  std::ostringstream out;
  out << std::hex << XXH3_64bits(text.data(), text.size());
  return out.str();
}

std::string run_compiler(const fs::path& source, const fs::path& output, const std::string& kernel_name) {
  fs::path log = output.string() + ".log";
  std::string command = c_compiler() + " " + kCompileFlags + " -o '" + output.string() + "' '" + source.string() +
                        "' -lm > '" + log.string() + "' 2>&1";
  int status = std::system(command.c_str());
  std::ifstream log_stream(log);
  std::string messages((std::istreambuf_iterator<char>(log_stream)), std::istreambuf_iterator<char>());
  fs::remove(log);
  if (status != 0) {
    if (status == 127 * 256 || messages.find("not found") != std::string::npos) {
      throw EnvironmentError("the C compiler '" + c_compiler() + "' was not found; set CC to a C compiler");
    }
    throw InternalError("the C compiler rejected loom's generated code for kernel '" + kernel_name +
                        "' (a bug in loom):\n" + messages);
  }
  if (std::optional<std::string> wrong = wrong_code_diagnostic(messages)) {
    throw InternalError("loom generated wrong C code for kernel '" + kernel_name + "' (a bug in loom): " + *wrong);
  }
  return messages;
}

// Builds (or finds in the cache) the shared object for `source`. Writers use a private temporary
// name and rename it into place, so concurrent processes never see a partial file.
fs::path shared_object_for(const std::string& source, const std::string& kernel_name) {
  fs::path directory = fs::path(cache_directory()) / "c";
  std::error_code error;
  fs::create_directories(directory, error);
  if (error) throw EnvironmentError("cannot create the cache folder " + directory.string() + ": " + error.message());
  std::string key = hex_hash(c_compiler() + "\n" + kCompileFlags + "\n" + source);
  fs::path library = directory / (key + ".so");
  if (fs::exists(library) && !std::getenv("LOOM_NO_CACHE")) return library;
  std::string unique = key + "." + std::to_string(getpid()) + "." + hex_hash(std::to_string(std::rand()));
  fs::path source_file = directory / (unique + ".c");
  fs::path temporary = directory / (unique + ".so");
  std::ofstream(source_file) << source;
  try {
    run_compiler(source_file, temporary, kernel_name);
  } catch (...) {
    fs::remove(source_file);
    throw;
  }
  fs::remove(source_file);
  fs::rename(temporary, library);
  return library;
}

class HostCLauncher : public KernelLauncher {
 public:
  HostCLauncher(LoopKernel kernel, GeneratedCode code) : KernelLauncher(std::move(kernel), std::move(code)) {
    fs::path library = shared_object_for(this->code().source, this->kernel().name);
    handle_ = dlopen(library.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (handle_ == nullptr) {
      throw EnvironmentError("cannot load " + library.string() + ": " + dlerror() +
                             " (delete the file or set LOOM_NO_CACHE=1 to rebuild it)");
    }
    void* symbol = dlsym(handle_, this->code().entry_name.c_str());
    if (symbol == nullptr) {
      dlclose(handle_);
      throw InternalError("generated library lacks its entry point " + this->code().entry_name);
    }
    entry_ = reinterpret_cast<void (*)(void**)>(symbol);
  }

  ~HostCLauncher() override {
    if (handle_ != nullptr) dlclose(handle_);
  }

  // Global temporaries live for one launch, as on the GPU runtimes, and are passed after the
  // arguments.
  void launch(const ArgumentMap& arguments, const Stream& /*stream: host targets run synchronously*/) const override {
    PackedArguments packed = pack_arguments(arguments);
    std::vector<std::vector<std::byte>> temporaries;
    temporaries.reserve(code().global_temporaries.size());
    for (const GlobalTemporary& temporary : code().global_temporaries) {
      int64_t elements = 1;
      for (const ExprPtr& extent : temporary.shape) elements *= evaluate_integer(*extent, packed.parameters);
      temporaries.emplace_back(static_cast<std::size_t>(std::max<int64_t>(elements, 1)) * dtype_size(temporary.dtype));
      packed.pointers.push_back(temporaries.back().data());
    }
    call_guarded(entry_, packed.pointers.data(), kernel().name);
  }

 private:
  void* handle_ = nullptr;
  void (*entry_)(void**) = nullptr;
};

}  // namespace

std::shared_ptr<const KernelLauncher> make_host_c_launcher(const LoopKernel& kernel, GeneratedCode code) {
  return std::make_shared<const HostCLauncher>(kernel, std::move(code));
}

}  // namespace detail
}  // namespace loom
