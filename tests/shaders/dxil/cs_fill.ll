; cs_6_0, 64 threads: the twin of the runtime's fill shader (runtime/shaders/fill_cs.asm):
; thread t writes cb0[0][t % cb0[1].z] at byte cb0[1].x + 4t of u0 when t < cb0[1].y.
; bench_shader times both.
;! resource cbv 0 0 0
;! resource uav_raw 0 0 0
target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

%dx.types.Handle = type { i8* }
%dx.types.CBufRet.i32 = type { i32, i32, i32, i32 }
%struct.RWByteAddressBuffer = type { i32 }
%cb = type { <4 x i32>, <4 x i32> }

define void @main() {
entry:
  %u0 = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 1, i32 0, i32 0, i1 false)
  %cb0 = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 2, i32 0, i32 0, i1 false)
  %t = call i32 @dx.op.threadId.i32(i32 93, i32 0)
  %row1 = call %dx.types.CBufRet.i32 @dx.op.cbufferLoadLegacy.i32(i32 59, %dx.types.Handle %cb0, i32 1)
  %offset = extractvalue %dx.types.CBufRet.i32 %row1, 0
  %count = extractvalue %dx.types.CBufRet.i32 %row1, 1
  %dwords = extractvalue %dx.types.CBufRet.i32 %row1, 2
  %past = icmp uge i32 %t, %count
  br i1 %past, label %done, label %write

write:
  %which = urem i32 %t, %dwords
  %row0 = call %dx.types.CBufRet.i32 @dx.op.cbufferLoadLegacy.i32(i32 59, %dx.types.Handle %cb0, i32 0)
  %p0 = extractvalue %dx.types.CBufRet.i32 %row0, 0
  %p1 = extractvalue %dx.types.CBufRet.i32 %row0, 1
  %p2 = extractvalue %dx.types.CBufRet.i32 %row0, 2
  %p3 = extractvalue %dx.types.CBufRet.i32 %row0, 3
  %is1 = icmp eq i32 %which, 1
  %is2 = icmp eq i32 %which, 2
  %is3 = icmp eq i32 %which, 3
  %v1 = select i1 %is1, i32 %p1, i32 %p0
  %v2 = select i1 %is2, i32 %p2, i32 %v1
  %v3 = select i1 %is3, i32 %p3, i32 %v2
  %t4 = shl i32 %t, 2
  %address = add i32 %t4, %offset
  call void @dx.op.bufferStore.i32(i32 69, %dx.types.Handle %u0, i32 %address, i32 undef, i32 %v3, i32 undef, i32 undef, i32 undef, i8 1)
  br label %done

done:
  ret void
}

declare %dx.types.Handle @dx.op.createHandle(i32, i8, i32, i32, i1) #1
declare i32 @dx.op.threadId.i32(i32, i32) #0
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
!8 = !{i32 0, %cb* undef, !"cb0", i32 0, i32 0, i32 1, i32 32, null}
!11 = !{void ()* @main, !"main", null, !2, !12}
!12 = !{i32 0, i64 16, i32 4, !13}
!13 = !{i32 64, i32 1, i32 1}
