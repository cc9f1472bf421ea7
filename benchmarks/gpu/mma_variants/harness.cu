// Times one variant of loom's bf16_gemm kernel (included as KERNEL_FILE) at n^3 with CUDA events
// (median of 20 after 2 warm-ups); prints TFLOP/s and a checksum of c. Diagnostic only
// (benchmarks/gpu/mma_variants/variants.py makes the variants; README there).
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <algorithm>
#include <cuda_runtime.h>
#include KERNEL_FILE
int main(int argc, char** argv) {
  int n = argc > 1 ? atoi(argv[1]) : 4096;
  size_t elems = (size_t)n * n;
  std::vector<uint16_t> host(elems);
  uint32_t s = 12345;
  for (auto& h : host) { s = s * 1664525u + 1013904223u; float f = ((s >> 8) & 0xffff) / 65536.0f - 0.5f; uint32_t u; memcpy(&u, &f, 4); h = u >> 16; }
  uint16_t *a, *b; float* c;
  cudaMalloc(&a, elems * 2); cudaMalloc(&b, elems * 2); cudaMalloc(&c, elems * 4);
  cudaMemcpy(a, host.data(), elems * 2, cudaMemcpyHostToDevice);
  cudaMemcpy(b, host.data(), elems * 2, cudaMemcpyHostToDevice);
  dim3 grid(n / 128, n / 128), block(32, 2, 4);
  cudaEvent_t e0, e1; cudaEventCreate(&e0); cudaEventCreate(&e1);
  std::vector<float> ms;
  for (int r = 0; r < 22; ++r) {
    cudaEventRecord(e0);
    bf16_gemm<<<grid, block>>>(a, b, c, n, n, n);
    cudaEventRecord(e1); cudaEventSynchronize(e1);
    float t; cudaEventElapsedTime(&t, e0, e1); if (r >= 2) ms.push_back(t);
  }
  cudaError_t err = cudaGetLastError();
  std::sort(ms.begin(), ms.end());
  std::vector<float> out(elems); cudaMemcpy(out.data(), c, elems * 4, cudaMemcpyDeviceToHost);
  double sum = 0; for (size_t i = 0; i < elems; i += 997) sum += out[i];
  printf("%s n=%d median_ms=%.4f TFLOPs=%.1f checksum=%.6g err=%s\n", KERNEL_NAME, n, ms[ms.size() / 2],
         2.0 * n * n * (double)n / (ms[ms.size() / 2] * 1e-3) / 1e12, sum, cudaGetErrorString(err));
}
