; cs_6_0 without native 16-bit types, 64 threads: minimum precision (half = min16float,
; i16 = min16int/min16uint). Thread i reads fa, fb, a, b = t0[16i ..] and writes 26
; results to u0[104i ..]: of ha, hb (fptrunc of fa, fb): fadd, fmul, FMax.f16,
; FMad.f16(ha, hb, 1.0h), Saturate.f16, fcmp olt, MinPrecXRegLoad.f16 of x0[i & 1].w;
; of ia, ib (trunc of a, b): add, sub, mul, udiv, urem, sdiv, srem, ashr, lshr, shl (by
; ib & 15), icmp slt, ult, sitofp, uitofp, IMax.i16, UMin.i16, MinPrecXRegLoad.i16 of
; x0[i & 1].y, Bfrev.i16, Countbits.i16, each extended back to 32 bits; then x0's
; elements 7 (x0[1].w: hb) and 5 (x0[1].y: ib) read by plain loads; 1 where a switch
; on ia takes its case 0xfff9, else 0.
;! resource srv_raw 0 0 0
;! resource uav_raw 0 0 0
target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

%dx.types.Handle = type { i8* }
%dx.types.ResRet.i32 = type { i32, i32, i32, i32, i32 }
%struct.ByteAddressBuffer = type { i32 }
%struct.RWByteAddressBuffer = type { i32 }

define void @main() {
  %src = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 0, i32 0, i32 0, i1 false)
  %dst = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 1, i32 0, i32 0, i1 false)
  %x0 = alloca [8 x float], align 4
  %x0.base = getelementptr [8 x float], [8 x float]* %x0, i32 0, i32 0
  %id = call i32 @dx.op.threadId.i32(i32 93, i32 0)
  %odd = and i32 %id, 1
  %in = shl i32 %id, 4
  %loaded = call %dx.types.ResRet.i32 @dx.op.bufferLoad.i32(i32 68, %dx.types.Handle %src, i32 %in, i32 undef)
  %fa.bits = extractvalue %dx.types.ResRet.i32 %loaded, 0
  %fb.bits = extractvalue %dx.types.ResRet.i32 %loaded, 1
  %a = extractvalue %dx.types.ResRet.i32 %loaded, 2
  %b = extractvalue %dx.types.ResRet.i32 %loaded, 3
  %fa = bitcast i32 %fa.bits to float
  %fb = bitcast i32 %fb.bits to float
  %ha = fptrunc float %fa to half
  %hb = fptrunc float %fb to half
  %hadd = fadd fast half %ha, %hb
  %hmul = fmul fast half %ha, %hb
  %hmax = call half @dx.op.binary.f16(i32 35, half %ha, half %hb)
  %hmad = call half @dx.op.tertiary.f16(i32 46, half %ha, half %hb, half 0xH3C00)
  %hsat = call half @dx.op.unary.f16(i32 7, half %ha)
  %hlt = fcmp fast olt half %ha, %hb
  call void @dx.op.minPrecXRegStore.f16(i32 3, float* %x0.base, i32 0, i8 3, half %ha)
  call void @dx.op.minPrecXRegStore.f16(i32 3, float* %x0.base, i32 1, i8 3, half %hb)
  %hx = call half @dx.op.minPrecXRegLoad.f16(i32 2, float* %x0.base, i32 %odd, i8 3)
  %ia = trunc i32 %a to i16
  %ib = trunc i32 %b to i16
  %amount = and i16 %ib, 15
  %iadd = add i16 %ia, %ib
  %isub = sub i16 %ia, %ib
  %imul = mul i16 %ia, %ib
  %iudiv = udiv i16 %ia, %ib
  %iurem = urem i16 %ia, %ib
  %isdiv = sdiv i16 %ia, %ib
  %isrem = srem i16 %ia, %ib
  %iashr = ashr i16 %ia, %amount
  %ilshr = lshr i16 %ia, %amount
  %ishl = shl i16 %ia, %amount
  %islt = icmp slt i16 %ia, %ib
  %iult = icmp ult i16 %ia, %ib
  %isitofp = sitofp i16 %ia to float
  %iuitofp = uitofp i16 %ia to float
  %imax = call i16 @dx.op.binary.i16(i32 37, i16 %ia, i16 %ib)
  %umin = call i16 @dx.op.binary.i16(i32 40, i16 %ia, i16 %ib)
  call void @dx.op.minPrecXRegStore.i16(i32 3, float* %x0.base, i32 0, i8 1, i16 %ia)
  call void @dx.op.minPrecXRegStore.i16(i32 3, float* %x0.base, i32 1, i8 1, i16 %ib)
  %ix = call i16 @dx.op.minPrecXRegLoad.i16(i32 2, float* %x0.base, i32 %odd, i8 1)
  %bfrev = call i16 @dx.op.unary.i16(i32 30, i16 %ia)
  %countbits = call i32 @dx.op.unaryBits.i16(i32 31, i16 %ia)
  %r0 = fpext half %hadd to float
  %r1 = fpext half %hmul to float
  %r2 = fpext half %hmax to float
  %r3 = fpext half %hmad to float
  %r4 = fpext half %hsat to float
  %r5 = sext i1 %hlt to i32
  %r6 = fpext half %hx to float
  %r7 = sext i16 %iadd to i32
  %r8 = zext i16 %isub to i32
  %r9 = sext i16 %imul to i32
  %r10 = zext i16 %iudiv to i32
  %r11 = zext i16 %iurem to i32
  %r12 = sext i16 %isdiv to i32
  %r13 = sext i16 %isrem to i32
  %r14 = sext i16 %iashr to i32
  %r15 = zext i16 %ilshr to i32
  %r16 = sext i16 %ishl to i32
  %r17 = sext i1 %islt to i32
  %r18 = sext i1 %iult to i32
  %r21 = sext i16 %imax to i32
  %r22 = zext i16 %umin to i32
  %r23 = zext i16 %ix to i32
  %r24 = zext i16 %bfrev to i32
  %x0.e7 = getelementptr [8 x float], [8 x float]* %x0, i32 0, i32 7
  %x0.e5 = getelementptr [8 x float], [8 x float]* %x0, i32 0, i32 5
  %r26f = load float, float* %x0.e7
  %r26 = bitcast float %r26f to i32
  %r27f = load float, float* %x0.e5
  %r27i = bitcast float %r27f to i32
  %r27s = trunc i32 %r27i to i16
  %r27 = zext i16 %r27s to i32
  switch i16 %ia, label %sw.default [ i16 65529, label %sw.case ]

sw.case:
  br label %sw.end

sw.default:
  br label %sw.end

sw.end:
  %r28 = phi i32 [ 1, %sw.case ], [ 0, %sw.default ]
  %out0 = mul i32 %id, 116
  call void @dx.op.bufferStore.f32(i32 69, %dx.types.Handle %dst, i32 %out0, i32 undef, float %r0, float %r1, float %r2, float %r3, i8 15)
  %out1 = add i32 %out0, 16
  %r5f = bitcast i32 %r5 to float
  call void @dx.op.bufferStore.f32(i32 69, %dx.types.Handle %dst, i32 %out1, i32 undef, float %r4, float %r5f, float %r6, float undef, i8 7)
  %out2 = add i32 %out0, 28
  call void @dx.op.bufferStore.i32(i32 69, %dx.types.Handle %dst, i32 %out2, i32 undef, i32 %r7, i32 %r8, i32 %r9, i32 %r10, i8 15)
  %out3 = add i32 %out0, 44
  call void @dx.op.bufferStore.i32(i32 69, %dx.types.Handle %dst, i32 %out3, i32 undef, i32 %r11, i32 %r12, i32 %r13, i32 %r14, i8 15)
  %out4 = add i32 %out0, 60
  call void @dx.op.bufferStore.i32(i32 69, %dx.types.Handle %dst, i32 %out4, i32 undef, i32 %r15, i32 %r16, i32 %r17, i32 %r18, i8 15)
  %out5 = add i32 %out0, 76
  call void @dx.op.bufferStore.f32(i32 69, %dx.types.Handle %dst, i32 %out5, i32 undef, float %isitofp, float %iuitofp, float undef, float undef, i8 3)
  %out6 = add i32 %out0, 84
  call void @dx.op.bufferStore.i32(i32 69, %dx.types.Handle %dst, i32 %out6, i32 undef, i32 %r21, i32 %r22, i32 %r23, i32 %r24, i8 15)
  %out7 = add i32 %out0, 100
  call void @dx.op.bufferStore.i32(i32 69, %dx.types.Handle %dst, i32 %out7, i32 undef, i32 %countbits, i32 %r26, i32 %r27, i32 %r28, i8 15)
  ret void
}

declare %dx.types.Handle @dx.op.createHandle(i32, i8, i32, i32, i1) #1
declare i32 @dx.op.threadId.i32(i32, i32) #0
declare %dx.types.ResRet.i32 @dx.op.bufferLoad.i32(i32, %dx.types.Handle, i32, i32) #1
declare half @dx.op.binary.f16(i32, half, half) #0
declare half @dx.op.tertiary.f16(i32, half, half, half) #0
declare half @dx.op.unary.f16(i32, half) #0
declare i16 @dx.op.binary.i16(i32, i16, i16) #0
declare i16 @dx.op.unary.i16(i32, i16) #0
declare i32 @dx.op.unaryBits.i16(i32, i16) #0
; minPrecXRegLoad(opcode, register pointer, index, component); the store adds the value
declare half @dx.op.minPrecXRegLoad.f16(i32, float*, i32, i8) #1
declare void @dx.op.minPrecXRegStore.f16(i32, float*, i32, i8, half) #2
declare i16 @dx.op.minPrecXRegLoad.i16(i32, float*, i32, i8) #1
declare void @dx.op.minPrecXRegStore.i16(i32, float*, i32, i8, i16) #2
declare void @dx.op.bufferStore.i32(i32, %dx.types.Handle, i32, i32, i32, i32, i32, i32, i8) #2
declare void @dx.op.bufferStore.f32(i32, %dx.types.Handle, i32, i32, float, float, float, float, i8) #2

attributes #0 = { nounwind readnone }
attributes #1 = { nounwind readonly }
attributes #2 = { nounwind }

!dx.version = !{!0}
!dx.valver = !{!0}
!dx.shaderModel = !{!1}
!dx.resources = !{!2}
!dx.entryPoints = !{!8}

!0 = !{i32 1, i32 0}
!1 = !{!"cs", i32 6, i32 0}
!2 = !{!3, !5, null, null}
!3 = !{!4}
!4 = !{i32 0, %struct.ByteAddressBuffer* undef, !"t0", i32 0, i32 0, i32 1, i32 11, i32 0, null}
!5 = !{!6}
!6 = !{i32 0, %struct.RWByteAddressBuffer* undef, !"u0", i32 0, i32 0, i32 1, i32 11, i1 false, i1 false, i1 false, null}
; Shader flags 0x30: raw and structured buffers, minimum precision (LowPrecisionPresent).
!8 = !{void ()* @main, !"main", null, !2, !9}
!9 = !{i32 0, i64 48, i32 4, !10}
!10 = !{i32 64, i32 1, i32 1}
