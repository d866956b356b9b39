; ps_6_0: SV_Target = (CalculateLOD clamped, CalculateLOD unclamped, 0, 0) of TEXCOORD.xy on
; t0 (a 2D texture) with s0: the twin of test_agx_shader_tex's lod instruction.
;! input TEXCOORD 0 0 xy float
;! output SV_Target 0 0 xyzw float target
;! resource srv_typed 0 0 0
;! resource sampler 0 0 0
target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

%dx.types.Handle = type { i8* }
%"class.Texture2D<float>" = type { float, %"class.Texture2D<float>::mips_type" }
%"class.Texture2D<float>::mips_type" = type { i32 }
%struct.SamplerState = type { i32 }

define void @main() {
  %texture = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 0, i32 0, i32 0, i1 false)
  %sampler = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 3, i32 0, i32 0, i1 false)
  %u = call float @dx.op.loadInput.f32(i32 4, i32 0, i32 0, i8 0, i32 undef)
  %v = call float @dx.op.loadInput.f32(i32 4, i32 0, i32 0, i8 1, i32 undef)
  %clamped = call float @dx.op.calculateLOD.f32(i32 81, %dx.types.Handle %texture, %dx.types.Handle %sampler, float %u, float %v, float undef, i1 true)
  %raw = call float @dx.op.calculateLOD.f32(i32 81, %dx.types.Handle %texture, %dx.types.Handle %sampler, float %u, float %v, float undef, i1 false)
  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 0, float %clamped)
  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 1, float %raw)
  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 2, float 0.0)
  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 3, float 0.0)
  ret void
}

declare %dx.types.Handle @dx.op.createHandle(i32, i8, i32, i32, i1) #1
; loadInput(opcode, input signature ID, row, column, vertex index for GS inputs)
declare float @dx.op.loadInput.f32(i32, i32, i32, i8, i32) #0
; calculateLOD(opcode, handle, sampler, coord0, coord1, coord2, clamped)
declare float @dx.op.calculateLOD.f32(i32, %dx.types.Handle, %dx.types.Handle, float, float, float, i1) #1
; storeOutput(opcode, output signature ID, row, column, value)
declare void @dx.op.storeOutput.f32(i32, i32, i32, i8, float) #2

attributes #0 = { nounwind readnone }
attributes #1 = { nounwind readonly }
attributes #2 = { nounwind }

!dx.version = !{!0}
!dx.valver = !{!0}
!dx.shaderModel = !{!1}
!dx.resources = !{!2}
!dx.entryPoints = !{!11}

!0 = !{i32 1, i32 0}
!1 = !{!"ps", i32 6, i32 0}
!2 = !{!3, null, null, !5}
!3 = !{!4}
; SRV: ID, variable, name, space, lower bound, range size, shape (2: texture 2D), sample count, extra
!4 = !{i32 0, %"class.Texture2D<float>"* undef, !"t0", i32 0, i32 0, i32 1, i32 2, i32 0, null}
!5 = !{!6}
; sampler: ID, variable, name, space, lower bound, range size, type (0: default), extra
!6 = !{i32 0, %struct.SamplerState* undef, !"s0", i32 0, i32 0, i32 1, i32 0, null}
!11 = !{void ()* @main, !"main", !12, !2, null}
!12 = !{!13, !16, null}
!13 = !{!14}
; ID, name, component type (9: f32), semantic kind (0: arbitrary, 16: target), semantic
; indices, interpolation (2: linear), rows, columns, start row, start column, extra
!14 = !{i32 0, !"TEXCOORD", i8 9, i8 0, !15, i8 2, i32 1, i8 2, i32 0, i8 0, null}
!15 = !{i32 0}
!16 = !{!17}
!17 = !{i32 0, !"SV_Target", i8 9, i8 16, !15, i8 0, i32 1, i8 4, i32 0, i8 0, null}
