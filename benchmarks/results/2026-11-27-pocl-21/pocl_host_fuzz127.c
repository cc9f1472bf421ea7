// Reproducer of fuzz seed 127001020 on PoCL 3.1 (Debian 12): a private max accumulator initialized only where
// `i_inner % 2 == 0`, live across the prefetch's local barriers. Build: gcc -O1 pocl_host_fuzz127.c -o host -lOpenCL -lm;
// POCL_KERNEL_CACHE=0 ./host pocl_fuzz127_private_max_uninitialized.cl gives "5 bad" (every out0 0); with -cl-opt-disable
// or on pocl_fuzz127_private_max_zero_initialized.cl (`float acc_k = 0.0f;`, as loom prints it since) "0 bad".
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
int main(int argc, char** argv) {
  const char* file = argv[1]; const char* opts = argc > 2 ? argv[2] : "";
  FILE* f = fopen(file, "rb"); fseek(f, 0, SEEK_END); long len = ftell(f); rewind(f);
  char* src = malloc(len + 1); fread(src, 1, len, f); src[len] = 0;
  cl_platform_id p; clGetPlatformIDs(1, &p, NULL); cl_device_id d; clGetDeviceIDs(p, CL_DEVICE_TYPE_ALL, 1, &d, NULL);
  cl_context c = clCreateContext(NULL, 1, &d, NULL, NULL, NULL); cl_command_queue q = clCreateCommandQueue(c, d, 0, NULL);
  cl_program pr = clCreateProgramWithSource(c, 1, (const char**)&src, NULL, NULL);
  if (clBuildProgram(pr, 1, &d, opts, NULL, NULL)) { printf("build failed\n"); return 1; }
  cl_kernel k = clCreateKernel(pr, "fuzzed", NULL);
  int n = 10, m = 11; float x[10], y[11], a[121], b[121], o0[10]={0};
  srand(1); for (int i=0;i<11;++i) y[i]=rand()/(float)RAND_MAX-0.5f; for (int i=0;i<121;++i) a[i]=rand()/(float)RAND_MAX-0.5f;
  float* host[5] = {x, y, a, b, o0}; size_t sz[5] = {40, 44, 484, 484, 40}; cl_mem bufs[5];
  for (int i = 0; i < 5; ++i) { bufs[i] = clCreateBuffer(c, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sz[i], host[i], NULL); clSetKernelArg(k, i, sizeof(cl_mem), &bufs[i]); }
  clSetKernelArg(k, 5, sizeof(int), &n); clSetKernelArg(k, 6, sizeof(int), &m);
  size_t g = 14, l = 7; clEnqueueNDRangeKernel(q, k, 1, NULL, &g, &l, 0, NULL, NULL);
  clEnqueueReadBuffer(q, bufs[4], CL_TRUE, 0, 40, o0, 0, NULL, NULL);
  int bad = 0;
  for (int i = 0; i < n; i += 2) { float r = -INFINITY; for (int kk = 0; kk < m; ++kk) r = fmaxf(r, a[i*m+kk]*y[kk]); if (fabsf(r - o0[i]) > 1e-4) { bad++; printf("i=%d got %g want %g\n", i, o0[i], r);} }
  printf("opts '%s': %d bad\n", opts, bad);
  return 0;
}
