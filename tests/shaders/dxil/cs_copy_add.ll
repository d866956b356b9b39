; cs_6_0, 32 threads: u1[id * 4] = t0[id * 4] + cb0[0].x, a raw SRV at t0 space 1, a raw
; UAV at u1 space 1 and a constant buffer at b0 space 0, each created with createHandle.
;! resource cbv 0 0 0
;! resource srv_raw 1 0 0
;! resource uav_raw 1 1 1
target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

%dx.types.Handle = type { i8* }
%dx.types.ResRet.i32 = type { i32, i32, i32, i32, i32 }
%dx.types.CBufRet.i32 = type { i32, i32, i32, i32 }
%struct.ByteAddressBuffer = type { i32 }
%struct.RWByteAddressBuffer = type { i32 }
%cb = type { i32 }

define void @main() {
  %src = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 0, i32 0, i32 0, i1 false)
  %dst = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 1, i32 0, i32 1, i1 false)
  %constants = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 2, i32 0, i32 0, i1 false)
  %id = call i32 @dx.op.threadId.i32(i32 93, i32 0)
  %offset = shl i32 %id, 2
  %loaded = call %dx.types.ResRet.i32 @dx.op.bufferLoad.i32(i32 68, %dx.types.Handle %src, i32 %offset, i32 undef)
  %value = extractvalue %dx.types.ResRet.i32 %loaded, 0
  %row = call %dx.types.CBufRet.i32 @dx.op.cbufferLoadLegacy.i32(i32 59, %dx.types.Handle %constants, i32 0)
  %addend = extractvalue %dx.types.CBufRet.i32 %row, 0
  %sum = add i32 %value, %addend
  call void @dx.op.bufferStore.i32(i32 69, %dx.types.Handle %dst, i32 %offset, i32 undef, i32 %sum, i32 undef, i32 undef, i32 undef, i8 1)
  ret void
}

declare %dx.types.Handle @dx.op.createHandle(i32, i8, i32, i32, i1) #1
declare i32 @dx.op.threadId.i32(i32, i32) #0
; bufferLoad(opcode, handle, coordinate 0, coordinate 1): four values and a status
declare %dx.types.ResRet.i32 @dx.op.bufferLoad.i32(i32, %dx.types.Handle, i32, i32) #1
; cbufferLoadLegacy(opcode, handle, 16-byte row)
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
!2 = !{!3, !5, !7, null}
!3 = !{!4}
; SRV: ID, variable, name, space, lower bound, range size, shape (11: raw buffer), sample count, extra
!4 = !{i32 0, %struct.ByteAddressBuffer* undef, !"t0", i32 1, i32 0, i32 1, i32 11, i32 0, null}
!5 = !{!6}
!6 = !{i32 0, %struct.RWByteAddressBuffer* undef, !"u1", i32 1, i32 1, i32 1, i32 11, i1 false, i1 false, i1 false, null}
!7 = !{!8}
; CBV: ID, variable, name, space, lower bound, range size, size in bytes, extra
!8 = !{i32 0, %cb* undef, !"cb0", i32 0, i32 0, i32 1, i32 16, null}
!11 = !{void ()* @main, !"main", null, !2, !12}
!12 = !{i32 0, i64 16, i32 4, !13}
!13 = !{i32 32, i32 1, i32 1}
