#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include "bench/timing.h"
void dp_loop(unsigned char *d, const unsigned char *s, size_t n, long it);
void fm_loop(unsigned char *d, const unsigned char *s, size_t n, long it);
void fi_loop(unsigned char *d, const unsigned char *s, size_t n, long it);
static double t(void (*f)(unsigned char*,const unsigned char*,size_t,long), unsigned char *d, const unsigned char *s, size_t n){
  double best=1e30; for(int r=0;r<15;r++){ double t0=now_ns(); f(d,s,n,20000); t0=(now_ns()-t0)/20000; if(t0<best)best=t0;} return best; }
int main(int argc,char**argv){
  unsigned char *S=mmap(0,1<<20,3,MAP_PRIVATE|MAP_ANONYMOUS,-1,0), *D=mmap(0,1<<20,3,MAP_PRIVATE|MAP_ANONYMOUS,-1,0);
  memset(S,1,1<<20); memset(D,2,1<<20);
  size_t sizes[]={97,129,160,193,224,256,257,300,385,448,512,600,769,1023};
  long so[]={3,0,0,3}, doff[]={2065,2048,2065,2048};
  for(int a=0;a<4;a++){ printf("src%%64=%ld dst=%ld:", so[a], doff[a]);
    for(unsigned k=0;k<sizeof sizes/sizeof sizes[0];k++){ size_t n=sizes[k]; double f=t(fm_loop,D+doff[a],S+so[a],n), q=t(fi_loop,D+doff[a],S+so[a],n), p=t(dp_loop,D+doff[a],S+so[a],n); printf(" %zu:%.2f/%.2f/%.2f", n, f, q, p);} printf("\n"); }
}
