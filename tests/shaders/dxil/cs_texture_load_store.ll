; cs_6_0, 2x2x2 threads (x, y, z): textureLoad of 1D, 2D-array and 3D textures at mips,
; slices and offsets, textureStore into a 3D and a 1D-array UAV (R32_UINT everywhere):
;   a = t0.Load(int4(x + 1, y, z, 1), int2(-1, 0))   Texture2DArray: mip 1, slice z, texel (x, y)
;   b = t1.Load(int2(x + 2y, z))                       Texture1D: mip z, texel x + 2y
;   c = t2.Load(int4(x, y, z - 1, 0), int3(0, 0, 1))  Texture3D: texel (x, y, z)
;   u0[uint3(x, y, z)] = a + 100 b + 10000 c           RWTexture3D
;   u1[uint2(x, y + 2z)] = a                           RWTexture1DArray (slice y + 2z)
;! resource srv_typed 0 0 0
;! resource srv_typed 0 1 1
;! resource srv_typed 0 2 2
;! resource uav_typed 0 0 0
;! resource uav_typed 0 1 1
target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

%dx.types.Handle = type { i8* }
%dx.types.ResRet.i32 = type { i32, i32, i32, i32, i32 }
%"class.Texture2DArray<unsigned int>" = type { i32 }
%"class.Texture1D<unsigned int>" = type { i32 }
%"class.Texture3D<unsigned int>" = type { i32 }
%"class.RWTexture3D<unsigned int>" = type { i32 }
%"class.RWTexture1DArray<unsigned int>" = type { i32 }

define void @main() {
  %t0 = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 0, i32 0, i32 0, i1 false)
  %t1 = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 0, i32 1, i32 1, i1 false)
  %t2 = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 0, i32 2, i32 2, i1 false)
  %u0 = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 1, i32 0, i32 0, i1 false)
  %u1 = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 1, i32 1, i32 1, i1 false)
  %x = call i32 @dx.op.threadId.i32(i32 93, i32 0)
  %y = call i32 @dx.op.threadId.i32(i32 93, i32 1)
  %z = call i32 @dx.op.threadId.i32(i32 93, i32 2)
  %x1 = add i32 %x, 1
  ; textureLoad(opcode, texture, mip or sample, c0..c2, o0..o2)
  %la = call %dx.types.ResRet.i32 @dx.op.textureLoad.i32(i32 66, %dx.types.Handle %t0, i32 1, i32 %x1, i32 %y, i32 %z, i32 -1, i32 0, i32 undef)
  %a = extractvalue %dx.types.ResRet.i32 %la, 0
  %y2 = shl i32 %y, 1
  %i = add i32 %x, %y2
  %lb = call %dx.types.ResRet.i32 @dx.op.textureLoad.i32(i32 66, %dx.types.Handle %t1, i32 %z, i32 %i, i32 undef, i32 undef, i32 0, i32 undef, i32 undef)
  %b = extractvalue %dx.types.ResRet.i32 %lb, 0
  %zm1 = add i32 %z, -1
  %lc = call %dx.types.ResRet.i32 @dx.op.textureLoad.i32(i32 66, %dx.types.Handle %t2, i32 0, i32 %x, i32 %y, i32 %zm1, i32 0, i32 0, i32 1)
  %c = extractvalue %dx.types.ResRet.i32 %lc, 0
  %b100 = mul i32 %b, 100
  %c10000 = mul i32 %c, 10000
  %ab = add i32 %a, %b100
  %abc = add i32 %ab, %c10000
  ; textureStore(opcode, texture, c0..c2, v0..v3, mask)
  call void @dx.op.textureStore.i32(i32 67, %dx.types.Handle %u0, i32 %x, i32 %y, i32 %z, i32 %abc, i32 %abc, i32 %abc, i32 %abc, i8 15)
  %z2 = shl i32 %z, 1
  %slice = add i32 %y, %z2
  call void @dx.op.textureStore.i32(i32 67, %dx.types.Handle %u1, i32 %x, i32 %slice, i32 undef, i32 %a, i32 %a, i32 %a, i32 %a, i8 15)
  ret void
}

declare %dx.types.Handle @dx.op.createHandle(i32, i8, i32, i32, i1) #1
declare i32 @dx.op.threadId.i32(i32, i32) #0
declare %dx.types.ResRet.i32 @dx.op.textureLoad.i32(i32, %dx.types.Handle, i32, i32, i32, i32, i32, i32, i32) #1
declare void @dx.op.textureStore.i32(i32, %dx.types.Handle, i32, i32, i32, i32, i32, i32, i32, i8) #2

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
; shapes: 7 Texture2DArray, 1 Texture1D, 4 Texture3D, 6 Texture1DArray
!3 = !{!30, !31, !32}
!30 = !{i32 0, %"class.Texture2DArray<unsigned int>"* undef, !"t0", i32 0, i32 0, i32 1, i32 7, i32 0, !20}
!31 = !{i32 1, %"class.Texture1D<unsigned int>"* undef, !"t1", i32 0, i32 1, i32 1, i32 1, i32 0, !20}
!32 = !{i32 2, %"class.Texture3D<unsigned int>"* undef, !"t2", i32 0, i32 2, i32 1, i32 4, i32 0, !20}
!5 = !{!50, !51}
!50 = !{i32 0, %"class.RWTexture3D<unsigned int>"* undef, !"u0", i32 0, i32 0, i32 1, i32 4, i1 false, i1 false, i1 false, !20}
!51 = !{i32 1, %"class.RWTexture1DArray<unsigned int>"* undef, !"u1", i32 0, i32 1, i32 1, i32 6, i1 false, i1 false, i1 false, !20}
!20 = !{i32 0, i32 5}
!11 = !{void ()* @main, !"main", null, !2, !12}
!12 = !{i32 0, i64 0, i32 4, !13}
!13 = !{i32 2, i32 2, i32 2}
