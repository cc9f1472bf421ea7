#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
#define CL_TARGET_OPENCL_VERSION 120
int main(int argc,char**argv){
  FILE*f=fopen(argv[1],"r"); static char src[1<<20]; size_t len=fread(src,1,sizeof src,f); src[len]=0;
  int n=6,m=10;
  cl_platform_id p; clGetPlatformIDs(1,&p,0); cl_device_id d; clGetDeviceIDs(p,CL_DEVICE_TYPE_ALL,1,&d,0);
  cl_int e; cl_context c=clCreateContext(0,1,&d,0,0,&e); cl_command_queue q=clCreateCommandQueue(c,d,0,&e);
  const char*s=src; cl_program pr=clCreateProgramWithSource(c,1,&s,0,&e); e=clBuildProgram(pr,1,&d,"",0,0);
  if(e){char log[10000];clGetProgramBuildInfo(pr,d,CL_PROGRAM_BUILD_LOG,sizeof log,log,0);printf("%s\n",log);return 1;}
  cl_kernel k=clCreateKernel(pr,"fuzzed",&e);
  float a[100],o[6],z[16]={0}; for(int i=0;i<100;i++)a[i]=(i%7)*10.0f; for(int i=0;i<6;i++)o[i]=-7;
  cl_mem bz=clCreateBuffer(c,CL_MEM_READ_WRITE|CL_MEM_COPY_HOST_PTR,sizeof z,z,&e);
  cl_mem ba=clCreateBuffer(c,CL_MEM_READ_WRITE|CL_MEM_COPY_HOST_PTR,sizeof a,a,&e);
  cl_mem bo=clCreateBuffer(c,CL_MEM_READ_WRITE|CL_MEM_COPY_HOST_PTR,sizeof o,o,&e);
  clSetKernelArg(k,0,sizeof bz,&bz); clSetKernelArg(k,1,sizeof bz,&bz); clSetKernelArg(k,2,sizeof ba,&ba); clSetKernelArg(k,3,sizeof bz,&bz);
  clSetKernelArg(k,4,sizeof bo,&bo); clSetKernelArg(k,5,sizeof bz,&bz); clSetKernelArg(k,6,sizeof bz,&bz); clSetKernelArg(k,7,sizeof n,&n); clSetKernelArg(k,8,sizeof m,&m);
  size_t g=3,l=3; e=clEnqueueNDRangeKernel(q,k,1,0,&g,&l,0,0,0); if(e)printf("launch %d\n",e);
  clEnqueueReadBuffer(q,bo,1,0,sizeof o,o,0,0,0);
  for(int i=0;i<n;i++){double r=1; for(int kk=0;kk<m;kk++) r*=(1.0+0.01*a[i*m+kk]); printf("out0[%d]=%g expected %g\n",i,o[i],r);}
}
