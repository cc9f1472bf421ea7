// Checks and times the wgmma probe kernels (wgmma_probe.cu, written by wgmma_probe.py; issue 29,
// eighth step). `./wgh check M N L` compares every variant with a float64 reference at 2048
// sampled entries (and prints the largest relative error); `./wgh time N` times each at N^3
// (median of 20 launches after 3 warm-ups, CUDA events). a and b hold different data. VARIANT=name
// runs only that one (the wrong-descriptor variants *x fault at some shapes, which poisons the
// CUDA context for every later launch of the process).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>
#include <cuda_runtime.h>
#include "wgmma_probe.cu"

typedef void (*Kernel)(const void*, const void*, float*, int, int, int);
// bn < 0: the roles exchanged (tf32_registers_kernel): groups of -bn rows of c x 128 columns.
struct Variant { const char* name; Kernel k; int bn; int smem; bool ragged; bool tf32; };
static const Variant variants[] = {PROBE_VARIANTS};

static void fill(std::vector<uint16_t>& h, uint32_t s) {
  for (auto& x : h) { s = s * 1664525u + 1013904223u; float f = ((s >> 8) & 0xffff) / 65536.0f - 0.5f; uint32_t u; memcpy(&u, &f, 4); x = u >> 16; }
}
static double bf(uint16_t x) { uint32_t u = (uint32_t)x << 16; float f; memcpy(&f, &u, 4); return f; }

int main(int argc, char** argv) {
  bool check = argc > 1 && !strcmp(argv[1], "check");
  int m = argc > 2 ? atoi(argv[2]) : 4096, n = argc > 3 ? atoi(argv[3]) : m, l = argc > 4 ? atoi(argv[4]) : m;
  std::vector<uint16_t> ha((size_t)m * l), hb((size_t)l * n);
  fill(ha, 12345); fill(hb, 777);
  std::vector<float> fa(ha.size()), fb(hb.size());  // TF32 inputs: full f32 values
  { uint32_t s = 4242; for (auto& x : fa) { s = s * 1664525u + 1013904223u; x = ((s >> 8) & 0xffffff) / 16777216.0f - 0.5f; }
    for (auto& x : fb) { s = s * 1664525u + 1013904223u; x = ((s >> 8) & 0xffffff) / 16777216.0f - 0.5f; } }
  uint16_t *a, *b; float *c, *a32, *b32;
  cudaMalloc(&a, ha.size() * 2); cudaMalloc(&b, hb.size() * 2); cudaMalloc(&c, (size_t)m * n * 4);
  cudaMalloc(&a32, fa.size() * 4); cudaMalloc(&b32, fb.size() * 4);
  cudaMemcpy(a, ha.data(), ha.size() * 2, cudaMemcpyHostToDevice);
  cudaMemcpy(b, hb.data(), hb.size() * 2, cudaMemcpyHostToDevice);
  cudaMemcpy(a32, fa.data(), fa.size() * 4, cudaMemcpyHostToDevice);
  cudaMemcpy(b32, fb.data(), fb.size() * 4, cudaMemcpyHostToDevice);
  const char* only = getenv("VARIANT");  // one variant a process: a faulting one poisons the context
  for (const Variant& v : variants) {
    if (only && strcmp(only, v.name)) continue;
    const int group_m = v.bn < 0 ? -v.bn : 128, group_n = v.bn < 0 ? 128 : v.bn;
    const bool fits = v.ragged ? (v.tf32 ? l % 4 == 0 && n % 2 == 0 : l % 8 == 0 && n % 8 == 0)
                               : n % group_n == 0 && m % group_m == 0 && l % (v.tf32 ? 32 : 64) == 0;
    if (!fits) { printf("%s skipped (shape)\n", v.name); continue; }
    cudaFuncSetAttribute(v.k, cudaFuncAttributeMaxDynamicSharedMemorySize, v.smem);
    dim3 grid((n + group_n - 1) / group_n, (m + group_m - 1) / group_m), block(256);
    const void* va = v.tf32 ? (const void*)a32 : (const void*)a;
    const void* vb = v.tf32 ? (const void*)b32 : (const void*)b;
    const double tolerance = v.tf32 ? 4e-3 : 1e-5;  // TF32 keeps 10 mantissa bits of each input
    cudaMemset(c, 0xff, (size_t)m * n * 4);
    if (check) {
      v.k<<<grid, block, v.smem>>>(va, vb, c, m, n, l);
      cudaError_t err = cudaDeviceSynchronize();
      std::vector<float> hc((size_t)m * n);
      cudaMemcpy(hc.data(), c, hc.size() * 4, cudaMemcpyDeviceToHost);
      double worst = 0; int bad = 0; uint32_t s = 99;
      for (int q = 0; q < 2048; ++q) {
        s = s * 1664525u + 1013904223u; int i = (s >> 4) % m; s = s * 1664525u + 1013904223u; int j = (s >> 4) % n;
        if (q < 4) { i = q < 2 ? 0 : m - 1; j = q % 2 ? n - 1 : 0; }
        double ref = 0, mag = 0;
        for (int k = 0; k < l; ++k) {
          double p = v.tf32 ? (double)fa[(size_t)i * l + k] * fb[(size_t)k * n + j] : bf(ha[(size_t)i * l + k]) * bf(hb[(size_t)k * n + j]);
          ref += p; mag += fabs(p);
        }
        double e = fabs(hc[(size_t)i * n + j] - ref) / (mag + 1e-30);
        if (!(e < tolerance)) ++bad;
        worst = std::max(worst, std::isnan(e) ? 1e30 : e);
      }
      printf("CHECK %s %dx%dx%d %s worst_rel=%.3g bad=%d err=%s\n", v.name, m, n, l, bad ? "FAIL" : "ok", worst, bad, cudaGetErrorString(err));
      continue;
    }
    cudaEvent_t e0, e1; cudaEventCreate(&e0); cudaEventCreate(&e1);
    std::vector<float> ms;
    for (int r = 0; r < 23; ++r) {
      cudaEventRecord(e0);
      v.k<<<grid, block, v.smem>>>(va, vb, c, m, n, l);
      cudaEventRecord(e1); cudaEventSynchronize(e1);
      float t; cudaEventElapsedTime(&t, e0, e1); if (r >= 3) ms.push_back(t);
    }
    std::sort(ms.begin(), ms.end());
    double med = ms[ms.size() / 2];
    printf("RESULT %s %dx%dx%d median_ms=%.4f TFLOPs=%.1f err=%s\n", v.name, m, n, l, med,
           2.0 * m * n * (double)l / (med * 1e-3) / 1e12, cudaGetErrorString(cudaGetLastError()));
  }
}
