; cs_6_0, 64 threads: atomics on a raw UAV and on group shared memory.
;   old = InterlockedAdd(u0[0], 1); u1[id * 4] = old (every value 0..N-1 once);
;   InterlockedMax(u0[4], id); InterlockedCompareExchange(u0[8], 0, id + 1) (the first wins);
;   groupshared total: InterlockedAdd(gs, id), barrier, u1[1024 + id * 4] = gs (2016 each).
;! resource uav_raw 0 0 0
;! resource uav_raw 0 1 1
target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

%dx.types.Handle = type { i8* }
%struct.RWByteAddressBuffer = type { i32 }

@total = internal addrspace(3) global [1 x i32] undef, align 4

define void @main() {
  %counters = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 1, i32 0, i32 0, i1 false)
  %out = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 1, i32 1, i32 1, i1 false)
  %id = call i32 @dx.op.threadId.i32(i32 93, i32 0)
  %local = call i32 @dx.op.threadIdInGroup.i32(i32 95, i32 0)
  %old = call i32 @dx.op.atomicBinOp.i32(i32 78, %dx.types.Handle %counters, i32 0, i32 0, i32 undef, i32 undef, i32 1)
  %offset = shl i32 %id, 2
  call void @dx.op.bufferStore.i32(i32 69, %dx.types.Handle %out, i32 %offset, i32 undef, i32 %old, i32 undef, i32 undef, i32 undef, i8 1)
  %ignored = call i32 @dx.op.atomicBinOp.i32(i32 78, %dx.types.Handle %counters, i32 7, i32 4, i32 undef, i32 undef, i32 %id)
  %plus = add i32 %id, 1
  %swapped = call i32 @dx.op.atomicCompareExchange.i32(i32 79, %dx.types.Handle %counters, i32 8, i32 undef, i32 undef, i32 0, i32 %plus)
  %first = icmp eq i32 %local, 0
  br i1 %first, label %clear, label %join

clear:
  store i32 0, i32 addrspace(3)* getelementptr ([1 x i32], [1 x i32] addrspace(3)* @total, i32 0, i32 0), align 4
  br label %join

join:
  call void @dx.op.barrier(i32 80, i32 9)
  %slot = getelementptr [1 x i32], [1 x i32] addrspace(3)* @total, i32 0, i32 0
  %before = atomicrmw add i32 addrspace(3)* %slot, i32 %local seq_cst
  call void @dx.op.barrier(i32 80, i32 9)
  %sum = load i32, i32 addrspace(3)* %slot, align 4
  %second = add i32 %offset, 1024
  call void @dx.op.bufferStore.i32(i32 69, %dx.types.Handle %out, i32 %second, i32 undef, i32 %sum, i32 undef, i32 undef, i32 undef, i8 1)
  ret void
}

declare %dx.types.Handle @dx.op.createHandle(i32, i8, i32, i32, i1) #1
declare i32 @dx.op.threadId.i32(i32, i32) #0
declare i32 @dx.op.threadIdInGroup.i32(i32, i32) #0
; atomicBinOp(opcode, handle, operation (0 add, 7 umax), offset 0, 1, 2, value)
declare i32 @dx.op.atomicBinOp.i32(i32, %dx.types.Handle, i32, i32, i32, i32, i32) #2
; atomicCompareExchange(opcode, handle, offset 0, 1, 2, compare, value)
declare i32 @dx.op.atomicCompareExchange.i32(i32, %dx.types.Handle, i32, i32, i32, i32, i32) #2
declare void @dx.op.barrier(i32, i32) #2
declare void @dx.op.bufferStore.i32(i32, %dx.types.Handle, i32, i32, i32, i32, i32, i32, i8) #2

attributes #0 = { nounwind readnone }
attributes #1 = { nounwind readonly }
attributes #2 = { nounwind }

!dx.version = !{!0}
!dx.valver = !{!0}
!dx.shaderModel = !{!1}
!dx.resources = !{!2}
!dx.entryPoints = !{!6}

!0 = !{i32 1, i32 0}
!1 = !{!"cs", i32 6, i32 0}
!2 = !{null, !3, null, null}
!3 = !{!4, !5}
!4 = !{i32 0, %struct.RWByteAddressBuffer* undef, !"u0", i32 0, i32 0, i32 1, i32 11, i1 false, i1 false, i1 false, null}
!5 = !{i32 1, %struct.RWByteAddressBuffer* undef, !"u1", i32 0, i32 1, i32 1, i32 11, i1 false, i1 false, i1 false, null}
!6 = !{void ()* @main, !"main", null, !2, !7}
!7 = !{i32 4, !8}
!8 = !{i32 64, i32 1, i32 1}
