// textured_quad.c's vertex shader: position and texture coordinate through.
vs_5_0
dcl_globalFlags refactoringAllowed
dcl_input v0.xy
dcl_input v1.xy
dcl_output_siv o0.xyzw, position
dcl_output o1.xy
.input  POSITION 0 v0.xy float
.input  TEXCOORD 0 v1.xy float
.output SV_Position 0 o0.xyzw float position
.output TEXCOORD 0 o1.xy float
mov o0.xy, v0.xyxx
mov o0.zw, l(0, 0, 0, 1.0)
mov o1.xy, v1.xyxx
ret
