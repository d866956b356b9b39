; cs_6_0, 5 threads: u0[8 i .. 8 i + 7] = t0.GetSamplePosition(i) (a 4x Texture2DMS):
; the twin of test_agx_shader_tex's samplepos, sample 4 beyond the count.
;! resource srv_typed 0 0 0
;! resource uav_raw 0 0 0
target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

%dx.types.Handle = type { i8* }
%dx.types.SamplePos = type { float, float }
%"class.Texture2DMS<uint,4>" = type { i32, %"class.Texture2DMS<uint,4>::sample_type" }
%"class.Texture2DMS<uint,4>::sample_type" = type { i32 }
%struct.RWByteAddressBuffer = type { i32 }

define void @main() {
  %texture = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 0, i32 0, i32 0, i1 false)
  %out = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 1, i32 0, i32 0, i1 false)
  %i = call i32 @dx.op.flattenedThreadIdInGroup.i32(i32 96)
  %pos = call %dx.types.SamplePos @dx.op.texture2DMSGetSamplePosition(i32 75, %dx.types.Handle %texture, i32 %i)
  %x = extractvalue %dx.types.SamplePos %pos, 0
  %y = extractvalue %dx.types.SamplePos %pos, 1
  %offset = shl i32 %i, 3
  call void @dx.op.rawBufferStore.f32(i32 140, %dx.types.Handle %out, i32 %offset, i32 undef, float %x, float %y, float undef, float undef, i8 3, i32 4)
  ret void
}

declare %dx.types.Handle @dx.op.createHandle(i32, i8, i32, i32, i1) #1
declare i32 @dx.op.flattenedThreadIdInGroup.i32(i32) #0
; texture2DMSGetSamplePosition(opcode, handle, sample index)
declare %dx.types.SamplePos @dx.op.texture2DMSGetSamplePosition(i32, %dx.types.Handle, i32) #1
; rawBufferStore(opcode, handle, index, element offset, 4 values, write mask, alignment)
declare void @dx.op.rawBufferStore.f32(i32, %dx.types.Handle, i32, i32, float, float, float, float, i8, i32) #2

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
; SRV: ID, variable, name, space, lower bound, range size, shape (3: texture 2DMS), sample count, extra
!4 = !{i32 0, %"class.Texture2DMS<uint,4>"* undef, !"t0", i32 0, i32 0, i32 1, i32 3, i32 4, null}
!5 = !{!6}
!6 = !{i32 0, %struct.RWByteAddressBuffer* undef, !"u0", i32 0, i32 0, i32 1, i32 11, i1 false, i1 false, i1 false, null}
!11 = !{void ()* @main, !"main", null, !2, !12}
!12 = !{i32 4, !13}
!13 = !{i32 5, i32 1, i32 1}
