; cs_6_0, 8 threads, the twin of test_agx_shader_mem's test_typed_buffers:
; u0[id] = t0[id].yxzw + uint4(1, 2, 3, 4) over typed buffers (through the texture unit,
; so the views' formats convert): bufferLoad(handle, index, undef), bufferStore(handle,
; index, undef, four values, mask).
;! resource srv_typed 0 0 0
;! resource uav_typed 0 0 0
target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

%dx.types.Handle = type { i8* }
%dx.types.ResRet.i32 = type { i32, i32, i32, i32, i32 }
%"class.Buffer<vector<unsigned int, 4> >" = type { <4 x i32> }
%"class.RWBuffer<vector<unsigned int, 4> >" = type { <4 x i32> }

define void @main() {
  %t0 = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 0, i32 0, i32 0, i1 false)
  %u0 = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 1, i32 0, i32 0, i1 false)
  %id = call i32 @dx.op.threadId.i32(i32 93, i32 0)
  %l = call %dx.types.ResRet.i32 @dx.op.bufferLoad.i32(i32 68, %dx.types.Handle %t0, i32 %id, i32 undef)
  %l.x = extractvalue %dx.types.ResRet.i32 %l, 0
  %l.y = extractvalue %dx.types.ResRet.i32 %l, 1
  %l.z = extractvalue %dx.types.ResRet.i32 %l, 2
  %l.w = extractvalue %dx.types.ResRet.i32 %l, 3
  %x = add i32 %l.y, 1
  %y = add i32 %l.x, 2
  %z = add i32 %l.z, 3
  %w = add i32 %l.w, 4
  call void @dx.op.bufferStore.i32(i32 69, %dx.types.Handle %u0, i32 %id, i32 undef, i32 %x, i32 %y, i32 %z, i32 %w, i8 15)
  ret void
}

declare %dx.types.Handle @dx.op.createHandle(i32, i8, i32, i32, i1) #1
declare i32 @dx.op.threadId.i32(i32, i32) #0
declare %dx.types.ResRet.i32 @dx.op.bufferLoad.i32(i32, %dx.types.Handle, i32, i32) #1
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
!2 = !{!3, !5, null, null}
!3 = !{!4}
; shape 10: typed buffer; extended property 0: the element type (5: U32)
!4 = !{i32 0, %"class.Buffer<vector<unsigned int, 4> >"* undef, !"t0", i32 0, i32 0, i32 1, i32 10, i32 0, !20}
!5 = !{!6}
!6 = !{i32 0, %"class.RWBuffer<vector<unsigned int, 4> >"* undef, !"u0", i32 0, i32 0, i32 1, i32 10, i1 false, i1 false, i1 false, !20}
!20 = !{i32 0, i32 5}
!11 = !{void ()* @main, !"main", null, !2, !12}
!12 = !{i32 0, i64 0, i32 4, !13}
!13 = !{i32 8, i32 1, i32 1}
