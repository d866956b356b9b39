// compute.c's kernel: out[t] = t * scale + bias for t < count, 64 threads a group.
// Root signature: b0 = a constant buffer view {scale, bias, count, 0}; u0 = the output
// buffer (raw).
cs_5_0
dcl_globalFlags refactoringAllowed
dcl_constantbuffer cb0[1], immediateIndexed     // scale, bias, count
dcl_uav_raw u0                                  // the output
dcl_input vThreadID.x
dcl_temps 2
dcl_thread_group 64, 1, 1
uge r0.x, vThreadID.x, cb0[0].z                 // past the end?
retc_nz r0.x
imad r0.x, vThreadID.x, cb0[0].x, cb0[0].y      // t * scale + bias
ishl r1.x, vThreadID.x, l(2)                    // byte offset 4t
store_raw u0.x, r1.x, r0.x
ret
