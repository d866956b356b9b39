// Bound clears of depth (specs/shaders.md): SV_Depth = root constant 4; no colour.
// Root signature: b0 space 0 = 6 root constants (value[4], depth, array index).
ps_5_1
dcl_globalFlags refactoringAllowed
dcl_constantbuffer CB0[0:0][2], immediateIndexed, space=0   // the root constants
dcl_output oDepth
.output SV_Depth 0 oDepth float depth
mov oDepth, CB0[0][1].x                     // the depth value
ret
