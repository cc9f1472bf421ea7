// Reproducer of a PoCL 3.1 (Debian 12) optimizer miscompilation: fuzz seed 128000633's kernel as loom prints it
// (pocl_fuzz128_private_accumulator_array.cl, valid OpenCL C) run on n = m = 2 with every input 1.0: out1 must be 2 2;
// PoCL gives 5 2 with default options and 2 2 with -cl-opt-disable (docs/decisions.md, "Two PoCL
// miscompilations found by the fuzzer").
// Build: gcc -O1 pocl_host_fuzz128.c -o host -lOpenCL; run in this folder: POCL_KERNEL_CACHE=0 ./host ""; ./host -cl-opt-disable
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
int main(int argc, char** argv) {
  const char* opts = argc > 1 ? argv[1] : "";
  FILE* f = fopen("pocl_fuzz128_private_accumulator_array.cl", "rb"); fseek(f, 0, SEEK_END); long len = ftell(f); rewind(f);
  char* src = malloc(len + 1); fread(src, 1, len, f); src[len] = 0;
  cl_platform_id p; clGetPlatformIDs(1, &p, NULL); cl_device_id d; clGetDeviceIDs(p, CL_DEVICE_TYPE_ALL, 1, &d, NULL);
  cl_context c = clCreateContext(NULL, 1, &d, NULL, NULL, NULL); cl_command_queue q = clCreateCommandQueue(c, d, 0, NULL);
  cl_program pr = clCreateProgramWithSource(c, 1, (const char**)&src, NULL, NULL);
  if (clBuildProgram(pr, 1, &d, opts, NULL, NULL)) { printf("build failed\n"); return 1; }
  cl_kernel k = clCreateKernel(pr, "fuzzed", NULL);
  int n = 2, m = 2; float x[2]={1,1}, y[2]={1,1}, a[4]={1,1,1,1}, b[4]={1,1,1,1}, o0[2]={0}, o1[2]={0}, o2[2]={0}, o3[2]={0};
  float* host[8] = {x, y, a, b, o0, o1, o2, o3}; size_t sz[8] = {8, 8, 16, 16, 8, 8, 8, 8}; cl_mem bufs[8];
  for (int i = 0; i < 8; ++i) { bufs[i] = clCreateBuffer(c, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sz[i], host[i], NULL); clSetKernelArg(k, i, sizeof(cl_mem), &bufs[i]); }
  clSetKernelArg(k, 8, sizeof(int), &n); clSetKernelArg(k, 9, sizeof(int), &m);
  size_t g = 1, l = 1; clEnqueueNDRangeKernel(q, k, 1, NULL, &g, &l, 0, NULL, NULL);
  clEnqueueReadBuffer(q, bufs[5], CL_TRUE, 0, 8, o1, 0, NULL, NULL);
  printf("opts '%s': out1 = %g %g (expected 2 2)\n", opts, o1[0], o1[1]);
  return 0;
}
