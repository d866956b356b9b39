; ps_6_0, the twin of test_agx_shader_tex's test_load_offset_wraps: textureLoad at
; coordinates near 2^31 whose offsets wrap them out of bounds (zeros):
;   SV_Target0 = t0.Load(int3(2147483647, 0, 0), int2(1, 0))
;   SV_Target1 = t0.Load(int3(0, -2147483648, 0), int2(0, -1))
;! output SV_Target 0 0 xyzw float target
;! output SV_Target 1 1 xyzw float target
;! resource srv_typed 0 0 0
target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

%dx.types.Handle = type { i8* }
%dx.types.ResRet.f32 = type { float, float, float, float, i32 }
%"class.Texture2D<vector<float, 4> >" = type { <4 x float>, %"class.Texture2D<vector<float, 4> >::mips_type" }
%"class.Texture2D<vector<float, 4> >::mips_type" = type { i32 }

define void @main() {
  %t0 = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 0, i32 0, i32 0, i1 false)
  %a = call %dx.types.ResRet.f32 @dx.op.textureLoad.f32(i32 66, %dx.types.Handle %t0, i32 0, i32 2147483647, i32 0, i32 undef, i32 1, i32 0, i32 undef)
  %b = call %dx.types.ResRet.f32 @dx.op.textureLoad.f32(i32 66, %dx.types.Handle %t0, i32 0, i32 0, i32 -2147483648, i32 undef, i32 0, i32 -1, i32 undef)
  %a.x = extractvalue %dx.types.ResRet.f32 %a, 0
  %a.y = extractvalue %dx.types.ResRet.f32 %a, 1
  %a.z = extractvalue %dx.types.ResRet.f32 %a, 2
  %a.w = extractvalue %dx.types.ResRet.f32 %a, 3
  %b.x = extractvalue %dx.types.ResRet.f32 %b, 0
  %b.y = extractvalue %dx.types.ResRet.f32 %b, 1
  %b.z = extractvalue %dx.types.ResRet.f32 %b, 2
  %b.w = extractvalue %dx.types.ResRet.f32 %b, 3
  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 0, float %a.x)
  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 1, float %a.y)
  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 2, float %a.z)
  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 3, float %a.w)
  call void @dx.op.storeOutput.f32(i32 5, i32 1, i32 0, i8 0, float %b.x)
  call void @dx.op.storeOutput.f32(i32 5, i32 1, i32 0, i8 1, float %b.y)
  call void @dx.op.storeOutput.f32(i32 5, i32 1, i32 0, i8 2, float %b.z)
  call void @dx.op.storeOutput.f32(i32 5, i32 1, i32 0, i8 3, float %b.w)
  ret void
}

declare %dx.types.Handle @dx.op.createHandle(i32, i8, i32, i32, i1) #1
declare void @dx.op.storeOutput.f32(i32, i32, i32, i8, float) #2
declare %dx.types.ResRet.f32 @dx.op.textureLoad.f32(i32, %dx.types.Handle, i32, i32, i32, i32, i32, i32, i32) #1

attributes #1 = { nounwind readonly }
attributes #2 = { nounwind }

!dx.version = !{!0}
!dx.valver = !{!0}
!dx.shaderModel = !{!1}
!dx.resources = !{!20}
!dx.entryPoints = !{!2}

!0 = !{i32 1, i32 0}
!1 = !{!"ps", i32 6, i32 0}
!20 = !{!21, null, null, null}
!21 = !{!22}
!22 = !{i32 0, %"class.Texture2D<vector<float, 4> >"* undef, !"t0", i32 0, i32 0, i32 1, i32 2, i32 0, !25}
!25 = !{i32 0, i32 9}
!2 = !{void ()* @main, !"main", !3, !20, null}
!3 = !{null, !8, null}
!6 = !{i32 0}
!8 = !{!9, !11}
!9 = !{i32 0, !"SV_Target", i8 9, i8 16, !6, i8 0, i32 1, i8 4, i32 0, i8 0, null}
!10 = !{i32 1}
!11 = !{i32 1, !"SV_Target", i8 9, i8 16, !10, i8 0, i32 1, i8 4, i32 1, i8 0, null}
