; ps_6_0, the twin of test_draw_shader.c's test_draw_derivatives: SV_Target0 =
; (ddx_coarse(COLOR.x), ddy_coarse(COLOR.y), 0, 1) (DerivCoarseX 83, DerivCoarseY 84).
;! input SV_Position 0 0 xyzw float position
;! input COLOR 0 1 xyzw float
;! output SV_Target 0 0 xyzw float target
target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

define void @main() {
  %c0 = call float @dx.op.loadInput.f32(i32 4, i32 1, i32 0, i8 0, i32 undef)
  %c1 = call float @dx.op.loadInput.f32(i32 4, i32 1, i32 0, i8 1, i32 undef)
  %dx = call float @dx.op.unary.f32(i32 83, float %c0)
  %dy = call float @dx.op.unary.f32(i32 84, float %c1)
  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 0, float %dx)
  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 1, float %dy)
  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 2, float 0.000000e+00)
  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 3, float 1.000000e+00)
  ret void
}

declare float @dx.op.loadInput.f32(i32, i32, i32, i8, i32) #0
declare float @dx.op.unary.f32(i32, float) #0
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
!6 = !{i32 0}
!5 = !{i32 0, !"SV_Position", i8 9, i8 3, !6, i8 4, i32 1, i8 4, i32 0, i8 0, null}
!7 = !{i32 1, !"COLOR", i8 9, i8 0, !6, i8 2, i32 1, i8 4, i32 1, i8 0, null}
!8 = !{!9}
!9 = !{i32 0, !"SV_Target", i8 9, i8 16, !6, i8 0, i32 1, i8 4, i32 0, i8 0, null}
