// DeviceArray, Stream and Event on the CUDA driver (runtime/cuda_driver.hpp), and checked mode.
#include <atomic>
#include <cstdlib>
#include <cstring>

#include "loom/array.hpp"
#include "loom/device.hpp"
#include "loom/error.hpp"
#include "runtime/array_layout.hpp"
#include "runtime/cuda_driver.hpp"

namespace loom {

namespace detail {

// One cuMemAlloc'd block, freed with the last DeviceArray sharing it (not after a fault: the
// context is gone and cuMemFree would fail).
struct DeviceAllocation {
  const CudaRuntime* runtime = nullptr;
  CUdeviceptr pointer = 0;
  ~DeviceAllocation() {
    if (pointer != 0 && !cuda_context_poisoned()) runtime->api.cuMemFree(pointer);
  }
};

struct StreamHandle {
  const CudaRuntime* runtime = nullptr;
  CUstream stream = nullptr;
  ~StreamHandle() {
    if (stream != nullptr && !cuda_context_poisoned()) runtime->api.cuStreamDestroy(stream);
  }
};

struct EventHandle {
  const CudaRuntime* runtime = nullptr;
  CUevent event = nullptr;
  bool recorded = false;
  ~EventHandle() {
    if (event != nullptr && !cuda_context_poisoned()) runtime->api.cuEventDestroy(event);
  }
};

namespace {

const CudaRuntime& current_runtime(const std::string& subject) {
  const CudaRuntime& runtime = cuda_runtime();
  refuse_if_poisoned(subject);
  check_cu(runtime.api.cuCtxSetCurrent(runtime.context), "cuCtxSetCurrent", subject);
  return runtime;
}

std::string shape_text(const std::vector<int64_t>& values) {
  std::string text;
  for (int64_t value : values) text += (text.empty() ? "" : ", ") + std::to_string(value);
  return "(" + text + ")";
}

}  // namespace

}  // namespace detail

// ---- DeviceArray ---------------------------------------------------------------------------------

DeviceArray::DeviceArray(DType dtype, std::vector<int64_t> shape, bool fortran_order)
    : dtype_(dtype),
      shape_(std::move(shape)),
      strides_(detail::contiguous_strides(shape_, fortran_order)) {
  std::size_t bytes = std::max(nbytes_spanned(), dtype_size(dtype_));
  std::string subject = "a DeviceArray of " + std::to_string(bytes) + " bytes";
  const detail::CudaRuntime& runtime = detail::current_runtime(subject);
  auto storage = std::make_shared<detail::DeviceAllocation>();
  storage->runtime = &runtime;
  detail::check_cu(runtime.api.cuMemAlloc(&storage->pointer, bytes), "cuMemAlloc", subject);
  detail::check_cu(runtime.api.cuMemsetD8(storage->pointer, 0, bytes), "cuMemsetD8", subject);
  storage_ = std::move(storage);
}

DeviceArray DeviceArray::from_host(const Array& host) {
  DeviceArray array;
  array.dtype_ = host.dtype();
  array.shape_ = host.shape();
  array.strides_ = host.strides();
  std::size_t bytes = std::max(array.nbytes_spanned(), dtype_size(array.dtype_));
  std::string subject = "a DeviceArray of " + std::to_string(bytes) + " bytes";
  const detail::CudaRuntime& runtime = detail::current_runtime(subject);
  auto storage = std::make_shared<detail::DeviceAllocation>();
  storage->runtime = &runtime;
  detail::check_cu(runtime.api.cuMemAlloc(&storage->pointer, bytes), "cuMemAlloc", subject);
  array.storage_ = std::move(storage);
  array.copy_from_host(host);
  return array;
}

int64_t DeviceArray::size() const { return detail::element_count(shape_); }

std::size_t DeviceArray::nbytes_spanned() const {
  return detail::spanned_bytes(shape_, strides_, dtype_);
}

uint64_t DeviceArray::device_pointer() const { return storage_ ? storage_->pointer : 0; }

namespace {

// The host array must be laid out exactly as the device array: copies move the spanned bytes.
void check_same_layout(const DeviceArray& device, const Array& host, const char* what) {
  if (host.dtype() != device.dtype() || host.shape() != device.shape() ||
      (device.size() > 0 && host.strides() != device.strides())) {
    throw Error(std::string(what) + ": the host Array (" + std::string(dtype_name(host.dtype())) +
                ", shape " + detail::shape_text(host.shape()) + ", strides " +
                detail::shape_text(host.strides()) + ") differs from the DeviceArray (" +
                std::string(dtype_name(device.dtype())) + ", shape " +
                detail::shape_text(device.shape()) + ", strides " +
                detail::shape_text(device.strides()) + ")");
  }
}

}  // namespace

void DeviceArray::copy_from_host(const Array& host) {
  if (!storage_) throw Error("DeviceArray::copy_from_host on an empty DeviceArray");
  check_same_layout(*this, host, "DeviceArray::copy_from_host");
  if (nbytes_spanned() == 0) return;
  const detail::CudaRuntime& runtime = detail::current_runtime("DeviceArray::copy_from_host");
  detail::check_cu(runtime.api.cuMemcpyHtoD(storage_->pointer, host.data(), nbytes_spanned()),
                   "cuMemcpyHtoD", "DeviceArray::copy_from_host");
}

void DeviceArray::copy_to_host(Array& host) const {
  if (!storage_) throw Error("DeviceArray::copy_to_host on an empty DeviceArray");
  check_same_layout(*this, host, "DeviceArray::copy_to_host");
  if (nbytes_spanned() == 0) return;
  const detail::CudaRuntime& runtime = detail::current_runtime("DeviceArray::copy_to_host");
  detail::check_cu(runtime.api.cuMemcpyDtoH(host.data(), storage_->pointer, nbytes_spanned()),
                   "cuMemcpyDtoH", "DeviceArray::copy_to_host");
}

Array DeviceArray::to_host() const {
  Array host = Array::with_strides(dtype_, shape_, strides_);
  copy_to_host(host);
  return host;
}

// ---- Stream and Event ----------------------------------------------------------------------------

Stream Stream::create() {
  const detail::CudaRuntime& runtime = detail::current_runtime("a new stream");
  auto handle = std::make_shared<detail::StreamHandle>();
  handle->runtime = &runtime;
  // Flag 0 (CU_STREAM_DEFAULT): the stream synchronizes with the legacy default stream.
  detail::check_cu(runtime.api.cuStreamCreate(&handle->stream, 0), "cuStreamCreate", "a new stream");
  Stream stream;
  stream.handle_ = std::move(handle);
  return stream;
}

void Stream::synchronize() const {
  const detail::CudaRuntime& runtime = detail::current_runtime("Stream::synchronize");
  detail::check_cu(runtime.api.cuStreamSynchronize(static_cast<detail::CUstream>(native_handle())),
                   "cuStreamSynchronize", "a stream");
}

void* Stream::native_handle() const { return handle_ ? handle_->stream : nullptr; }

Event::Event() {
  const detail::CudaRuntime& runtime = detail::current_runtime("a new event");
  auto handle = std::make_shared<detail::EventHandle>();
  handle->runtime = &runtime;
  detail::check_cu(runtime.api.cuEventCreate(&handle->event, 0), "cuEventCreate", "a new event");
  handle_ = std::move(handle);
}

void Event::record(const Stream& stream) {
  detail::check_cu(handle_->runtime->api.cuEventRecord(
                       handle_->event, static_cast<detail::CUstream>(stream.native_handle())),
                   "cuEventRecord", "an event");
  handle_->recorded = true;
}

void Event::synchronize() const {
  if (!handle_->recorded) throw Error("Event::synchronize on an event never recorded");
  detail::check_cu(handle_->runtime->api.cuEventSynchronize(handle_->event), "cuEventSynchronize",
                   "an event");
}

double Event::elapsed_ms(const Event& start, const Event& end) {
  if (!start.handle_->recorded || !end.handle_->recorded) {
    throw Error("Event::elapsed_ms needs two recorded events");
  }
  end.synchronize();
  float milliseconds = 0;
  detail::check_cu(start.handle_->runtime->api.cuEventElapsedTime(&milliseconds, start.handle_->event,
                                                                  end.handle_->event),
                   "cuEventElapsedTime", "two events");
  return milliseconds;
}

// ---- checked mode ---------------------------------------------------------------------------------

namespace {

bool synchronous_from_environment() {
  const char* value = std::getenv("LOOM_SYNC");
  return value != nullptr && std::strcmp(value, "1") == 0;
}

std::atomic<bool> synchronous{synchronous_from_environment()};

}  // namespace

void set_synchronous_launches(bool on) { synchronous.store(on); }
bool synchronous_launches() { return synchronous.load(); }

}  // namespace loom
