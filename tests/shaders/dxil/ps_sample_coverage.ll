; ps_6_0: SV_Target = (SampleIndex(), Coverage(), SV_PrimitiveID, 1.0) as floats; SV_SampleIndex
; in the signature (a shadow element, not packed) makes the shader run per sample.
;! input SV_Position 0 0 xyzw float position
;! input ATTR 0 1 xyzw float
;! input CATTR 0 2 xyzw float
;! input SV_PrimitiveID 0 3 x uint primitive_id
;! output SV_Target 0 0 xyzw float target
target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

define void @main() {
  %sample = call i32 @dx.op.sampleIndex.i32(i32 90)
  %o0 = uitofp i32 %sample to float
  %coverage = call i32 @dx.op.coverage.i32(i32 91)
  %o1 = uitofp i32 %coverage to float
  %primitive = call i32 @dx.op.loadInput.i32(i32 4, i32 3, i32 0, i8 0, i32 undef)
  %o2 = uitofp i32 %primitive to float
  %o3 = fadd float 0.0, 1.0
  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 0, float %o0)
  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 1, float %o1)
  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 2, float %o2)
  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 3, float %o3)
  ret void
}

; sampleIndex(opcode), coverage(opcode)
declare i32 @dx.op.sampleIndex.i32(i32) #0
declare i32 @dx.op.coverage.i32(i32) #0
; loadInput(opcode, input signature ID, row, column, vertex index for GS inputs)
declare i32 @dx.op.loadInput.i32(i32, i32, i32, i8, i32) #0
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
!4 = !{!5, !7, !10, !11, !12}
!5 = !{i32 0, !"SV_Position", i8 9, i8 3, !6, i8 4, i32 1, i8 4, i32 0, i8 0, null}
!6 = !{i32 0}
!7 = !{i32 1, !"ATTR", i8 9, i8 0, !6, i8 2, i32 1, i8 4, i32 1, i8 0, null}
!10 = !{i32 2, !"CATTR", i8 9, i8 0, !6, i8 3, i32 1, i8 4, i32 2, i8 0, null}
!11 = !{i32 3, !"SV_PrimitiveID", i8 5, i8 10, !6, i8 1, i32 1, i8 1, i32 3, i8 0, null}
!12 = !{i32 4, !"SV_SampleIndex", i8 5, i8 12, !6, i8 1, i32 1, i8 1, i32 -1, i8 -1, null}
!8 = !{!9}
!9 = !{i32 0, !"SV_Target", i8 9, i8 16, !6, i8 0, i32 1, i8 4, i32 0, i8 0, null}
