; cs_6_0, 16 threads: u0[id].y = 3 id + 1 into a RWStructuredBuffer<uint2> (stride 8 from
; dx.resources' extended property 1), bound as a root UAV, which has no stride of its own
; (test_draw_shader_dxil.c). bufferStore(handle, element, byte offset, values, mask).
;! resource uav_structured 0 0 0
target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

%dx.types.Handle = type { i8* }
%"class.RWStructuredBuffer<vector<unsigned int, 2> >" = type { <2 x i32> }

define void @main() {
  %u0 = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 1, i32 0, i32 0, i1 false)
  %id = call i32 @dx.op.threadId.i32(i32 93, i32 0)
  %id3 = mul i32 %id, 3
  %v = add i32 %id3, 1
  call void @dx.op.bufferStore.i32(i32 69, %dx.types.Handle %u0, i32 %id, i32 4, i32 %v, i32 undef, i32 undef, i32 undef, i8 1)
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
!6 = !{i32 0, %"class.RWStructuredBuffer<vector<unsigned int, 2> >"* undef, !"u0", i32 0, i32 0, i32 1, i32 12, i1 false, i1 false, i1 false, !20}
!20 = !{i32 1, i32 8}
!11 = !{void ()* @main, !"main", null, !2, !12}
!12 = !{i32 0, i64 16, i32 4, !13}
!13 = !{i32 16, i32 1, i32 1}
