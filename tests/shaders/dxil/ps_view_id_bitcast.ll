; ps_6_1: SV_Target = (asfloat(asuint(COLOR.x) + 1 + SV_ViewID), float(SV_ViewID) + 0.5, COLOR.y, 1.0).
; ViewID is 0 (view instancing tier 0); the bitcasts move bits.
;! input SV_Position 0 0 xyzw float position
;! input COLOR 0 1 xyzw float
;! output SV_Target 0 0 xyzw float target
target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

define void @main() {
  %x = call float @dx.op.loadInput.f32(i32 4, i32 1, i32 0, i8 0, i32 undef)
  %y = call float @dx.op.loadInput.f32(i32 4, i32 1, i32 0, i8 1, i32 undef)
  %view = call i32 @dx.op.viewID.i32(i32 138)
  %bits = call i32 @dx.op.bitcastF32toI32(i32 127, float %x)
  %next = add i32 %bits, 1
  %viewed = add i32 %next, %view
  %r = call float @dx.op.bitcastI32toF32(i32 126, i32 %viewed)
  %view_float = uitofp i32 %view to float
  %g = fadd float %view_float, 5.000000e-01
  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 0, float %r)
  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 1, float %g)
  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 2, float %y)
  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 3, float 1.0)
  ret void
}

; loadInput(opcode, input signature ID, row, column, vertex index for GS inputs)
declare float @dx.op.loadInput.f32(i32, i32, i32, i8, i32) #0
; viewID(opcode)
declare i32 @dx.op.viewID.i32(i32) #0
; bitcastF32toI32(opcode, value), bitcastI32toF32(opcode, value)
declare i32 @dx.op.bitcastF32toI32(i32, float) #0
declare float @dx.op.bitcastI32toF32(i32, i32) #0
; storeOutput(opcode, output signature ID, row, column, value)
declare void @dx.op.storeOutput.f32(i32, i32, i32, i8, float) #1

attributes #0 = { nounwind readnone }
attributes #1 = { nounwind }

!dx.version = !{!0}
!dx.valver = !{!0}
!dx.shaderModel = !{!1}
!dx.entryPoints = !{!2}

!0 = !{i32 1, i32 1}
!1 = !{!"ps", i32 6, i32 1}
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
