; cs_6_0, 64 threads: the twin of bench_shader's counted loop: counts to cb0[0].x, then
; stores the count at u0[4 * flattened thread ID].
;! resource cbv 0 0 0
;! resource uav_raw 0 0 0
target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

%dx.types.Handle = type { i8* }
%dx.types.CBufRet.i32 = type { i32, i32, i32, i32 }
%struct.RWByteAddressBuffer = type { i32 }
%cb = type { <4 x i32> }

define void @main() {
entry:
  %u0 = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 1, i32 0, i32 0, i1 false)
  %cb0 = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 2, i32 0, i32 0, i1 false)
  %i = call i32 @dx.op.flattenedThreadIdInGroup.i32(i32 96)
  %address = shl i32 %i, 2
  ; the constant's load hoisted out of the loop, as dxc's optimiser leaves it
  %row = call %dx.types.CBufRet.i32 @dx.op.cbufferLoadLegacy.i32(i32 59, %dx.types.Handle %cb0, i32 0)
  %limit = extractvalue %dx.types.CBufRet.i32 %row, 0
  br label %loop

loop:
  %n = phi i32 [ 0, %entry ], [ %next, %body ]
  %end = icmp uge i32 %n, %limit
  br i1 %end, label %done, label %body

body:
  %next = add i32 %n, 1
  br label %loop

done:
  call void @dx.op.bufferStore.i32(i32 69, %dx.types.Handle %u0, i32 %address, i32 undef, i32 %n, i32 undef, i32 undef, i32 undef, i8 1)
  ret void
}

declare %dx.types.Handle @dx.op.createHandle(i32, i8, i32, i32, i1) #1
declare i32 @dx.op.flattenedThreadIdInGroup.i32(i32) #0
declare %dx.types.CBufRet.i32 @dx.op.cbufferLoadLegacy.i32(i32, %dx.types.Handle, i32) #1
declare void @dx.op.bufferStore.i32(i32, %dx.types.Handle, i32, i32, i32, i32, i32, i32, i8) #2

attributes #0 = { nounwind readnone }
attributes #1 = { nounwind readonly }
attributes #2 = { nounwind }

!dx.version = !{!0}
!dx.valver = !{!0}
!dx.shaderModel = !{!1}
!dx.resources = !{!2}
!dx.entryPoints = !{!11}

!0 = !{i32 1, i32 0}
!1 = !{!"cs", i32 6, i32 0}
!2 = !{null, !5, !7, null}
!5 = !{!6}
!6 = !{i32 0, %struct.RWByteAddressBuffer* undef, !"u0", i32 0, i32 0, i32 1, i32 11, i1 false, i1 false, i1 false, null}
!7 = !{!8}
!8 = !{i32 0, %cb* undef, !"cb0", i32 0, i32 0, i32 1, i32 16, null}
!11 = !{void ()* @main, !"main", null, !2, !12}
!12 = !{i32 0, i64 16, i32 4, !13}
!13 = !{i32 64, i32 1, i32 1}
