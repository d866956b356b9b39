; cs_6_0, 64 threads: each thread writes its index into a groupshared array, waits at a
; group barrier and stores the array's mirrored element: u0[id * 4] = 63 - id (+ 64 * group).
; The DXIL twin of a DXBC program with g0, sync_g_t and store_raw.
;! resource uav_raw 0 0 0
target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

%dx.types.Handle = type { i8* }
%struct.RWByteAddressBuffer = type { i32 }

@shared = internal addrspace(3) global [64 x i32] undef, align 4

define void @main() {
  %buffer = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 1, i32 0, i32 0, i1 false)
  %local = call i32 @dx.op.flattenedThreadIdInGroup.i32(i32 96)
  %group = call i32 @dx.op.groupId.i32(i32 94, i32 0)
  %base = shl i32 %group, 6
  %value = add i32 %local, %base
  %slot = getelementptr [64 x i32], [64 x i32] addrspace(3)* @shared, i32 0, i32 %local
  store i32 %value, i32 addrspace(3)* %slot, align 4
  call void @dx.op.barrier(i32 80, i32 9)
  %mirror = sub i32 63, %local
  %other = getelementptr [64 x i32], [64 x i32] addrspace(3)* @shared, i32 0, i32 %mirror
  %read = load i32, i32 addrspace(3)* %other, align 4
  %id = call i32 @dx.op.threadId.i32(i32 93, i32 0)
  %offset = shl i32 %id, 2
  call void @dx.op.bufferStore.i32(i32 69, %dx.types.Handle %buffer, i32 %offset, i32 undef, i32 %read, i32 undef, i32 undef, i32 undef, i8 1)
  ret void
}

declare %dx.types.Handle @dx.op.createHandle(i32, i8, i32, i32, i1) #1
declare i32 @dx.op.threadId.i32(i32, i32) #0
declare i32 @dx.op.groupId.i32(i32, i32) #0
declare i32 @dx.op.flattenedThreadIdInGroup.i32(i32) #0
; barrier(opcode, flags: 1 group sync, 8 group shared memory)
declare void @dx.op.barrier(i32, i32) #2
declare void @dx.op.bufferStore.i32(i32, %dx.types.Handle, i32, i32, i32, i32, i32, i32, i8) #2

attributes #0 = { nounwind readnone }
attributes #1 = { nounwind readonly }
attributes #2 = { nounwind }

!dx.version = !{!0}
!dx.valver = !{!0}
!dx.shaderModel = !{!1}
!dx.resources = !{!2}
!dx.entryPoints = !{!5}

!0 = !{i32 1, i32 0}
!1 = !{!"cs", i32 6, i32 0}
!2 = !{null, !3, null, null}
!3 = !{!4}
!4 = !{i32 0, %struct.RWByteAddressBuffer* undef, !"u0", i32 0, i32 0, i32 1, i32 11, i1 false, i1 false, i1 false, null}
!5 = !{void ()* @main, !"main", null, !2, !6}
!6 = !{i32 4, !7}
!7 = !{i32 64, i32 1, i32 1}
