#!/usr/bin/env python3
"""Makes diagnostic variants of loom's generated bf16_gemm kernel (base.cu, from
`loom compile examples/tensor/bf16_gemm.json --target cuda`) to split its time on the GPU:
  nofetch  - the fetch copies removed (the products read whatever shared memory holds)
  nomma    - mma.sync replaced by an xor of the fragment words (the loads stay alive)
  vec      - the full tiles' fetch done with 16-byte global loads (a: 16-byte shared stores;
             b: eight 2-byte shared stores into the k-contiguous tile), all loads before any store
Timing only: vec assumes l % 32 == 0 and 16-byte aligned rows (n = 4096, 8192)."""
import re, sys

base = open('base.cu').read()

def write(name, text):
    open(name + '.cu', 'w').write(text)

# nofetch: every fetch copy becomes an empty statement.
write('nofetch', re.sub(r'\n\s*[ab]_fetch\[[^\n]*= [ab]\[[^\n]*;', '\n;', base))

# nomma: the helper's body no longer issues mma.sync.
nomma = base.replace('asm("mma.sync.aligned." SHAPE ".row.col.f32." TYPE "." TYPE ".f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, "  \\\n'
                     '        "{%8, %9}, {%0, %1, %2, %3};"                                                                      \\\n'
                     '        : "+f"(c[0]), "+f"(c[1]), "+f"(c[2]), "+f"(c[3])                                                    \\\n'
                     '        : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1));                                           \\\n',
                     'c[0] += __uint_as_float((a0 ^ a1 ^ a2 ^ a3 ^ b0 ^ b1) & 0x3f800000u);                                       \\\n')
assert nomma != base
write('nomma', nomma)

# vec: replace the first (full-tile) fetch region, between the loop's two barriers.
start = base.index('__syncthreads();', base.index('for (int32_t k_outer'))
end = base.index('__syncthreads();', start + 10)
vec_fetch = r'''__syncthreads();
      {
        const int32_t tid = threadIdx.x + 32 * (threadIdx.y + 2 * threadIdx.z);
        uint4 av[2], bv[2];
        for (int r = 0; r < 2; ++r) {
          int c = tid + 256 * r;
          av[r] = *(const uint4*) &a[(128 * i_group + c / 4) * l + 32 * k_outer + (c % 4) * 8];
          bv[r] = *(const uint4*) &b[(32 * k_outer + c / 16) * n + 128 * j_group + (c % 16) * 8];
        }
        for (int r = 0; r < 2; ++r) {
          int c = tid + 256 * r;
          *(uint4*) &a_fetch[(c / 4) * 40 + (c % 4) * 8] = av[r];
          const unsigned short* e = (const unsigned short*) &bv[r];
          for (int x = 0; x < 8; ++x) b_fetch[c / 16 + ((c % 16) * 8 + x) * 40] = e[x];
        }
      }
      '''
write('vec', base[:start] + vec_fetch + base[end:])
write('vec_nomma', nomma[:nomma.index('__syncthreads();', nomma.index('for (int32_t k_outer'))] + vec_fetch +
      nomma[nomma.index('__syncthreads();', nomma.index('__syncthreads();', nomma.index('for (int32_t k_outer')) + 10):])
write('base', base)

# bj.cu: the spec with the b tile j-contiguous (tag_array_axes b_fetch "stride:136, stride:1"),
# whose fragments are two 2-byte loads each; bj_vec: its fetch with 16-byte loads and stores.
bj = open('bj.cu').read()
start = bj.index('__syncthreads();', bj.index('for (int32_t k_outer'))
end = bj.index('__syncthreads();', start + 10)
bj_fetch = vec_fetch.replace(
    '''const unsigned short* e = (const unsigned short*) &bv[r];
          for (int x = 0; x < 8; ++x) b_fetch[c / 16 + ((c % 16) * 8 + x) * 40] = e[x];''',
    '*(uint4*) &b_fetch[(c / 16) * 136 + (c % 16) * 8] = bv[r];')
assert bj_fetch != vec_fetch
write('bj_vec', bj[:start] + bj_fetch + bj[end:])
write('bj_nofetch', re.sub(r'\n\s*[ab]_fetch\[[^\n]*= [ab]\[[^\n]*;', '\n;', bj))

# avec: only the a tile fetched with 16-byte loads and stores (b as generated).
# vec2: a as in avec; b with 16-byte loads whose 32 lanes take 32 consecutive k rows, so the
# eight 2-byte stores of each load go to consecutive halfwords of the k-contiguous tile
# (conflict-free), the layout the word fragments need.
a_only = r'''__syncthreads();
      {
        const int32_t tid = threadIdx.x + 32 * (threadIdx.y + 2 * threadIdx.z);
        uint4 av[2];
        for (int r = 0; r < 2; ++r) {
          int c = tid + 256 * r;
          av[r] = *(const uint4*) &a[(128 * i_group + c / 4) * l + 32 * k_outer + (c % 4) * 8];
        }
        for (int r = 0; r < 2; ++r) {
          int c = tid + 256 * r;
          *(uint4*) &a_fetch[(c / 4) * 40 + (c % 4) * 8] = av[r];
        }
      }
      '''
start = base.index('__syncthreads();', base.index('for (int32_t k_outer'))
end = base.index('__syncthreads();', start + 10)
b_region_start = base.index('for (int32_t b_row_outer', start)
b_region_end = base.index('if (l >= a_col', b_region_start)
a_region_end = end
avec = base[:start] + a_only + base[b_region_start:b_region_end] + '\n      ' + base[a_region_end:]
write('avec', avec)
vec2_fetch = r'''__syncthreads();
      {
        const int32_t tid = threadIdx.x + 32 * (threadIdx.y + 2 * threadIdx.z);
        uint4 av[2], bv[2];
        for (int r = 0; r < 2; ++r) {
          int c = tid + 256 * r;
          av[r] = *(const uint4*) &a[(128 * i_group + c / 4) * l + 32 * k_outer + (c % 4) * 8];
          bv[r] = *(const uint4*) &b[(32 * k_outer + c % 32) * n + 128 * j_group + (c / 32) * 8];
        }
        for (int r = 0; r < 2; ++r) {
          int c = tid + 256 * r;
          *(uint4*) &a_fetch[(c / 4) * 40 + (c % 4) * 8] = av[r];
          const unsigned short* e = (const unsigned short*) &bv[r];
          for (int x = 0; x < 8; ++x) b_fetch[c % 32 + ((c / 32) * 8 + x) * 40] = e[x];
        }
      }
      '''
write('vec2', base[:start] + vec2_fetch + base[end:])

# vec2p: vec2 with the next k tile's 16-byte loads issued right after the second barrier, before
# the products, and stored at the top of the next iteration (register double-buffering).
loads = r'''{
          for (int r = 0; r < 2; ++r) {
            int c = tid + 256 * r;
            av[r] = *(const uint4*) &a[(128 * i_group + c / 4) * l + 32 * KO + (c % 4) * 8];
            bv[r] = *(const uint4*) &b[(32 * KO + c % 32) * n + 128 * j_group + (c / 32) * 8];
          }
        }'''
vec2p_fetch = r'''__syncthreads();
      if (k_outer == 0) ''' + loads.replace('KO', 'k_outer') + r'''
      for (int r = 0; r < 2; ++r) {
        int c = tid + 256 * r;
        *(uint4*) &a_fetch[(c / 4) * 40 + (c % 4) * 8] = av[r];
        const unsigned short* e = (const unsigned short*) &bv[r];
        for (int x = 0; x < 8; ++x) b_fetch[c % 32 + ((c / 32) * 8 + x) * 40] = e[x];
      }
      __syncthreads();
      if (32 * (k_outer + 1) < l) ''' + loads.replace('KO', '(k_outer + 1)') + '\n'
loop = base.index('for (int32_t k_outer')
vec2p = (base[:loop] + 'const int32_t tid = threadIdx.x + 32 * (threadIdx.y + 2 * threadIdx.z);\n    uint4 av[2], bv[2];\n    ' +
         base[loop:start] + vec2p_fetch + base[end + len('__syncthreads();'):])
write('vec2p', vec2p)

# vec2p_b128: vec2p with b's eight 2-byte transposing stores replaced by one 16-byte store of the
# j-contiguous row piece (the products then read a wrongly laid out b: timing only). It bounds what
# a j-contiguous b tile with transposing fragment loads (ldmatrix.trans) could give if those loads
# cost what the word loads cost.
b_scatter = '''const unsigned short* e = (const unsigned short*) &bv[r];
        for (int x = 0; x < 8; ++x) b_fetch[c % 32 + ((c / 32) * 8 + x) * 40] = e[x];'''
assert b_scatter in vec2p
write('vec2p_b128', vec2p.replace(b_scatter, '*(uint4*) &b_fetch[(c % 32) * 136 + (c / 32) * 8] = bv[r];'))

# vec2p_words / vec2p_ldsm: vec2p with the products written by hand for full k tiles (no k-edge
# masks): fragment words by 32-bit loads as loom does (words), or by ldmatrix.x4 once per k step
# for all tiles (ldsm: 8 for a, 4 for b per warp and k step of 32, instead of 48 loads).
def replace_products(text, body):
    loop = text.index('for (int32_t k_outer')
    first = text.index('if (0 <= -2 * k_outer + (l - 1) / 16)', loop)
    depth, i = 0, text.index('{', loop)
    while True:
        if text[i] == '{': depth += 1
        elif text[i] == '}':
            depth -= 1
            if depth == 0: break
        i += 1
    return text[:first] + body + '\n    ' + text[i:]

words = r'''{
        const int lane = threadIdx.x % 32;
        #pragma unroll
        for (int ks = 0; ks < 2; ++ks) {
          uint32_t fa[4][4], fb[4][2];
          #pragma unroll
          for (int ir = 0; ir < 4; ++ir)
            #pragma unroll
            for (int r = 0; r < 4; ++r)
              fa[ir][r] = *(const uint32_t*) &a_fetch[(lane / 4 + 8 * (r % 2) + 16 * ir + 64 * i_warp) * 40 + 2 * (lane % 4) + 8 * (r / 2) + 16 * ks];
          #pragma unroll
          for (int jr = 0; jr < 4; ++jr)
            #pragma unroll
            for (int r = 0; r < 2; ++r)
              fb[jr][r] = *(const uint32_t*) &b_fetch[(lane / 4 + 8 * jr + 32 * j_warp) * 40 + 2 * (lane % 4) + 8 * r + 16 * ks];
          #pragma unroll
          for (int ir = 0; ir < 4; ++ir)
            #pragma unroll
            for (int jr = 0; jr < 4; ++jr)
              loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 16 * ir + 4 * jr, fa[ir][0], fa[ir][1], fa[ir][2], fa[ir][3], fb[jr][0], fb[jr][1]);
        }
      }'''
ldsm = r'''{
        const int lane = threadIdx.x % 32;
        #pragma unroll
        for (int ks = 0; ks < 2; ++ks) {
          uint32_t fa[4][4], fb[4][2];
          #pragma unroll
          for (int ir = 0; ir < 4; ++ir) {
            uint32_t address = (uint32_t) __cvta_generic_to_shared(&a_fetch[(16 * ir + 64 * i_warp + lane % 16) * 40 + 16 * ks + (lane / 16) * 8]);
            asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];"
                         : "=r"(fa[ir][0]), "=r"(fa[ir][1]), "=r"(fa[ir][2]), "=r"(fa[ir][3]) : "r"(address));
          }
          #pragma unroll
          for (int jp = 0; jp < 2; ++jp) {
            // matrices: (j rows 16jp..+7, k 0-7), (same rows, k 8-15), (rows +8, k 0-7), (rows +8, k 8-15)
            uint32_t address = (uint32_t) __cvta_generic_to_shared(&b_fetch[(16 * jp + 8 * (lane / 16) + lane % 8 + 32 * j_warp) * 40 + 16 * ks + 8 * ((lane / 8) % 2)]);
            asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];"
                         : "=r"(fb[2 * jp][0]), "=r"(fb[2 * jp][1]), "=r"(fb[2 * jp + 1][0]), "=r"(fb[2 * jp + 1][1]) : "r"(address));
          }
          #pragma unroll
          for (int ir = 0; ir < 4; ++ir)
            #pragma unroll
            for (int jr = 0; jr < 4; ++jr)
              loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 16 * ir + 4 * jr, fa[ir][0], fa[ir][1], fa[ir][2], fa[ir][3], fb[jr][0], fb[jr][1]);
        }
      }'''
write('vec2p_words', replace_products(vec2p, words))
write('vec2p_ldsm', replace_products(vec2p, ldsm))
