// triangle.c's pixel shader: the interpolated colour.
ps_5_0
dcl_globalFlags refactoringAllowed
dcl_input_ps_siv linear noperspective v0.xyzw, position
dcl_input_ps linear v1.xyzw
dcl_output o0.xyzw
.input  SV_Position 0 v0.xyzw float position
.input  COLOR 0 v1.xyzw float
.output SV_Target 0 o0.xyzw float
mov o0.xyzw, v1.xyzw
ret
