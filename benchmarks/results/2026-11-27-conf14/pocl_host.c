#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
int main(int argc,char**argv){
  FILE*f=fopen(argv[1],"r"); static char src[1<<20]; size_t len=fread(src,1,sizeof src,f); src[len]=0;
  int n=atoi(argv[2]);
  cl_platform_id p; clGetPlatformIDs(1,&p,0); cl_device_id d; clGetDeviceIDs(p,CL_DEVICE_TYPE_ALL,1,&d,0);
  cl_int e; cl_context c=clCreateContext(0,1,&d,0,0,&e); cl_command_queue q=clCreateCommandQueue(c,d,0,&e);
  const char*s=src; cl_program pr=clCreateProgramWithSource(c,1,&s,0,&e); e=clBuildProgram(pr,1,&d,"",0,0);
  if(e){char log[10000];clGetProgramBuildInfo(pr,d,CL_PROGRAM_BUILD_LOG,sizeof log,log,0);printf("%s\n",log);return 1;}
  cl_kernel k=clCreateKernel(pr,argv[3],&e);
  double A[64],x[8],y[8]; for(int i=0;i<64;i++)A[i]=i+1; for(int i=0;i<8;i++){x[i]=-7;y[i]=-9;}
  cl_mem bA=clCreateBuffer(c,CL_MEM_READ_WRITE|CL_MEM_COPY_HOST_PTR,sizeof A,A,&e);
  cl_mem bx=clCreateBuffer(c,CL_MEM_READ_WRITE|CL_MEM_COPY_HOST_PTR,sizeof x,x,&e);
  cl_mem by=clCreateBuffer(c,CL_MEM_READ_WRITE|CL_MEM_COPY_HOST_PTR,sizeof y,y,&e);
  clSetKernelArg(k,0,sizeof bA,&bA); clSetKernelArg(k,1,sizeof bx,&bx); clSetKernelArg(k,2,sizeof by,&by); clSetKernelArg(k,3,sizeof n,&n);
  size_t g=4,l=4; e=clEnqueueNDRangeKernel(q,k,1,0,&g,&l,0,0,0); if(e)printf("launch %d\n",e);
  clEnqueueReadBuffer(q,bx,1,0,sizeof x,x,0,0,0); clEnqueueReadBuffer(q,by,1,0,sizeof y,y,0,0,0);
  for(int i=0;i<n;i++)printf("x[%d]=%g y[%d]=%g\n",i,x[i],i,y[i]);
}
