; cs_6_0, 64 threads: a = (id - 32) * 7, b = id % 5 - 2 (b = 0 included: any value, no
; trap), fa = a * 0.5, fb = b + 0.5; u0[id * 16 ..] = (a sdiv b, a srem b, fa frem fb,
; (a + 3) sdiv 4), a raw UAV at u0: HLSL's / and % on int and fmod.
;! resource uav_raw 0 0 0
target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

%dx.types.Handle = type { i8* }
%struct.RWByteAddressBuffer = type { i32 }

define void @main() {
  %buffer = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 1, i32 0, i32 0, i1 false)
  %id = call i32 @dx.op.threadId.i32(i32 93, i32 0)
  %centred = sub i32 %id, 32
  %a = mul i32 %centred, 7
  %five = urem i32 %id, 5
  %b = sub i32 %five, 2
  %quotient = sdiv i32 %a, %b
  %remainder = srem i32 %a, %b
  %a_float = sitofp i32 %a to float
  %fa = fmul float %a_float, 5.000000e-01
  %b_float = sitofp i32 %b to float
  %fb = fadd float %b_float, 5.000000e-01
  %fmod = frem float %fa, %fb
  %fmod_bits = bitcast float %fmod to i32
  %shifted = add i32 %a, 3
  %quarter = sdiv i32 %shifted, 4
  %offset = shl i32 %id, 4
  call void @dx.op.bufferStore.i32(i32 69, %dx.types.Handle %buffer, i32 %offset, i32 undef, i32 %quotient, i32 %remainder, i32 %fmod_bits, i32 %quarter, i8 15)
  ret void
}

; createHandle(opcode, resource class, range ID, index, non-uniform)
declare %dx.types.Handle @dx.op.createHandle(i32, i8, i32, i32, i1) #1
; threadId(opcode, component)
declare i32 @dx.op.threadId.i32(i32, i32) #0
; bufferStore(opcode, handle, coordinate 0, coordinate 1, 4 values, write mask)
declare void @dx.op.bufferStore.i32(i32, %dx.types.Handle, i32, i32, i32, i32, i32, i32, i8) #2

attributes #0 = { nounwind readnone }
attributes #1 = { nounwind readonly }
attributes #2 = { nounwind }

!dx.version = !{!0}
!dx.valver = !{!0}
!dx.shaderModel = !{!1}
!dx.resources = !{!2}
!dx.entryPoints = !{!5}

!0 = !{i32 1, i32 0}
!1 = !{!"cs", i32 6, i32 0}
; SRVs, UAVs, CBVs, samplers
!2 = !{null, !3, null, null}
!3 = !{!4}
; UAV: ID, variable, name, space, lower bound, range size, shape (11: raw buffer),
; globally coherent, has counter, rasterizer ordered, extra
!4 = !{i32 0, %struct.RWByteAddressBuffer* undef, !"u0", i32 0, i32 0, i32 1, i32 11, i1 false, i1 false, i1 false, null}
; function, name, signatures, resources, properties (4: the thread group size)
!5 = !{void ()* @main, !"main", null, !2, !6}
!6 = !{i32 4, !7}
!7 = !{i32 64, i32 1, i32 1}
