; cs_6_0, 8 threads: a local array (alloca [4 x i32]) filled with id * 10 + k through
; constant GEPs, read back at the dynamic index id & 3, stored to u0[id * 4].
;! resource uav_raw 0 0 0
target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

%dx.types.Handle = type { i8* }
%struct.RWByteAddressBuffer = type { i32 }

define void @main() {
  %arr = alloca [4 x i32], align 4
  %dst = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 1, i32 0, i32 0, i1 false)
  %id = call i32 @dx.op.threadId.i32(i32 93, i32 0)
  %base = mul i32 %id, 10
  %p0 = getelementptr inbounds [4 x i32], [4 x i32]* %arr, i32 0, i32 0
  store i32 %base, i32* %p0, align 4
  %v1 = add i32 %base, 1
  %p1 = getelementptr inbounds [4 x i32], [4 x i32]* %arr, i32 0, i32 1
  store i32 %v1, i32* %p1, align 4
  %v2 = add i32 %base, 2
  %p2 = getelementptr inbounds [4 x i32], [4 x i32]* %arr, i32 0, i32 2
  store i32 %v2, i32* %p2, align 4
  %v3 = add i32 %base, 3
  %p3 = getelementptr inbounds [4 x i32], [4 x i32]* %arr, i32 0, i32 3
  store i32 %v3, i32* %p3, align 4
  %index = and i32 %id, 3
  %pi = getelementptr inbounds [4 x i32], [4 x i32]* %arr, i32 0, i32 %index
  %value = load i32, i32* %pi, align 4
  %offset = shl i32 %id, 2
  call void @dx.op.bufferStore.i32(i32 69, %dx.types.Handle %dst, i32 %offset, i32 undef, i32 %value, i32 undef, i32 undef, i32 undef, i8 1)
  ret void
}

declare %dx.types.Handle @dx.op.createHandle(i32, i8, i32, i32, i1) #1
declare i32 @dx.op.threadId.i32(i32, i32) #0
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
!2 = !{null, !5, null, null}
!5 = !{!6}
!6 = !{i32 0, %struct.RWByteAddressBuffer* undef, !"u0", i32 0, i32 0, i32 1, i32 11, i1 false, i1 false, i1 false, null}
!11 = !{void ()* @main, !"main", null, !2, !12}
!12 = !{i32 0, i64 16, i32 4, !13}
!13 = !{i32 8, i32 1, i32 1}
