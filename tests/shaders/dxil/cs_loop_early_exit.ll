; cs_6_0, 64 threads: a loop with an early exit, phis at the header and at the exit:
;   sum = 0; for (i = 0; i < id; ++i) { sum += i * 3; if (sum > 200) { sum = sum | 0x10000; break; } }
;   u0[id * 4] = sum; then a switch on id & 3 adds 1000 * case (2 falls to the default: 7).
; The loop's exit is reached from two blocks (the condition and the break), the shape a
; structurizer would have to untangle; the executor runs it as it is.
;! resource uav_raw 0 0 0
target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

%dx.types.Handle = type { i8* }
%struct.RWByteAddressBuffer = type { i32 }

define void @main() {
entry:
  %buffer = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 1, i32 0, i32 0, i1 false)
  %id = call i32 @dx.op.threadId.i32(i32 93, i32 0)
  br label %header

header:
  %i = phi i32 [ 0, %entry ], [ %next, %latch ]
  %sum = phi i32 [ 0, %entry ], [ %added, %latch ]
  %more = icmp ult i32 %i, %id
  br i1 %more, label %body, label %exit

body:
  %triple = mul i32 %i, 3
  %added = add i32 %sum, %triple
  %big = icmp sgt i32 %added, 200
  br i1 %big, label %break, label %latch

latch:
  %next = add i32 %i, 1
  br label %header

break:
  %marked = or i32 %added, 65536
  br label %exit

exit:
  %result = phi i32 [ %sum, %header ], [ %marked, %break ]
  %case = and i32 %id, 3
  switch i32 %case, label %default [ i32 0, label %zero
                                     i32 1, label %one
                                     i32 3, label %three ]

zero:
  br label %store
one:
  br label %store
three:
  br label %store
default:
  br label %store

store:
  %extra = phi i32 [ 0, %zero ], [ 1000, %one ], [ 3000, %three ], [ 7, %default ]
  %final = add i32 %result, %extra
  %offset = shl i32 %id, 2
  call void @dx.op.bufferStore.i32(i32 69, %dx.types.Handle %buffer, i32 %offset, i32 undef, i32 %final, i32 undef, i32 undef, i32 undef, i8 1)
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
!dx.entryPoints = !{!5}

!0 = !{i32 1, i32 0}
!1 = !{!"cs", i32 6, i32 0}
!2 = !{null, !3, null, null}
!3 = !{!4}
!4 = !{i32 0, %struct.RWByteAddressBuffer* undef, !"u0", i32 0, i32 0, i32 1, i32 11, i1 false, i1 false, i1 false, null}
!5 = !{void ()* @main, !"main", null, !2, !6}
!6 = !{i32 4, !7}
!7 = !{i32 64, i32 1, i32 1}
