// Reproducer of fuzz seed 129000440 on PoCL 3.1 (Debian 12): the kernel loom prints (one group of 4, n = m = 13).
// The first unrolled copy's `if (k_inner == 0)` region between two barriers never runs, so out0[4 i] stays 0.
// Build: gcc -O1 pocl_host_fuzz129.c -o host -lOpenCL -lm; run: POCL_KERNEL_CACHE=0 ./host pocl_fuzz129_first_copy_lid0_region_skipped.cl
// ("4 bad"); with -cl-opt-disable as second argument, with POCL_WORK_GROUP_METHOD=repl, or on
// pocl_fuzz129_first_copy_in_uniform_if.cl (the same region inside an always-true `if (n >= 4 i_outer + 1)`): "0 bad".
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
  int n = 13, m = 13; float x[13], y[13], a[169], b[169], o[13]={0};
  srand(1); for (int i=0;i<13;++i) y[i]=rand()/(float)RAND_MAX-0.5f; for (int i=0;i<169;++i) a[i]=rand()/(float)RAND_MAX-0.5f;
  float* host[8] = {x, y, a, b, o, o, o, o}; size_t sz[8] = {52, 52, 676, 676, 52, 52, 52, 52}; cl_mem bufs[8];
  for (int i = 0; i < 8; ++i) { bufs[i] = clCreateBuffer(c, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sz[i], host[i], NULL); clSetKernelArg(k, i, sizeof(cl_mem), &bufs[i]); }
  clSetKernelArg(k, 8, sizeof(int), &n); clSetKernelArg(k, 9, sizeof(int), &m);
  size_t g = 4, l = 4; clEnqueueNDRangeKernel(q, k, 1, NULL, &g, &l, 0, NULL, NULL);
  clEnqueueReadBuffer(q, bufs[4], CL_TRUE, 0, 52, o, 0, NULL, NULL);
  int bad = 0;
  for (int i = 0; i < n; i++) { float r = 0; for (int kk = 0; kk < m; ++kk) r += a[i*m+kk]*y[kk]; if (fabsf(r - o[i]) > 1e-4) { bad++; printf("i=%d got %g want %g\n", i, o[i], r);} }
  printf("opts '%s': %d bad\n", opts, bad);
  return 0;
}
