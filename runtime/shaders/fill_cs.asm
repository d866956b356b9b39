// The fill shader of FillBuffers' compute route (specs/shaders.md).
// Root signature: b0 space 0 = 8 root constants, u0 space 0 = a root UAV (raw).
//   cb0[0].xyzw  the pattern as dwords (1- and 2-byte patterns already replicated)
//   cb0[1].x     byte offset of the first dword from the UAV's address
//   cb0[1].y     dword count
//   cb0[1].z     pattern dwords, 1 to 4
//   cb0[1].w     0
// Thread t (SV_DispatchThreadID.x) writes pattern[t % pattern dwords] at offset + 4t
// when t < dword count; 64 threads per group.
cs_5_1
dcl_globalFlags refactoringAllowed
dcl_constantbuffer CB0[0:0][2], immediateIndexed, space=0   // the root constants
dcl_uav_raw U0[0:0], space=0                                // the destination
dcl_input vThreadID.x                                       // t
dcl_temps 2
dcl_thread_group 64, 1, 1
uge r0.x, vThreadID.x, CB0[0][1].y          // r0.x = t >= dword count
retc_nz r0.x                                // threads past the end write nothing
udiv null, r0.x, vThreadID.x, CB0[0][1].z   // r0.x = t % pattern dwords
ieq r1.xyz, r0.xxxx, l(1, 2, 3, 0)          // r1 = which of pattern[1..3] it is
movc r0.y, r1.x, CB0[0][0].y, CB0[0][0].x   // r0.y = pattern[0] or pattern[1]
movc r0.y, r1.y, CB0[0][0].z, r0.y          // ... or pattern[2]
movc r0.y, r1.z, CB0[0][0].w, r0.y          // ... or pattern[3]
imad r0.z, vThreadID.x, l(4), CB0[0][1].x   // r0.z = byte offset + 4t
store_raw U0[0].x, r0.z, r0.y               // the dword
ret
