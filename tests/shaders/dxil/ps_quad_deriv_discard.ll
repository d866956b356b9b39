; ps_6_0 over pixel quads: SV_Target = (ddx_coarse, ddx_fine, ddy_coarse, ddy_fine) of
; COLOR.x (derivative ops 83 DerivCoarseX, 85 DerivFineX, 84 DerivCoarseY, 86 DerivFineY),
; then discard(COLOR.y > 0.5).
;! input COLOR 0 0 xy float
;! output SV_Target 0 0 xyzw float target
target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

define void @main() {
  %x = call float @dx.op.loadInput.f32(i32 4, i32 0, i32 0, i8 0, i32 undef)
  %y = call float @dx.op.loadInput.f32(i32 4, i32 0, i32 0, i8 1, i32 undef)
  %dx.coarse = call float @dx.op.unary.f32(i32 83, float %x)
  %dx.fine = call float @dx.op.unary.f32(i32 85, float %x)
  %dy.coarse = call float @dx.op.unary.f32(i32 84, float %x)
  %dy.fine = call float @dx.op.unary.f32(i32 86, float %x)
  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 0, float %dx.coarse)
  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 1, float %dx.fine)
  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 2, float %dy.coarse)
  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 3, float %dy.fine)
  %kill = fcmp fast ogt float %y, 5.000000e-01
  call void @dx.op.discard(i32 82, i1 %kill)
  ret void
}

declare float @dx.op.loadInput.f32(i32, i32, i32, i8, i32) #0
declare float @dx.op.unary.f32(i32, float) #0
declare void @dx.op.storeOutput.f32(i32, i32, i32, i8, float) #1
; discard(opcode, condition)
declare void @dx.op.discard(i32, i1) #1

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
!4 = !{!7}
!6 = !{i32 0}
!7 = !{i32 0, !"COLOR", i8 9, i8 0, !6, i8 2, i32 1, i8 2, i32 0, i8 0, null}
!8 = !{!9}
!9 = !{i32 0, !"SV_Target", i8 9, i8 16, !6, i8 0, i32 1, i8 4, i32 0, i8 0, null}
