; cs_6_0: cs_get_dimensions.ll with its structured SRV's extended properties lacking
; the element stride (property 1): refused at creation.
;! resource srv_structured 0 0 0
;! resource uav_raw 0 0 0
target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

%dx.types.Handle = type { i8* }
%dx.types.Dimensions = type { i32, i32, i32, i32 }
%"class.StructuredBuffer<vector<unsigned int, 2> >" = type { <2 x i32> }
%struct.RWByteAddressBuffer = type { i32 }

define void @main() {
  %src = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 0, i32 0, i32 0, i1 false)
  %dst = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 1, i32 0, i32 0, i1 false)
  %src.dims = call %dx.types.Dimensions @dx.op.getDimensions(i32 72, %dx.types.Handle %src, i32 undef)
  %src.count = extractvalue %dx.types.Dimensions %src.dims, 0
  %dst.dims = call %dx.types.Dimensions @dx.op.getDimensions(i32 72, %dx.types.Handle %dst, i32 undef)
  %dst.bytes = extractvalue %dx.types.Dimensions %dst.dims, 0
  call void @dx.op.bufferStore.i32(i32 69, %dx.types.Handle %dst, i32 0, i32 undef, i32 %src.count, i32 undef, i32 undef, i32 undef, i8 1)
  call void @dx.op.bufferStore.i32(i32 69, %dx.types.Handle %dst, i32 4, i32 undef, i32 %dst.bytes, i32 undef, i32 undef, i32 undef, i8 1)
  ret void
}

declare %dx.types.Handle @dx.op.createHandle(i32, i8, i32, i32, i1) #1
; getDimensions(opcode, handle, mip level)
declare %dx.types.Dimensions @dx.op.getDimensions(i32, %dx.types.Handle, i32) #1
declare void @dx.op.bufferStore.i32(i32, %dx.types.Handle, i32, i32, i32, i32, i32, i32, i8) #2

attributes #1 = { nounwind readonly }
attributes #2 = { nounwind }

!dx.version = !{!0}
!dx.valver = !{!0}
!dx.shaderModel = !{!1}
!dx.resources = !{!2}
!dx.entryPoints = !{!11}

!0 = !{i32 1, i32 0}
!1 = !{!"cs", i32 6, i32 0}
!2 = !{!3, !5, null, null}
!3 = !{!4}
!4 = !{i32 0, %"class.StructuredBuffer<vector<unsigned int, 2> >"* undef, !"t0", i32 0, i32 0, i32 1, i32 12, i32 0, !20}
!5 = !{!6}
!6 = !{i32 0, %struct.RWByteAddressBuffer* undef, !"u0", i32 0, i32 0, i32 1, i32 11, i1 false, i1 false, i1 false, null}
!20 = !{i32 0, i32 5}
!11 = !{void ()* @main, !"main", null, !2, !12}
!12 = !{i32 0, i64 16, i32 4, !13}
!13 = !{i32 1, i32 1, i32 1}
