; cs_6_0, 5 threads, the twin of test_agx_shader_tex's test_multisampled (without samplepos:
; Texture2DMSGetSamplePosition, 75, is a refused op): thread i stores at byte 16 i
; (t0.Load(int2(2, 3), i), t0.GetDimensions().samples) of a 4x Texture2DMS<uint>.
;! resource srv_typed 0 0 0
;! resource uav_raw 0 0 0
target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

%dx.types.Handle = type { i8* }
%dx.types.ResRet.i32 = type { i32, i32, i32, i32, i32 }
%dx.types.Dimensions = type { i32, i32, i32, i32 }
%"class.Texture2DMS<unsigned int, 4>" = type { i32, %"class.Texture2DMS<unsigned int, 4>::sample_type" }
%"class.Texture2DMS<unsigned int, 4>::sample_type" = type { i32 }
%struct.RWByteAddressBuffer = type { i32 }

define void @main() {
  %t0 = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 0, i32 0, i32 0, i1 false)
  %u0 = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 1, i32 0, i32 0, i1 false)
  %i = call i32 @dx.op.flattenedThreadIdInGroup.i32(i32 96)
  ; textureLoad(opcode, texture, sample, c0..c2, o0..o2)
  %l = call %dx.types.ResRet.i32 @dx.op.textureLoad.i32(i32 66, %dx.types.Handle %t0, i32 %i, i32 2, i32 3, i32 undef, i32 undef, i32 undef, i32 undef)
  %v = extractvalue %dx.types.ResRet.i32 %l, 0
  %d = call %dx.types.Dimensions @dx.op.getDimensions(i32 72, %dx.types.Handle %t0, i32 undef)
  %w = extractvalue %dx.types.Dimensions %d, 0
  %h = extractvalue %dx.types.Dimensions %d, 1
  %samples = extractvalue %dx.types.Dimensions %d, 3
  %offset = shl i32 %i, 4
  call void @dx.op.bufferStore.i32(i32 69, %dx.types.Handle %u0, i32 %offset, i32 undef, i32 %v, i32 %samples, i32 %w, i32 %h, i8 15)
  ret void
}

declare %dx.types.Handle @dx.op.createHandle(i32, i8, i32, i32, i1) #1
declare i32 @dx.op.flattenedThreadIdInGroup.i32(i32) #0
declare %dx.types.ResRet.i32 @dx.op.textureLoad.i32(i32, %dx.types.Handle, i32, i32, i32, i32, i32, i32, i32) #1
declare %dx.types.Dimensions @dx.op.getDimensions(i32, %dx.types.Handle, i32) #1
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
; shape 3: Texture2DMS, 4 samples
!4 = !{i32 0, %"class.Texture2DMS<unsigned int, 4>"* undef, !"t0", i32 0, i32 0, i32 1, i32 3, i32 4, !20}
!5 = !{!6}
!6 = !{i32 0, %struct.RWByteAddressBuffer* undef, !"u0", i32 0, i32 0, i32 1, i32 11, i1 false, i1 false, i1 false, null}
!20 = !{i32 0, i32 5}
!11 = !{void ()* @main, !"main", null, !2, !12}
!12 = !{i32 0, i64 16, i32 4, !13}
!13 = !{i32 5, i32 1, i32 1}
