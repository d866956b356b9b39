// The full-viewport triangle of the runtime's bound clears (specs/shaders.md): vertex
// id 0, 1, 2 at (-1, 1), (3, 1), (-1, -3), z 0, w 1, covering the whole viewport.
// Root signature: b0 space 0 = 6 root constants (value[4], depth, array index); this
// shader reads the array index, cb0[1].y, into SV_RenderTargetArrayIndex.
vs_5_1
dcl_globalFlags refactoringAllowed
dcl_constantbuffer CB0[0:0][2], immediateIndexed, space=0   // the root constants
dcl_input_sgv v0.x, vertex_id
dcl_output_siv o0.xyzw, position
dcl_output_siv o1.x, rendertarget_array_index
dcl_temps 1
.input  SV_VertexID 0 v0.x uint vertex_id
.output SV_Position 0 o0.xyzw float position
.output SV_RenderTargetArrayIndex 0 o1.x uint rendertarget_array_index
ieq r0.xy, v0.xxxx, l(1, 2, 0, 0)           // r0.x = id == 1, r0.y = id == 2
movc o0.x, r0.x, l(3.0), l(-1.0)            // x = id == 1 ? 3 : -1
movc o0.y, r0.y, l(-3.0), l(1.0)            // y = id == 2 ? -3 : 1
mov o0.zw, l(0, 0, 0, 1.0)                  // z = 0, w = 1
mov o1.x, CB0[0][1].y                       // the render-target array index
ret
