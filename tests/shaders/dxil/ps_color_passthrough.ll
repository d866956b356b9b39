; ps_6_0: SV_Target = COLOR (a float4 interpolated input at v1; SV_Position at v0).
;! input SV_Position 0 0 xyzw float position
;! input COLOR 0 1 xyzw float
;! output SV_Target 0 0 xyzw float target
target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

define void @main() {
  %r = call float @dx.op.loadInput.f32(i32 4, i32 1, i32 0, i8 0, i32 undef)
  %g = call float @dx.op.loadInput.f32(i32 4, i32 1, i32 0, i8 1, i32 undef)
  %b = call float @dx.op.loadInput.f32(i32 4, i32 1, i32 0, i8 2, i32 undef)
  %a = call float @dx.op.loadInput.f32(i32 4, i32 1, i32 0, i8 3, i32 undef)
  %a_saturated = call float @dx.op.unary.f32(i32 7, float %a)
  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 0, float %r)
  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 1, float %g)
  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 2, float %b)
  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 3, float %a_saturated)
  ret void
}

; loadInput(opcode, input signature ID, row, column, vertex index for GS inputs)
declare float @dx.op.loadInput.f32(i32, i32, i32, i8, i32) #0
; unary (7: Saturate)
declare float @dx.op.unary.f32(i32, float) #0
; storeOutput(opcode, output signature ID, row, column, value)
declare void @dx.op.storeOutput.f32(i32, i32, i32, i8, float) #1

attributes #0 = { nounwind readnone }
attributes #1 = { nounwind }

!dx.version = !{!0}
!dx.valver = !{!0}
!dx.shaderModel = !{!1}
!dx.entryPoints = !{!2}

!0 = !{i32 1, i32 0}
!1 = !{!"ps", i32 6, i32 0}
!2 = !{void ()* @main, !"main", !3, null, null}
!3 = !{!4, !8, null}
!4 = !{!5, !7}
; ID, name, component type (9: f32), semantic kind (3: position, 0: arbitrary, 16: target),
; semantic indices, interpolation (4: linear no perspective, 2: linear), rows, columns,
; start row, start column, extra
!5 = !{i32 0, !"SV_Position", i8 9, i8 3, !6, i8 4, i32 1, i8 4, i32 0, i8 0, null}
!6 = !{i32 0}
!7 = !{i32 1, !"COLOR", i8 9, i8 0, !6, i8 2, i32 1, i8 4, i32 1, i8 0, null}
!8 = !{!9}
!9 = !{i32 0, !"SV_Target", i8 9, i8 16, !6, i8 0, i32 1, i8 4, i32 0, i8 0, null}
