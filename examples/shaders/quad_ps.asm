// textured_quad.c's pixel shader: samples t0 with s0 (a static point sampler that wraps).
ps_5_0
dcl_globalFlags refactoringAllowed
dcl_sampler s0, mode_default
dcl_resource_texture2d (float,float,float,float) t0
dcl_input_ps_siv linear noperspective v0.xyzw, position
dcl_input_ps linear v1.xy
dcl_output o0.xyzw
.input  SV_Position 0 v0.xyzw float position
.input  TEXCOORD 0 v1.xy float
.output SV_Target 0 o0.xyzw float
sample o0.xyzw, v1.xyxx, t0.xyzw, s0
ret
