#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
int main(int argc,char**argv){
  FILE*f=fopen(argv[1],"r"); static char src[1<<20]; size_t len=fread(src,1,sizeof src,f); src[len]=0;
  int n=11,m=11;
  cl_platform_id p; clGetPlatformIDs(1,&p,0); cl_device_id d; clGetDeviceIDs(p,CL_DEVICE_TYPE_ALL,1,&d,0);
  cl_int e; cl_context c=clCreateContext(0,1,&d,0,0,&e); cl_command_queue q=clCreateCommandQueue(c,d,0,&e);
  const char*s=src; cl_program pr=clCreateProgramWithSource(c,1,&s,0,&e); e=clBuildProgram(pr,1,&d,"",0,0);
  if(e){char log[10000];clGetProgramBuildInfo(pr,d,CL_PROGRAM_BUILD_LOG,sizeof log,log,0);printf("%s\n",log);return 1;}
  cl_kernel k=clCreateKernel(pr,"fuzzed",&e);
  float x[11],y[11],a[121],b[121],o0[11],o1[11];
  for(int i=0;i<121;i++){a[i]=(i%7)-3.0f; b[i]=(i%5)*0.1f;} for(int i=0;i<11;i++){x[i]=i*0.1f;y[i]=0;o0[i]=-7;o1[i]=-7;}
  cl_mem bx=clCreateBuffer(c,CL_MEM_READ_WRITE|CL_MEM_COPY_HOST_PTR,sizeof x,x,&e);
  cl_mem by=clCreateBuffer(c,CL_MEM_READ_WRITE|CL_MEM_COPY_HOST_PTR,sizeof y,y,&e);
  cl_mem ba=clCreateBuffer(c,CL_MEM_READ_WRITE|CL_MEM_COPY_HOST_PTR,sizeof a,a,&e);
  cl_mem bb=clCreateBuffer(c,CL_MEM_READ_WRITE|CL_MEM_COPY_HOST_PTR,sizeof b,b,&e);
  cl_mem bo0=clCreateBuffer(c,CL_MEM_READ_WRITE|CL_MEM_COPY_HOST_PTR,sizeof o0,o0,&e);
  cl_mem bo1=clCreateBuffer(c,CL_MEM_READ_WRITE|CL_MEM_COPY_HOST_PTR,sizeof o1,o1,&e);
  clSetKernelArg(k,0,sizeof bx,&bx); clSetKernelArg(k,1,sizeof by,&by); clSetKernelArg(k,2,sizeof ba,&ba); clSetKernelArg(k,3,sizeof bb,&bb);
  clSetKernelArg(k,4,sizeof bo0,&bo0); clSetKernelArg(k,5,sizeof bo1,&bo1); clSetKernelArg(k,6,sizeof n,&n); clSetKernelArg(k,7,sizeof m,&m);
  size_t g=6,l=1; e=clEnqueueNDRangeKernel(q,k,1,0,&g,&l,0,0,0); if(e)printf("launch %d\n",e);
  clEnqueueReadBuffer(q,bo0,1,0,sizeof o0,o0,0,0,0);
  for(int i=0;i<n;i++){double r=1; for(int kk=0;kk<m;kk++) r*=(1.0+0.01*a[i*m+kk]); printf("out0[%d]=%g expected %g\n",i,o0[i],r);}
}
