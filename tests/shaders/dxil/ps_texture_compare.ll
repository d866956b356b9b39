; ps_6_0: comparisons and gathers with offsets and components over the 8x8 texture of
; test_agx_shader_tex (texel (x, y) = (x + 10y, 100 + x, 200 + y, 1)), the reference COLOR.z,
; s1 a comparison sampler:
;   SV_Target0.x = t0.SampleCmp(s1, COLOR.xy, COLOR.z, int2(1, 0))              (SampleCmp, 64)
;   SV_Target0.y = t0.SampleCmpLevelZero(s1, COLOR.xy, COLOR.z, int2(0, 1))     (SampleCmpLevelZero, 65)
;   SV_Target1   = t0.GatherCmpRed(s1, COLOR.xy, COLOR.z, int2(-1, 0))          (TextureGatherCmp, 74)
;   SV_Target2   = t0.GatherBlue(s0, COLOR.xy, int2(1, -1))                     (TextureGather, 73)
;! input COLOR 0 0 xyz float
;! output SV_Target 0 0 xy float target
;! output SV_Target 1 1 xyzw float target
;! output SV_Target 2 2 xyzw float target
;! resource srv_typed 0 0 0
;! resource sampler 0 0 0
;! resource sampler 0 1 1
target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

%dx.types.Handle = type { i8* }
%dx.types.ResRet.f32 = type { float, float, float, float, i32 }
%"class.Texture2D<vector<float, 4> >" = type { <4 x float>, %"class.Texture2D<vector<float, 4> >::mips_type" }
%"class.Texture2D<vector<float, 4> >::mips_type" = type { i32 }
%struct.SamplerState = type { i32 }
%struct.SamplerComparisonState = type { i32 }

define void @main() {
  %t0 = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 0, i32 0, i32 0, i1 false)
  %s0 = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 3, i32 0, i32 0, i1 false)
  %s1 = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 3, i32 1, i32 1, i1 false)
  %u = call float @dx.op.loadInput.f32(i32 4, i32 0, i32 0, i8 0, i32 undef)
  %v = call float @dx.op.loadInput.f32(i32 4, i32 0, i32 0, i8 1, i32 undef)
  %ref = call float @dx.op.loadInput.f32(i32 4, i32 0, i32 0, i8 2, i32 undef)
  ; sampleCmp(opcode, texture, sampler, c0..c3, o0..o2, compare, clamp)
  %a = call %dx.types.ResRet.f32 @dx.op.sampleCmp.f32(i32 64, %dx.types.Handle %t0, %dx.types.Handle %s1, float %u, float %v, float undef, float undef, i32 1, i32 0, i32 undef, float %ref, float undef)
  %a.x = extractvalue %dx.types.ResRet.f32 %a, 0
  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 0, float %a.x)
  ; sampleCmpLevelZero(opcode, texture, sampler, c0..c3, o0..o2, compare)
  %b = call %dx.types.ResRet.f32 @dx.op.sampleCmpLevelZero.f32(i32 65, %dx.types.Handle %t0, %dx.types.Handle %s1, float %u, float %v, float undef, float undef, i32 0, i32 1, i32 undef, float %ref)
  %b.x = extractvalue %dx.types.ResRet.f32 %b, 0
  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 1, float %b.x)
  ; textureGatherCmp(opcode, texture, sampler, c0..c3, o0, o1, channel, compare)
  %c = call %dx.types.ResRet.f32 @dx.op.textureGatherCmp.f32(i32 74, %dx.types.Handle %t0, %dx.types.Handle %s1, float %u, float %v, float undef, float undef, i32 -1, i32 0, i32 0, float %ref)
  %c.x = extractvalue %dx.types.ResRet.f32 %c, 0
  %c.y = extractvalue %dx.types.ResRet.f32 %c, 1
  %c.z = extractvalue %dx.types.ResRet.f32 %c, 2
  %c.w = extractvalue %dx.types.ResRet.f32 %c, 3
  call void @dx.op.storeOutput.f32(i32 5, i32 1, i32 0, i8 0, float %c.x)
  call void @dx.op.storeOutput.f32(i32 5, i32 1, i32 0, i8 1, float %c.y)
  call void @dx.op.storeOutput.f32(i32 5, i32 1, i32 0, i8 2, float %c.z)
  call void @dx.op.storeOutput.f32(i32 5, i32 1, i32 0, i8 3, float %c.w)
  ; textureGather(opcode, texture, sampler, c0..c3, o0, o1, channel)
  %d = call %dx.types.ResRet.f32 @dx.op.textureGather.f32(i32 73, %dx.types.Handle %t0, %dx.types.Handle %s0, float %u, float %v, float undef, float undef, i32 1, i32 -1, i32 2)
  %d.x = extractvalue %dx.types.ResRet.f32 %d, 0
  %d.y = extractvalue %dx.types.ResRet.f32 %d, 1
  %d.z = extractvalue %dx.types.ResRet.f32 %d, 2
  %d.w = extractvalue %dx.types.ResRet.f32 %d, 3
  call void @dx.op.storeOutput.f32(i32 5, i32 2, i32 0, i8 0, float %d.x)
  call void @dx.op.storeOutput.f32(i32 5, i32 2, i32 0, i8 1, float %d.y)
  call void @dx.op.storeOutput.f32(i32 5, i32 2, i32 0, i8 2, float %d.z)
  call void @dx.op.storeOutput.f32(i32 5, i32 2, i32 0, i8 3, float %d.w)
  ret void
}

declare %dx.types.Handle @dx.op.createHandle(i32, i8, i32, i32, i1) #1
declare float @dx.op.loadInput.f32(i32, i32, i32, i8, i32) #0
declare void @dx.op.storeOutput.f32(i32, i32, i32, i8, float) #2
declare %dx.types.ResRet.f32 @dx.op.sampleCmp.f32(i32, %dx.types.Handle, %dx.types.Handle, float, float, float, float, i32, i32, i32, float, float) #1
declare %dx.types.ResRet.f32 @dx.op.sampleCmpLevelZero.f32(i32, %dx.types.Handle, %dx.types.Handle, float, float, float, float, i32, i32, i32, float) #1
declare %dx.types.ResRet.f32 @dx.op.textureGatherCmp.f32(i32, %dx.types.Handle, %dx.types.Handle, float, float, float, float, i32, i32, i32, float) #1
declare %dx.types.ResRet.f32 @dx.op.textureGather.f32(i32, %dx.types.Handle, %dx.types.Handle, float, float, float, float, i32, i32, i32) #1

attributes #0 = { nounwind readnone }
attributes #1 = { nounwind readonly }
attributes #2 = { nounwind }

!dx.version = !{!0}
!dx.valver = !{!0}
!dx.shaderModel = !{!1}
!dx.resources = !{!20}
!dx.entryPoints = !{!2}

!0 = !{i32 1, i32 0}
!1 = !{!"ps", i32 6, i32 0}
!20 = !{!21, null, null, !23}
!21 = !{!22}
!22 = !{i32 0, %"class.Texture2D<vector<float, 4> >"* undef, !"t0", i32 0, i32 0, i32 1, i32 2, i32 0, !25}
; Samplers: ID, variable, name, space, lower bound, range size, type (0 default, 1 comparison), extra
!23 = !{!24, !26}
!24 = !{i32 0, %struct.SamplerState* undef, !"s0", i32 0, i32 0, i32 1, i32 0, null}
!26 = !{i32 1, %struct.SamplerComparisonState* undef, !"s1", i32 0, i32 1, i32 1, i32 1, null}
!25 = !{i32 0, i32 9}
!2 = !{void ()* @main, !"main", !3, !20, null}
!3 = !{!4, !8, null}
!4 = !{!7}
!6 = !{i32 0}
!7 = !{i32 0, !"COLOR", i8 9, i8 0, !6, i8 2, i32 1, i8 3, i32 0, i8 0, null}
!8 = !{!9, !11, !13}
!9 = !{i32 0, !"SV_Target", i8 9, i8 16, !6, i8 0, i32 1, i8 2, i32 0, i8 0, null}
!10 = !{i32 1}
!11 = !{i32 1, !"SV_Target", i8 9, i8 16, !10, i8 0, i32 1, i8 4, i32 1, i8 0, null}
!12 = !{i32 2}
!13 = !{i32 2, !"SV_Target", i8 9, i8 16, !12, i8 0, i32 1, i8 4, i32 2, i8 0, null}
