; vs_6_0: SV_Position = POSITION; ATTR = CATTR = COLOR (the eval draws' vertex shader).
;! input POSITION 0 0 xyzw float
;! input COLOR 0 1 xyzw float
;! output SV_Position 0 0 xyzw float position
;! output ATTR 0 1 xyzw float
;! output CATTR 0 2 xyzw float
target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

define void @main() {
  %p0 = call float @dx.op.loadInput.f32(i32 4, i32 0, i32 0, i8 0, i32 undef)
  %p1 = call float @dx.op.loadInput.f32(i32 4, i32 0, i32 0, i8 1, i32 undef)
  %p2 = call float @dx.op.loadInput.f32(i32 4, i32 0, i32 0, i8 2, i32 undef)
  %p3 = call float @dx.op.loadInput.f32(i32 4, i32 0, i32 0, i8 3, i32 undef)
  %c0 = call float @dx.op.loadInput.f32(i32 4, i32 1, i32 0, i8 0, i32 undef)
  %c1 = call float @dx.op.loadInput.f32(i32 4, i32 1, i32 0, i8 1, i32 undef)
  %c2 = call float @dx.op.loadInput.f32(i32 4, i32 1, i32 0, i8 2, i32 undef)
  %c3 = call float @dx.op.loadInput.f32(i32 4, i32 1, i32 0, i8 3, i32 undef)
  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 0, float %p0)
  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 1, float %p1)
  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 2, float %p2)
  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 3, float %p3)
  call void @dx.op.storeOutput.f32(i32 5, i32 1, i32 0, i8 0, float %c0)
  call void @dx.op.storeOutput.f32(i32 5, i32 1, i32 0, i8 1, float %c1)
  call void @dx.op.storeOutput.f32(i32 5, i32 1, i32 0, i8 2, float %c2)
  call void @dx.op.storeOutput.f32(i32 5, i32 1, i32 0, i8 3, float %c3)
  call void @dx.op.storeOutput.f32(i32 5, i32 2, i32 0, i8 0, float %c0)
  call void @dx.op.storeOutput.f32(i32 5, i32 2, i32 0, i8 1, float %c1)
  call void @dx.op.storeOutput.f32(i32 5, i32 2, i32 0, i8 2, float %c2)
  call void @dx.op.storeOutput.f32(i32 5, i32 2, i32 0, i8 3, float %c3)
  ret void
}

; loadInput(opcode, input signature ID, row, column, vertex index for GS inputs)
declare float @dx.op.loadInput.f32(i32, i32, i32, i8, i32) #0
; storeOutput(opcode, output signature ID, row, column, value)
declare void @dx.op.storeOutput.f32(i32, i32, i32, i8, float) #1

attributes #0 = { nounwind readnone }
attributes #1 = { nounwind }

!dx.version = !{!0}
!dx.valver = !{!0}
!dx.shaderModel = !{!1}
!dx.entryPoints = !{!2}

!0 = !{i32 1, i32 0}
!1 = !{!"vs", i32 6, i32 0}
!2 = !{void ()* @main, !"main", !3, null, null}
!3 = !{!4, !8, null}
!4 = !{!5, !7}
; ID, name, component type (9: f32), semantic kind (0: arbitrary, 3: position), semantic
; indices, interpolation (0: undefined), rows, columns, start row, start column, extra
!5 = !{i32 0, !"POSITION", i8 9, i8 0, !6, i8 0, i32 1, i8 4, i32 0, i8 0, null}
!6 = !{i32 0}
!7 = !{i32 1, !"COLOR", i8 9, i8 0, !6, i8 0, i32 1, i8 4, i32 1, i8 0, null}
!8 = !{!9, !10, !11}
!9 = !{i32 0, !"SV_Position", i8 9, i8 3, !6, i8 4, i32 1, i8 4, i32 0, i8 0, null}
!10 = !{i32 1, !"ATTR", i8 9, i8 0, !6, i8 2, i32 1, i8 4, i32 1, i8 0, null}
!11 = !{i32 2, !"CATTR", i8 9, i8 0, !6, i8 2, i32 1, i8 4, i32 2, i8 0, null}
