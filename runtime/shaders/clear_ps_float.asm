// Bound clears of float render targets (specs/shaders.md): root constants 0..3 to
// SV_Target0..7; the pipeline's render-target formats and write masks select targets.
// Root signature: b0 space 0 = 6 root constants (value[4], depth, array index).
ps_5_1
dcl_globalFlags refactoringAllowed
dcl_constantbuffer CB0[0:0][1], immediateIndexed, space=0   // the root constants
dcl_output o0.xyzw
dcl_output o1.xyzw
dcl_output o2.xyzw
dcl_output o3.xyzw
dcl_output o4.xyzw
dcl_output o5.xyzw
dcl_output o6.xyzw
dcl_output o7.xyzw
.output SV_Target 0 o0.xyzw float
.output SV_Target 1 o1.xyzw float
.output SV_Target 2 o2.xyzw float
.output SV_Target 3 o3.xyzw float
.output SV_Target 4 o4.xyzw float
.output SV_Target 5 o5.xyzw float
.output SV_Target 6 o6.xyzw float
.output SV_Target 7 o7.xyzw float
mov o0.xyzw, CB0[0][0].xyzw                 // value to render target 0
mov o1.xyzw, CB0[0][0].xyzw                 // ... 1
mov o2.xyzw, CB0[0][0].xyzw                 // ... 2
mov o3.xyzw, CB0[0][0].xyzw                 // ... 3
mov o4.xyzw, CB0[0][0].xyzw                 // ... 4
mov o5.xyzw, CB0[0][0].xyzw                 // ... 5
mov o6.xyzw, CB0[0][0].xyzw                 // ... 6
mov o7.xyzw, CB0[0][0].xyzw                 // ... 7
ret
