; ps_6_0, the twin of test_agx_shader_tex's test_texture_lod and test_texture_lod_clamp
; (one mip reads 1.0, the next 2.0; the lod comes from the quad's differences):
;   SV_Target0 = (Sample, SampleBias -1, SampleLevel 1, SampleGrad ddx (0.25, 0) ddy (0, 0.25))
;   SV_Target1 = 1 / GetDimensions(mip 1).xy (resinfo_rcpFloat's sizes)
;   SV_Target2 = (Sample clamp 1, Sample clamp 0, SampleBias -1 clamp 1,
;                 SampleGrad ddx (0.125, 0) ddy (0, 0.125) clamp 1)
; The DXBC tests' lod (CalculateLOD, 81) and CheckAccessFullyMapped (71) are refused ops.
;! input COLOR 0 0 xy float
;! output SV_Target 0 0 xyzw float target
;! output SV_Target 1 1 xy float target
;! output SV_Target 2 2 xyzw float target
;! resource srv_typed 0 0 0
;! resource sampler 0 0 0
target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

%dx.types.Handle = type { i8* }
%dx.types.ResRet.f32 = type { float, float, float, float, i32 }
%dx.types.Dimensions = type { i32, i32, i32, i32 }
%"class.Texture2D<float>" = type { float, %"class.Texture2D<float>::mips_type" }
%"class.Texture2D<float>::mips_type" = type { i32 }
%struct.SamplerState = type { i32 }

define void @main() {
  %t0 = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 0, i32 0, i32 0, i1 false)
  %s0 = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 3, i32 0, i32 0, i1 false)
  %u = call float @dx.op.loadInput.f32(i32 4, i32 0, i32 0, i8 0, i32 undef)
  %v = call float @dx.op.loadInput.f32(i32 4, i32 0, i32 0, i8 1, i32 undef)
  ; sample(opcode, texture, sampler, c0..c3, o0..o2, clamp)
  %a = call %dx.types.ResRet.f32 @dx.op.sample.f32(i32 60, %dx.types.Handle %t0, %dx.types.Handle %s0, float %u, float %v, float undef, float undef, i32 0, i32 0, i32 undef, float undef)
  %a.x = extractvalue %dx.types.ResRet.f32 %a, 0
  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 0, float %a.x)
  ; sampleBias(opcode, texture, sampler, c0..c3, o0..o2, bias, clamp)
  %b = call %dx.types.ResRet.f32 @dx.op.sampleBias.f32(i32 61, %dx.types.Handle %t0, %dx.types.Handle %s0, float %u, float %v, float undef, float undef, i32 0, i32 0, i32 undef, float -1.000000e+00, float undef)
  %b.x = extractvalue %dx.types.ResRet.f32 %b, 0
  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 1, float %b.x)
  ; sampleLevel(opcode, texture, sampler, c0..c3, o0..o2, lod)
  %c = call %dx.types.ResRet.f32 @dx.op.sampleLevel.f32(i32 62, %dx.types.Handle %t0, %dx.types.Handle %s0, float %u, float %v, float undef, float undef, i32 0, i32 0, i32 undef, float 1.000000e+00)
  %c.x = extractvalue %dx.types.ResRet.f32 %c, 0
  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 2, float %c.x)
  ; sampleGrad(opcode, texture, sampler, c0..c3, o0..o2, ddx0..2, ddy0..2, clamp)
  %d = call %dx.types.ResRet.f32 @dx.op.sampleGrad.f32(i32 63, %dx.types.Handle %t0, %dx.types.Handle %s0, float %u, float %v, float undef, float undef, i32 0, i32 0, i32 undef, float 2.500000e-01, float 0.000000e+00, float undef, float 0.000000e+00, float 2.500000e-01, float undef, float undef)
  %d.x = extractvalue %dx.types.ResRet.f32 %d, 0
  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 3, float %d.x)
  %dim = call %dx.types.Dimensions @dx.op.getDimensions(i32 72, %dx.types.Handle %t0, i32 1)
  %w = extractvalue %dx.types.Dimensions %dim, 0
  %h = extractvalue %dx.types.Dimensions %dim, 1
  %wf = uitofp i32 %w to float
  %hf = uitofp i32 %h to float
  %rw = fdiv fast float 1.000000e+00, %wf
  %rh = fdiv fast float 1.000000e+00, %hf
  call void @dx.op.storeOutput.f32(i32 5, i32 1, i32 0, i8 0, float %rw)
  call void @dx.op.storeOutput.f32(i32 5, i32 1, i32 0, i8 1, float %rh)
  %e = call %dx.types.ResRet.f32 @dx.op.sample.f32(i32 60, %dx.types.Handle %t0, %dx.types.Handle %s0, float %u, float %v, float undef, float undef, i32 0, i32 0, i32 undef, float 1.000000e+00)
  %e.x = extractvalue %dx.types.ResRet.f32 %e, 0
  call void @dx.op.storeOutput.f32(i32 5, i32 2, i32 0, i8 0, float %e.x)
  %f = call %dx.types.ResRet.f32 @dx.op.sample.f32(i32 60, %dx.types.Handle %t0, %dx.types.Handle %s0, float %u, float %v, float undef, float undef, i32 0, i32 0, i32 undef, float 0.000000e+00)
  %f.x = extractvalue %dx.types.ResRet.f32 %f, 0
  call void @dx.op.storeOutput.f32(i32 5, i32 2, i32 0, i8 1, float %f.x)
  %g = call %dx.types.ResRet.f32 @dx.op.sampleBias.f32(i32 61, %dx.types.Handle %t0, %dx.types.Handle %s0, float %u, float %v, float undef, float undef, i32 0, i32 0, i32 undef, float -1.000000e+00, float 1.000000e+00)
  %g.x = extractvalue %dx.types.ResRet.f32 %g, 0
  call void @dx.op.storeOutput.f32(i32 5, i32 2, i32 0, i8 2, float %g.x)
  %k = call %dx.types.ResRet.f32 @dx.op.sampleGrad.f32(i32 63, %dx.types.Handle %t0, %dx.types.Handle %s0, float %u, float %v, float undef, float undef, i32 0, i32 0, i32 undef, float 1.250000e-01, float 0.000000e+00, float undef, float 0.000000e+00, float 1.250000e-01, float undef, float 1.000000e+00)
  %k.x = extractvalue %dx.types.ResRet.f32 %k, 0
  call void @dx.op.storeOutput.f32(i32 5, i32 2, i32 0, i8 3, float %k.x)
  ret void
}

declare %dx.types.Handle @dx.op.createHandle(i32, i8, i32, i32, i1) #1
declare float @dx.op.loadInput.f32(i32, i32, i32, i8, i32) #0
declare void @dx.op.storeOutput.f32(i32, i32, i32, i8, float) #2
declare %dx.types.ResRet.f32 @dx.op.sample.f32(i32, %dx.types.Handle, %dx.types.Handle, float, float, float, float, i32, i32, i32, float) #1
declare %dx.types.ResRet.f32 @dx.op.sampleBias.f32(i32, %dx.types.Handle, %dx.types.Handle, float, float, float, float, i32, i32, i32, float, float) #1
declare %dx.types.ResRet.f32 @dx.op.sampleLevel.f32(i32, %dx.types.Handle, %dx.types.Handle, float, float, float, float, i32, i32, i32, float) #1
declare %dx.types.ResRet.f32 @dx.op.sampleGrad.f32(i32, %dx.types.Handle, %dx.types.Handle, float, float, float, float, i32, i32, i32, float, float, float, float, float, float, float) #1
declare %dx.types.Dimensions @dx.op.getDimensions(i32, %dx.types.Handle, i32) #1

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
!22 = !{i32 0, %"class.Texture2D<float>"* undef, !"t0", i32 0, i32 0, i32 1, i32 2, i32 0, !25}
!23 = !{!24}
!24 = !{i32 0, %struct.SamplerState* undef, !"s0", i32 0, i32 0, i32 1, i32 0, null}
!25 = !{i32 0, i32 9}
!2 = !{void ()* @main, !"main", !3, !20, null}
!3 = !{!4, !8, null}
!4 = !{!7}
!6 = !{i32 0}
!7 = !{i32 0, !"COLOR", i8 9, i8 0, !6, i8 2, i32 1, i8 2, i32 0, i8 0, null}
!8 = !{!9, !11, !13}
!9 = !{i32 0, !"SV_Target", i8 9, i8 16, !6, i8 0, i32 1, i8 4, i32 0, i8 0, null}
!10 = !{i32 1}
!11 = !{i32 1, !"SV_Target", i8 9, i8 16, !10, i8 0, i32 1, i8 2, i32 1, i8 0, null}
!12 = !{i32 2}
!13 = !{i32 2, !"SV_Target", i8 9, i8 16, !12, i8 0, i32 1, i8 4, i32 2, i8 0, null}
