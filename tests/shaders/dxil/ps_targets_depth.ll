; ps_6_0 for the DXIL draw (test_draw_shader_dxil.c): SV_Target0 = COLOR (interpolated),
; SV_Target1 = uint4(SV_Position.xy, 7, 9) into a uint target, SV_Depth = COLOR.x; SV_Depth
; has no register (start row -1, as dxc writes it).
;! input SV_Position 0 0 xyzw float position
;! input COLOR 0 1 xyzw float
;! output SV_Target 0 0 xyzw float target
;! output SV_Target 1 1 xyzw uint target
;! output SV_Depth 0 - x float depth
target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

define void @main() {
  %x = call float @dx.op.loadInput.f32(i32 4, i32 0, i32 0, i8 0, i32 undef)
  %y = call float @dx.op.loadInput.f32(i32 4, i32 0, i32 0, i8 1, i32 undef)
  %c0 = call float @dx.op.loadInput.f32(i32 4, i32 1, i32 0, i8 0, i32 undef)
  %c1 = call float @dx.op.loadInput.f32(i32 4, i32 1, i32 0, i8 1, i32 undef)
  %c2 = call float @dx.op.loadInput.f32(i32 4, i32 1, i32 0, i8 2, i32 undef)
  %c3 = call float @dx.op.loadInput.f32(i32 4, i32 1, i32 0, i8 3, i32 undef)
  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 0, float %c0)
  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 1, float %c1)
  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 2, float %c2)
  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 3, float %c3)
  %px = fptoui float %x to i32
  %py = fptoui float %y to i32
  call void @dx.op.storeOutput.i32(i32 5, i32 1, i32 0, i8 0, i32 %px)
  call void @dx.op.storeOutput.i32(i32 5, i32 1, i32 0, i8 1, i32 %py)
  call void @dx.op.storeOutput.i32(i32 5, i32 1, i32 0, i8 2, i32 7)
  call void @dx.op.storeOutput.i32(i32 5, i32 1, i32 0, i8 3, i32 9)
  call void @dx.op.storeOutput.f32(i32 5, i32 2, i32 0, i8 0, float %c0)
  ret void
}

declare float @dx.op.loadInput.f32(i32, i32, i32, i8, i32) #0
declare void @dx.op.storeOutput.f32(i32, i32, i32, i8, float) #1
declare void @dx.op.storeOutput.i32(i32, i32, i32, i8, i32) #1

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
; SV_Position noperspective (4), COLOR linear (2); component types 9 F32, 5 U32
!5 = !{i32 0, !"SV_Position", i8 9, i8 3, !6, i8 4, i32 1, i8 4, i32 0, i8 0, null}
!7 = !{i32 1, !"COLOR", i8 9, i8 0, !6, i8 2, i32 1, i8 4, i32 1, i8 0, null}
!8 = !{!9, !11, !12}
!9 = !{i32 0, !"SV_Target", i8 9, i8 16, !6, i8 0, i32 1, i8 4, i32 0, i8 0, null}
!10 = !{i32 1}
!11 = !{i32 1, !"SV_Target", i8 5, i8 16, !10, i8 0, i32 1, i8 4, i32 1, i8 0, null}
!12 = !{i32 2, !"SV_Depth", i8 9, i8 17, !6, i8 0, i32 1, i8 1, i32 -1, i8 -1, null}
