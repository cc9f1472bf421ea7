// Issue 29: the fragment mapping the CUDA lowering of `tensorize` will print, checked on its own.
// One warp per 16x8 block of C computes C = A·B (bfloat16 in, float32 accumulate) with
// ldmatrix (x4 for A, x2.trans for B) from shared memory and mma.sync.m16n8k16, at ragged sizes
// (edge tiles zero-filled, stores guarded), against a float64 reference with SPEC.md's rule
// (float32 output: rtol 1e-3, atol = rtol·RMS). `--wrong` swaps the C fragment's rows g and g+8,
// which must fail. Build and run (offline: nvcc -arch=sm_90 -Xptxas -v checks the PTX):
//   nvcc -O2 -arch=sm_90 -o mma_probe mma_probe.cu && ./mma_probe && ./mma_probe --wrong
// Exit 0 when every size passes (or, with --wrong, when every size fails), 1 otherwise.
#include <cuda_runtime.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <random>
#include <vector>

namespace {

// The one place the instruction family lives (the printer will emit these as its helpers).
__device__ inline void ldmatrix_x4(uint32_t (&r)[4], const void* shared_row) {
  auto address = static_cast<uint32_t>(__cvta_generic_to_shared(shared_row));
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];\n"
               : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3]) : "r"(address));
}
__device__ inline void ldmatrix_x2_trans(uint32_t (&r)[2], const void* shared_row) {
  auto address = static_cast<uint32_t>(__cvta_generic_to_shared(shared_row));
  asm volatile("ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16 {%0, %1}, [%2];\n"
               : "=r"(r[0]), "=r"(r[1]) : "r"(address));
}
__device__ inline void mma_m16n8k16_bf16(float (&c)[4], const uint32_t (&a)[4], const uint32_t (&b)[2]) {
  asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, "
               "{%8, %9}, {%0, %1, %2, %3};\n"
               : "+f"(c[0]), "+f"(c[1]), "+f"(c[2]), "+f"(c[3])
               : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
}

// One warp per block of C (16 rows of m, 8 columns of n). A is m x l, B is l x n, C is m x n, all
// row-major; bfloat16 stored as uint16_t.
__global__ void gemm_bf16(const uint16_t* a, const uint16_t* b, float* c, int m, int n, int l, int wrong) {
  __shared__ __align__(16) uint16_t a_tile[16][16];
  __shared__ __align__(16) uint16_t b_tile[16][8];
  int lane = threadIdx.x, row0 = blockIdx.x * 16, col0 = blockIdx.y * 8;
  float acc[4] = {0, 0, 0, 0};
  for (int k0 = 0; k0 < l; k0 += 16) {
    for (int e = lane; e < 256; e += 32) {  // zero-filled outside the matrices
      int r = e / 16, k = e % 16;
      a_tile[r][k] = row0 + r < m && k0 + k < l ? a[(int64_t)(row0 + r) * l + k0 + k] : 0;
    }
    for (int e = lane; e < 128; e += 32) {
      int k = e / 8, col = e % 8;
      b_tile[k][col] = k0 + k < l && col0 + col < n ? b[(int64_t)(k0 + k) * n + col0 + col] : 0;
    }
    __syncwarp();
    uint32_t af[4], bf[2];
    ldmatrix_x4(af, &a_tile[lane % 16][(lane / 16) * 8]);
    ldmatrix_x2_trans(bf, &b_tile[lane % 16][0]);
    mma_m16n8k16_bf16(acc, af, bf);
    __syncwarp();
  }
  // C fragment: c0, c1 at row g, columns 2t, 2t+1; c2, c3 at row g + 8.
  int g = lane / 4, t = lane % 4;
  for (int i = 0; i < 4; ++i) {
    int row = row0 + g + (i >= 2 ? 8 : 0), col = col0 + 2 * t + (i & 1);
    if (wrong) row = row0 + g + (i >= 2 ? 0 : 8);
    if (row < m && col < n) c[(int64_t)row * n + col] = acc[i];
  }
}

uint16_t bfloat16_bits(float value) {  // round to nearest even (finite inputs)
  uint32_t bits;
  std::memcpy(&bits, &value, 4);
  bits += 0x7fff + ((bits >> 16) & 1);
  return static_cast<uint16_t>(bits >> 16);
}
double bfloat16_value(uint16_t bits) {
  uint32_t wide = static_cast<uint32_t>(bits) << 16;
  float value;
  std::memcpy(&value, &wide, 4);
  return value;
}

bool check(int m, int n, int l, bool wrong) {
  std::mt19937_64 random(12345);
  std::uniform_real_distribution<float> uniform(-1, 1);
  std::vector<uint16_t> a(static_cast<size_t>(m) * l), b(static_cast<size_t>(l) * n);
  for (auto& x : a) x = bfloat16_bits(uniform(random));
  for (auto& x : b) x = bfloat16_bits(uniform(random));
  uint16_t *da, *db;
  float* dc;
  cudaMalloc(&da, a.size() * 2);
  cudaMalloc(&db, b.size() * 2);
  cudaMalloc(&dc, static_cast<size_t>(m) * n * 4);
  cudaMemcpy(da, a.data(), a.size() * 2, cudaMemcpyHostToDevice);
  cudaMemcpy(db, b.data(), b.size() * 2, cudaMemcpyHostToDevice);
  cudaMemset(dc, 0, static_cast<size_t>(m) * n * 4);
  dim3 grid((m + 15) / 16, (n + 7) / 8);
  gemm_bf16<<<grid, 32>>>(da, db, dc, m, n, l, wrong ? 1 : 0);
  cudaError_t status = cudaDeviceSynchronize();
  std::vector<float> c(static_cast<size_t>(m) * n);
  cudaMemcpy(c.data(), dc, c.size() * 4, cudaMemcpyDeviceToHost);
  cudaFree(da);
  cudaFree(db);
  cudaFree(dc);
  if (status != cudaSuccess) {
    std::printf("%d x %d x %d: %s\n", m, n, l, cudaGetErrorString(status));
    return false;
  }
  std::vector<double> ref(c.size());
  double squares = 0;
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j) {
      double sum = 0;
      for (int k = 0; k < l; ++k) sum += bfloat16_value(a[(size_t)i * l + k]) * bfloat16_value(b[(size_t)k * n + j]);
      ref[(size_t)i * n + j] = sum;
      squares += sum * sum;
    }
  double rtol = 1e-3, atol = rtol * std::sqrt(squares / ref.size()), worst = 0;
  long mismatches = 0;
  for (size_t e = 0; e < ref.size(); ++e) {
    double error = std::fabs(c[e] - ref[e]);
    worst = std::max(worst, error);
    if (error > rtol * std::fabs(ref[e]) + atol) ++mismatches;
  }
  std::printf("%5d x %5d x %5d%s: %s, max abs error %.3g, %ld mismatches\n", m, n, l, wrong ? " (wrong mapping)" : "",
              mismatches ? "MISMATCH" : "ok", worst, mismatches);
  return mismatches == 0;
}

}  // namespace

int main(int argc, char** argv) {
  bool wrong = argc > 1 && std::strcmp(argv[1], "--wrong") == 0;
  int sizes[][3] = {{1, 1, 1}, {17, 17, 17}, {129, 129, 129}, {1000, 1000, 1000}, {3000, 5000, 700}};
  bool all_as_expected = true;
  for (auto& size : sizes) {
    bool passed = check(size[0], size[1], size[2], wrong);
    // Even at m = 1 a wrong mapping shows: row 0 gets the zero-filled rows' results.
    bool expected = wrong ? !passed : passed;
    all_as_expected = all_as_expected && expected;
  }
  return all_as_expected ? 0 : 1;
}
