; cs_6_0, 32 threads: thread i writes to u2[32i ..]: cbufferLoad of the dword at byte 20
; (constant) and at byte 4i (per lane, f32), bufferUpdateCounter incrementing u0's counter
; and decrementing u1's, t0's dword at byte 4i and checkAccessFullyMapped of its status
; (sign-extended), then TempRegStore/TempRegLoad: register 5 is 3i, or 3i + 1 on odd
; lanes (stored in a branch), register 9 is i + 100; out[6] = r5, out[7] = r9.
;! resource srv_raw 0 0 0
;! resource uav_counter 0 0 0
;! resource uav_counter 0 1 1
;! resource uav_raw 0 2 2
;! resource cbv 0 0 0
target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

%dx.types.Handle = type { i8* }
%dx.types.ResRet.i32 = type { i32, i32, i32, i32, i32 }
%struct.ByteAddressBuffer = type { i32 }
%struct.RWByteAddressBuffer = type { i32 }
%"class.RWStructuredBuffer<unsigned int>" = type { i32 }
%cb = type { [16 x i32] }

define void @main() {
entry:
  %src = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 0, i32 0, i32 0, i1 false)
  %append = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 1, i32 0, i32 0, i1 false)
  %consume = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 1, i32 1, i32 1, i1 false)
  %dst = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 1, i32 2, i32 2, i1 false)
  %constants = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 2, i32 0, i32 0, i1 false)
  %id = call i32 @dx.op.threadId.i32(i32 93, i32 0)
  %byte = shl i32 %id, 2
  %c0 = call i32 @dx.op.cbufferLoad.i32(i32 58, %dx.types.Handle %constants, i32 20, i32 4)
  %c1 = call float @dx.op.cbufferLoad.f32(i32 58, %dx.types.Handle %constants, i32 %byte, i32 4)
  %c1.bits = bitcast float %c1 to i32
  %allocated = call i32 @dx.op.bufferUpdateCounter(i32 70, %dx.types.Handle %append, i8 1)
  %consumed = call i32 @dx.op.bufferUpdateCounter(i32 70, %dx.types.Handle %consume, i8 -1)
  %loaded = call %dx.types.ResRet.i32 @dx.op.bufferLoad.i32(i32 68, %dx.types.Handle %src, i32 %byte, i32 undef)
  %value = extractvalue %dx.types.ResRet.i32 %loaded, 0
  %status = extractvalue %dx.types.ResRet.i32 %loaded, 4
  %mapped = call i1 @dx.op.checkAccessFullyMapped.i32(i32 71, i32 %status)
  %mapped.bits = sext i1 %mapped to i32
  %three = mul i32 %id, 3
  call void @dx.op.tempRegStore.i32(i32 1, i32 5, i32 %three)
  %hundred = add i32 %id, 100
  call void @dx.op.tempRegStore.i32(i32 1, i32 9, i32 %hundred)
  %odd.bit = and i32 %id, 1
  %odd = icmp ne i32 %odd.bit, 0
  br i1 %odd, label %bump, label %done

bump:
  %r5 = call i32 @dx.op.tempRegLoad.i32(i32 0, i32 5)
  %r5.plus = add i32 %r5, 1
  call void @dx.op.tempRegStore.i32(i32 1, i32 5, i32 %r5.plus)
  br label %done

done:
  %out.r5 = call i32 @dx.op.tempRegLoad.i32(i32 0, i32 5)
  %out.r9 = call i32 @dx.op.tempRegLoad.i32(i32 0, i32 9)
  %out0 = shl i32 %id, 5
  call void @dx.op.bufferStore.i32(i32 69, %dx.types.Handle %dst, i32 %out0, i32 undef, i32 %c0, i32 %c1.bits, i32 %allocated, i32 %consumed, i8 15)
  %out1 = add i32 %out0, 16
  call void @dx.op.bufferStore.i32(i32 69, %dx.types.Handle %dst, i32 %out1, i32 undef, i32 %value, i32 %mapped.bits, i32 %out.r5, i32 %out.r9, i8 15)
  ret void
}

declare %dx.types.Handle @dx.op.createHandle(i32, i8, i32, i32, i1) #1
declare i32 @dx.op.threadId.i32(i32, i32) #0
; cbufferLoad(opcode, handle, byte offset, alignment)
declare i32 @dx.op.cbufferLoad.i32(i32, %dx.types.Handle, i32, i32) #1
declare float @dx.op.cbufferLoad.f32(i32, %dx.types.Handle, i32, i32) #1
; bufferUpdateCounter(opcode, handle, 1 increment or -1 decrement)
declare i32 @dx.op.bufferUpdateCounter(i32, %dx.types.Handle, i8) #2
declare %dx.types.ResRet.i32 @dx.op.bufferLoad.i32(i32, %dx.types.Handle, i32, i32) #1
; checkAccessFullyMapped(opcode, status)
declare i1 @dx.op.checkAccessFullyMapped.i32(i32, i32) #1
; tempRegLoad(opcode, index), tempRegStore(opcode, index, value)
declare i32 @dx.op.tempRegLoad.i32(i32, i32) #1
declare void @dx.op.tempRegStore.i32(i32, i32, i32) #2
declare void @dx.op.bufferStore.i32(i32, %dx.types.Handle, i32, i32, i32, i32, i32, i32, i8) #2

attributes #0 = { nounwind readnone }
attributes #1 = { nounwind readonly }
attributes #2 = { nounwind }

!dx.version = !{!0}
!dx.valver = !{!0}
!dx.shaderModel = !{!1}
!dx.resources = !{!2}
!dx.entryPoints = !{!20}

!0 = !{i32 1, i32 0}
!1 = !{!"cs", i32 6, i32 0}
!2 = !{!3, !5, !9, null}
!3 = !{!4}
!4 = !{i32 0, %struct.ByteAddressBuffer* undef, !"t0", i32 0, i32 0, i32 1, i32 11, i32 0, null}
; UAVs: two structured buffers of uints with counters (hasCounter, the 9th field), a raw one
!5 = !{!6, !7, !8}
!6 = !{i32 0, %"class.RWStructuredBuffer<unsigned int>"* undef, !"u0", i32 0, i32 0, i32 1, i32 12, i1 false, i1 true, i1 false, !11}
!7 = !{i32 1, %"class.RWStructuredBuffer<unsigned int>"* undef, !"u1", i32 0, i32 1, i32 1, i32 12, i1 false, i1 true, i1 false, !11}
!8 = !{i32 2, %struct.RWByteAddressBuffer* undef, !"u2", i32 0, i32 2, i32 1, i32 11, i1 false, i1 false, i1 false, null}
!9 = !{!10}
!10 = !{i32 0, %cb* undef, !"cb0", i32 0, i32 0, i32 1, i32 64, null}
!11 = !{i32 1, i32 4}
!20 = !{void ()* @main, !"main", null, !2, !21}
!21 = !{i32 0, i64 16, i32 4, !22}
!22 = !{i32 32, i32 1, i32 1}
