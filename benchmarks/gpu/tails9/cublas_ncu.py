#!/usr/bin/env python3
"""One cuBLAS SGEMM (torch.mm, TF32 off) of shape M N K after the inputs are made, for ncu -c 1."""
import sys
import torch
torch.backends.cuda.matmul.allow_tf32 = False
M, N, K = (int(v) for v in sys.argv[1:4])
A = torch.randn(M, K, device="cuda"); B = torch.randn(K, N, device="cuda")
torch.cuda.synchronize()
C = torch.mm(A, B)
torch.cuda.synchronize()
