; cs_6_0 with minimum precision: a 16-bit overload of a raw buffer load (16-bit data in
; memory, which minimum precision does not have) is refused.
;! resource uav_raw 0 0 0
target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

%dx.types.Handle = type { i8* }
%struct.RWByteAddressBuffer = type { i32 }
%dx.types.ResRet.f16 = type { half, half, half, half, i32 }

define void @main() {
  %dst = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 1, i32 0, i32 0, i1 false)
  %id = call i32 @dx.op.threadId.i32(i32 93, i32 0)
  %ld = call %dx.types.ResRet.f16 @dx.op.bufferLoad.f16(i32 68, %dx.types.Handle %dst, i32 0, i32 undef)
  %h = extractvalue %dx.types.ResRet.f16 %ld, 0
  %f = fpext half %h to float
  %out = shl i32 %id, 2
  call void @dx.op.bufferStore.f32(i32 69, %dx.types.Handle %dst, i32 %out, i32 undef, float %f, float undef, float undef, float undef, i8 1)
  ret void
}

declare %dx.types.Handle @dx.op.createHandle(i32, i8, i32, i32, i1) #1
declare i32 @dx.op.threadId.i32(i32, i32) #0
declare %dx.types.ResRet.f16 @dx.op.bufferLoad.f16(i32, %dx.types.Handle, i32, i32) #1
declare void @dx.op.bufferStore.f32(i32, %dx.types.Handle, i32, i32, float, float, float, float, i8) #2

attributes #0 = { nounwind readnone }
attributes #1 = { nounwind readonly }
attributes #2 = { nounwind }

!dx.version = !{!0}
!dx.valver = !{!0}
!dx.shaderModel = !{!1}
!dx.resources = !{!2}
!dx.entryPoints = !{!8}

!0 = !{i32 1, i32 0}
!1 = !{!"cs", i32 6, i32 0}
!2 = !{null, !5, null, null}
!5 = !{!6}
!6 = !{i32 0, %struct.RWByteAddressBuffer* undef, !"u0", i32 0, i32 0, i32 1, i32 11, i1 false, i1 false, i1 false, null}
; Shader flags 0x30: raw buffers, LowPrecisionPresent.
!8 = !{void ()* @main, !"main", null, !2, !9}
!9 = !{i32 0, i64 48, i32 4, !10}
!10 = !{i32 1, i32 1, i32 1}
