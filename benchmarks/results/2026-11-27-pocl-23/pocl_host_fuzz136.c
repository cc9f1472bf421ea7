// Host for fuzz seed 136000751's kernel (one group of 8, n = 9, m = 10): out1[i][j] = sum_k b[i][k] + a[j][k] + a[i][j], j <= i.
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <unistd.h>
int main(int argc, char** argv) {
  alarm(60);
  const char* file = argv[1]; const char* opts = argc > 2 ? argv[2] : "";
  FILE* f = fopen(file, "rb"); fseek(f, 0, SEEK_END); long len = ftell(f); rewind(f);
  char* src = malloc(len + 1); fread(src, 1, len, f); src[len] = 0;
  cl_platform_id p; clGetPlatformIDs(1, &p, NULL); cl_device_id d; clGetDeviceIDs(p, CL_DEVICE_TYPE_ALL, 1, &d, NULL);
  cl_context c = clCreateContext(NULL, 1, &d, NULL, NULL, NULL); cl_command_queue q = clCreateCommandQueue(c, d, 0, NULL);
  cl_program pr = clCreateProgramWithSource(c, 1, (const char**)&src, NULL, NULL);
  if (clBuildProgram(pr, 1, &d, opts, NULL, NULL)) { char log[20000]; clGetProgramBuildInfo(pr, d, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL); printf("build failed %s\n", log); return 1; }
  printf("built\n"); fflush(stdout);
  cl_kernel k = clCreateKernel(pr, "fuzzed", NULL);
  int n = 9, m = 10; static float x[9], y[10], a[100], b[100], o0[90], o1[90], o2[9], o3[9];
  srand(1); for (int i=0;i<100;++i) { a[i]=rand()/(float)RAND_MAX-0.5f; b[i]=rand()/(float)RAND_MAX-0.5f; }
  float* host[8] = {x, y, a, b, o0, o1, o2, o3}; size_t sz[8] = {36, 40, 400, 400, 360, 360, 36, 36}; cl_mem bufs[8];
  for (int i = 0; i < 8; ++i) { bufs[i] = clCreateBuffer(c, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sz[i], host[i], NULL); clSetKernelArg(k, i, sizeof(cl_mem), &bufs[i]); }
  clSetKernelArg(k, 8, sizeof(int), &n); clSetKernelArg(k, 9, sizeof(int), &m);
  size_t g = 8, l = 8; clEnqueueNDRangeKernel(q, k, 1, NULL, &g, &l, 0, NULL, NULL);
  clEnqueueReadBuffer(q, bufs[5], CL_TRUE, 0, 360, o1, 0, NULL, NULL);
  int bad = 0;
  for (int i = 0; i < n; i++) for (int j = 0; j <= i; ++j) { float r = 0; for (int kk = 0; kk < m; ++kk) r += b[i*m+kk] + a[j*m+kk] + a[i*m+j]; if (fabsf(r - o1[i*m+j]) > 1e-3) bad++; }
  printf("opts '%s': %d bad\n", opts, bad);
  return 0;
}
