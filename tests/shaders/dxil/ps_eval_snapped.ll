; ps_6_0: SV_Target = ATTR.xy at the centre + (-8, 7) / 16 and + (31, 19) / 16 (the low 4 bits: -1, 3) through EvalSnapped.
;! input SV_Position 0 0 xyzw float position
;! input ATTR 0 1 xyzw float
;! input CATTR 0 2 xyzw float
;! output SV_Target 0 0 xyzw float target
target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

define void @main() {
  %o0 = call float @dx.op.evalSnapped.f32(i32 87, i32 1, i32 0, i8 0, i32 -8, i32 7)
  %o1 = call float @dx.op.evalSnapped.f32(i32 87, i32 1, i32 0, i8 1, i32 -8, i32 7)
  %o2 = call float @dx.op.evalSnapped.f32(i32 87, i32 1, i32 0, i8 0, i32 31, i32 19)
  %o3 = call float @dx.op.evalSnapped.f32(i32 87, i32 1, i32 0, i8 1, i32 31, i32 19)
  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 0, float %o0)
  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 1, float %o1)
  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 2, float %o2)
  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 3, float %o3)
  ret void
}

; evalSnapped(opcode, input signature ID, row, column, offset x, offset y)
declare float @dx.op.evalSnapped.f32(i32, i32, i32, i8, i32, i32) #0
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
; ID, name, component type (9: f32, 5: u32), semantic kind (3: position, 0: arbitrary,
; 10: primitive ID, 12: sample index, 16: target), semantic indices, interpolation (4:
; linear noperspective, 2: linear, 3: linear centroid, 1: constant), rows, columns, start
; row (-1: not packed), start column, extra
!4 = !{!5, !7, !10}
!5 = !{i32 0, !"SV_Position", i8 9, i8 3, !6, i8 4, i32 1, i8 4, i32 0, i8 0, null}
!6 = !{i32 0}
!7 = !{i32 1, !"ATTR", i8 9, i8 0, !6, i8 2, i32 1, i8 4, i32 1, i8 0, null}
!10 = !{i32 2, !"CATTR", i8 9, i8 0, !6, i8 3, i32 1, i8 4, i32 2, i8 0, null}
!8 = !{!9}
!9 = !{i32 0, !"SV_Target", i8 9, i8 16, !6, i8 0, i32 1, i8 4, i32 0, i8 0, null}
