// triangle.c's vertex shader: passes the position and colour through.
vs_5_0
dcl_globalFlags refactoringAllowed
dcl_input v0.xyz
dcl_input v1.xyzw
dcl_output_siv o0.xyzw, position
dcl_output o1.xyzw
.input  POSITION 0 v0.xyz float
.input  COLOR 0 v1.xyzw float
.output SV_Position 0 o0.xyzw float position
.output COLOR 0 o1.xyzw float
mov o0.xyz, v0.xyzx
mov o0.w, l(1.0)
mov o1.xyzw, v1.xyzw
ret
