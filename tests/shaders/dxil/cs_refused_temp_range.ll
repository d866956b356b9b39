; cs_6_0: TempRegStore of index 16384, past the 4096 four-component registers DXBC
; declares at most (D3D11.3): agx_shader_create refuses it.
;! resource uav_raw 0 0 0
target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

%dx.types.Handle = type { i8* }
%struct.RWByteAddressBuffer = type { i32 }

define void @main() {
  %buffer = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 1, i32 0, i32 0, i1 false)
  %id = call i32 @dx.op.threadId.i32(i32 93, i32 0)
  call void @dx.op.tempRegStore.i32(i32 1, i32 16384, i32 %id)
  %count = call i32 @dx.op.tempRegLoad.i32(i32 0, i32 0)
  call void @dx.op.bufferStore.i32(i32 69, %dx.types.Handle %buffer, i32 0, i32 undef, i32 %count, i32 undef, i32 undef, i32 undef, i8 1)
  ret void
}

declare %dx.types.Handle @dx.op.createHandle(i32, i8, i32, i32, i1) #0
declare i32 @dx.op.threadId.i32(i32, i32) #0
declare void @dx.op.tempRegStore.i32(i32, i32, i32) #1
declare i32 @dx.op.tempRegLoad.i32(i32, i32) #0
declare void @dx.op.bufferStore.i32(i32, %dx.types.Handle, i32, i32, i32, i32, i32, i32, i8) #1

attributes #0 = { nounwind readonly }
attributes #1 = { nounwind }

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
!6 = !{i32 0, i64 16, i32 4, !7}
!7 = !{i32 1, i32 1, i32 1}
