; cs_6_6, 16 threads: u0[id].y = t0[id].x + t0[id].y * 3 over two structured buffers of
; 8-byte elements (t0 space 2 register 3, u0 space 0 register 5), their handles made the
; SM 6.6 way: createHandleFromBinding with a dx.types.ResBind {lower, upper, space, class},
; then annotateHandle with dx.types.ResourceProperties; rawBufferLoad/Store(handle, element,
; byte offset, ..., mask, alignment). u0[id].x is never written.
;! resource srv_structured 2 3 3
;! resource uav_structured 0 5 5
target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

%dx.types.Handle = type { i8* }
%dx.types.ResBind = type { i32, i32, i32, i8 }
%dx.types.ResourceProperties = type { i32, i32 }
%dx.types.ResRet.i32 = type { i32, i32, i32, i32, i32 }
%"class.StructuredBuffer<vector<unsigned int, 2> >" = type { <2 x i32> }
%"class.RWStructuredBuffer<vector<unsigned int, 2> >" = type { <2 x i32> }

define void @main() {
  %src.bind = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 3, i32 3, i32 2, i8 0 }, i32 3, i1 false)
  %src = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %src.bind, %dx.types.ResourceProperties { i32 12, i32 8 })
  %dst.bind = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 5, i32 5, i32 0, i8 1 }, i32 5, i1 false)
  %dst = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %dst.bind, %dx.types.ResourceProperties { i32 4108, i32 8 })
  %id = call i32 @dx.op.threadId.i32(i32 93, i32 0)
  %loaded = call %dx.types.ResRet.i32 @dx.op.rawBufferLoad.i32(i32 139, %dx.types.Handle %src, i32 %id, i32 0, i8 3, i32 4)
  %x = extractvalue %dx.types.ResRet.i32 %loaded, 0
  %y = extractvalue %dx.types.ResRet.i32 %loaded, 1
  %y3 = mul i32 %y, 3
  %sum = add i32 %x, %y3
  call void @dx.op.rawBufferStore.i32(i32 140, %dx.types.Handle %dst, i32 %id, i32 4, i32 %sum, i32 undef, i32 undef, i32 undef, i8 1, i32 4)
  ret void
}

declare %dx.types.Handle @dx.op.createHandleFromBinding(i32, %dx.types.ResBind, i32, i1) #0
declare %dx.types.Handle @dx.op.annotateHandle(i32, %dx.types.Handle, %dx.types.ResourceProperties) #0
declare i32 @dx.op.threadId.i32(i32, i32) #0
declare %dx.types.ResRet.i32 @dx.op.rawBufferLoad.i32(i32, %dx.types.Handle, i32, i32, i8, i32) #1
declare void @dx.op.rawBufferStore.i32(i32, %dx.types.Handle, i32, i32, i32, i32, i32, i32, i8, i32) #2

attributes #0 = { nounwind readnone }
attributes #1 = { nounwind readonly }
attributes #2 = { nounwind }

!dx.version = !{!0}
!dx.valver = !{!0}
!dx.shaderModel = !{!1}
!dx.resources = !{!2}
!dx.entryPoints = !{!11}

!0 = !{i32 1, i32 6}
!1 = !{!"cs", i32 6, i32 6}
!2 = !{!3, !5, null, null}
!3 = !{!4}
; SRV: ID, variable, name, space, lower bound, range size, shape (12: structured buffer), sample count, extra (1: stride)
!4 = !{i32 0, %"class.StructuredBuffer<vector<unsigned int, 2> >"* undef, !"t3", i32 2, i32 3, i32 1, i32 12, i32 0, !20}
!5 = !{!6}
!6 = !{i32 0, %"class.RWStructuredBuffer<vector<unsigned int, 2> >"* undef, !"u5", i32 0, i32 5, i32 1, i32 12, i1 false, i1 false, i1 false, !20}
!20 = !{i32 1, i32 8}
!11 = !{void ()* @main, !"main", null, !2, !12}
!12 = !{i32 0, i64 16, i32 4, !13}
!13 = !{i32 16, i32 1, i32 1}
