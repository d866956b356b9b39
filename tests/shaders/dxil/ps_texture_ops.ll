; ps_6_0, the twin of test_agx_shader_tex's test_texture_instructions: over COLOR.xy,
;   SV_Target0 = t0.sample(s0, COLOR.xy)                                  (Sample, 60)
;   SV_Target1 = t0.Load(int3(COLOR.xy * 8, 0), int2(1, 0)).yxzw          (TextureLoad, 66)
;   SV_Target2 = t0.GetDimensions(0): width, height, -, mip levels (uint) (GetDimensions, 72)
;   SV_Target3 = t0.GatherRed(s0, COLOR.xy)                               (TextureGather, 73)
;! input COLOR 0 0 xy float
;! output SV_Target 0 0 xyzw float target
;! output SV_Target 1 1 xyzw float target
;! output SV_Target 2 2 xyw uint target
;! output SV_Target 3 3 xyzw float target
;! resource srv_typed 0 0 0
;! resource sampler 0 0 0
target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

%dx.types.Handle = type { i8* }
%dx.types.ResRet.f32 = type { float, float, float, float, i32 }
%dx.types.Dimensions = type { i32, i32, i32, i32 }
%"class.Texture2D<vector<float, 4> >" = type { <4 x float>, %"class.Texture2D<vector<float, 4> >::mips_type" }
%"class.Texture2D<vector<float, 4> >::mips_type" = type { i32 }
%struct.SamplerState = type { i32 }

define void @main() {
  %t0 = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 0, i32 0, i32 0, i1 false)
  %s0 = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 3, i32 0, i32 0, i1 false)
  %u = call float @dx.op.loadInput.f32(i32 4, i32 0, i32 0, i8 0, i32 undef)
  %v = call float @dx.op.loadInput.f32(i32 4, i32 0, i32 0, i8 1, i32 undef)
  ; sample(opcode, texture, sampler, c0..c3, o0..o2, clamp)
  %s = call %dx.types.ResRet.f32 @dx.op.sample.f32(i32 60, %dx.types.Handle %t0, %dx.types.Handle %s0, float %u, float %v, float undef, float undef, i32 0, i32 0, i32 undef, float undef)
  %s.x = extractvalue %dx.types.ResRet.f32 %s, 0
  %s.y = extractvalue %dx.types.ResRet.f32 %s, 1
  %s.z = extractvalue %dx.types.ResRet.f32 %s, 2
  %s.w = extractvalue %dx.types.ResRet.f32 %s, 3
  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 0, float %s.x)
  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 1, float %s.y)
  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 2, float %s.z)
  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 3, float %s.w)
  %u8 = fmul fast float %u, 8.000000e+00
  %v8 = fmul fast float %v, 8.000000e+00
  %x = fptosi float %u8 to i32
  %y = fptosi float %v8 to i32
  ; textureLoad(opcode, texture, mip, c0..c2, o0..o2)
  %l = call %dx.types.ResRet.f32 @dx.op.textureLoad.f32(i32 66, %dx.types.Handle %t0, i32 0, i32 %x, i32 %y, i32 undef, i32 1, i32 0, i32 undef)
  %l.x = extractvalue %dx.types.ResRet.f32 %l, 0
  %l.y = extractvalue %dx.types.ResRet.f32 %l, 1
  %l.z = extractvalue %dx.types.ResRet.f32 %l, 2
  %l.w = extractvalue %dx.types.ResRet.f32 %l, 3
  call void @dx.op.storeOutput.f32(i32 5, i32 1, i32 0, i8 0, float %l.y)
  call void @dx.op.storeOutput.f32(i32 5, i32 1, i32 0, i8 1, float %l.x)
  call void @dx.op.storeOutput.f32(i32 5, i32 1, i32 0, i8 2, float %l.z)
  call void @dx.op.storeOutput.f32(i32 5, i32 1, i32 0, i8 3, float %l.w)
  %d = call %dx.types.Dimensions @dx.op.getDimensions(i32 72, %dx.types.Handle %t0, i32 0)
  %d.w = extractvalue %dx.types.Dimensions %d, 0
  %d.h = extractvalue %dx.types.Dimensions %d, 1
  %d.mips = extractvalue %dx.types.Dimensions %d, 3
  call void @dx.op.storeOutput.i32(i32 5, i32 2, i32 0, i8 0, i32 %d.w)
  call void @dx.op.storeOutput.i32(i32 5, i32 2, i32 0, i8 1, i32 %d.h)
  call void @dx.op.storeOutput.i32(i32 5, i32 2, i32 0, i8 3, i32 %d.mips)
  ; textureGather(opcode, texture, sampler, c0..c3, o0, o1, channel)
  %g = call %dx.types.ResRet.f32 @dx.op.textureGather.f32(i32 73, %dx.types.Handle %t0, %dx.types.Handle %s0, float %u, float %v, float undef, float undef, i32 0, i32 0, i32 0)
  %g.x = extractvalue %dx.types.ResRet.f32 %g, 0
  %g.y = extractvalue %dx.types.ResRet.f32 %g, 1
  %g.z = extractvalue %dx.types.ResRet.f32 %g, 2
  %g.w = extractvalue %dx.types.ResRet.f32 %g, 3
  call void @dx.op.storeOutput.f32(i32 5, i32 3, i32 0, i8 0, float %g.x)
  call void @dx.op.storeOutput.f32(i32 5, i32 3, i32 0, i8 1, float %g.y)
  call void @dx.op.storeOutput.f32(i32 5, i32 3, i32 0, i8 2, float %g.z)
  call void @dx.op.storeOutput.f32(i32 5, i32 3, i32 0, i8 3, float %g.w)
  ret void
}

declare %dx.types.Handle @dx.op.createHandle(i32, i8, i32, i32, i1) #1
declare float @dx.op.loadInput.f32(i32, i32, i32, i8, i32) #0
declare void @dx.op.storeOutput.f32(i32, i32, i32, i8, float) #2
declare void @dx.op.storeOutput.i32(i32, i32, i32, i8, i32) #2
declare %dx.types.ResRet.f32 @dx.op.sample.f32(i32, %dx.types.Handle, %dx.types.Handle, float, float, float, float, i32, i32, i32, float) #1
declare %dx.types.ResRet.f32 @dx.op.textureLoad.f32(i32, %dx.types.Handle, i32, i32, i32, i32, i32, i32, i32) #1
declare %dx.types.Dimensions @dx.op.getDimensions(i32, %dx.types.Handle, i32) #1
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
; SRV: ID, variable, name, space, lower bound, range size, shape (2: Texture2D), sample count, extra (0: float)
!20 = !{!21, null, null, !23}
!21 = !{!22}
!22 = !{i32 0, %"class.Texture2D<vector<float, 4> >"* undef, !"t0", i32 0, i32 0, i32 1, i32 2, i32 0, !25}
!23 = !{!24}
!24 = !{i32 0, %struct.SamplerState* undef, !"s0", i32 0, i32 0, i32 1, i32 0, null}
!25 = !{i32 0, i32 9}
!2 = !{void ()* @main, !"main", !3, !20, null}
!3 = !{!4, !8, null}
!4 = !{!7}
!6 = !{i32 0}
!7 = !{i32 0, !"COLOR", i8 9, i8 0, !6, i8 2, i32 1, i8 2, i32 0, i8 0, null}
!8 = !{!9, !11, !13, !15}
!9 = !{i32 0, !"SV_Target", i8 9, i8 16, !6, i8 0, i32 1, i8 4, i32 0, i8 0, null}
!10 = !{i32 1}
!11 = !{i32 1, !"SV_Target", i8 9, i8 16, !10, i8 0, i32 1, i8 4, i32 1, i8 0, null}
!12 = !{i32 2}
!13 = !{i32 2, !"SV_Target", i8 5, i8 16, !12, i8 0, i32 1, i8 4, i32 2, i8 0, null}
!14 = !{i32 3}
!15 = !{i32 3, !"SV_Target", i8 9, i8 16, !14, i8 0, i32 1, i8 4, i32 3, i8 0, null}
