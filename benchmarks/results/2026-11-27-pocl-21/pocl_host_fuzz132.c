// Reproducer of fuzz seed 132000573 on PoCL 3.1 (Debian 12): two loops over i, each a tree reduction over k on l.0
// ending with `if (k_inner == 0) { ... out[i] = ... }` after a barrier; the first loop's outputs are wrong (out0 here).
// Build: gcc -O1 pocl_host_fuzz132.c -o host -lOpenCL -lm; POCL_KERNEL_CACHE=0 ./host pocl_fuzz132_work_item_zero_region_ending_a_loop.cl
// gives "7 bad"; with -cl-opt-disable as second argument "0 bad"; the same without the zero initializers.
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
  int n = 7, m = 8; float x[13], y[13], a[169], b[169], o[13]={0};
  srand(1); for (int i=0;i<169;++i) b[i]=0; for (int i=0;i<13;++i) y[i]=rand()/(float)RAND_MAX-0.5f; for (int i=0;i<169;++i) a[i]=rand()/(float)RAND_MAX-0.5f;
  float* host[7] = {x, y, a, b, o, o, o}; size_t sz[7] = {52, 52, 676, 676, 52, 52, 52}; cl_mem bufs[7];
  for (int i = 0; i < 7; ++i) { bufs[i] = clCreateBuffer(c, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sz[i], host[i], NULL); clSetKernelArg(k, i, sizeof(cl_mem), &bufs[i]); }
  clSetKernelArg(k, 7, sizeof(int), &n); clSetKernelArg(k, 8, sizeof(int), &m);
  size_t g = 8, l = 8; clEnqueueNDRangeKernel(q, k, 1, NULL, &g, &l, 0, NULL, NULL);
  clEnqueueReadBuffer(q, bufs[4], CL_TRUE, 0, 52, o, 0, NULL, NULL);
  int bad = 0;
  for (int i = 0; i < n; i++) { float r = 0; for (int kk = 0; kk < m; ++kk) r += a[i*m+kk]*y[kk]; if (fabsf(r - o[i]) > 1e-4) { bad++; printf("i=%d got %g want %g\n", i, o[i], r);} }
  printf("opts '%s': %d bad\n", opts, bad);
  return 0;
}
