; cs_6_0, 64 threads: thread i reads a = t0[8i], b = t0[8i + 4] and writes 20 results to
; u0[80i ..]: IMul (hi, lo), UMul (hi, lo), UDiv (quotient, remainder), UAddc and USubb
; (result, carry/borrow sign-extended), sdiv, srem, then of asfloat(a): Tan, Acos, Asin,
; Atan, Hcos, Hsin, Htan, and frem(asfloat(a), asfloat(b)).
;! resource srv_raw 0 0 0
;! resource uav_raw 0 0 0
target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

%dx.types.Handle = type { i8* }
%dx.types.ResRet.i32 = type { i32, i32, i32, i32, i32 }
%dx.types.twoi32 = type { i32, i32 }
%dx.types.i32c = type { i32, i1 }
%struct.ByteAddressBuffer = type { i32 }
%struct.RWByteAddressBuffer = type { i32 }

define void @main() {
  %src = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 0, i32 0, i32 0, i1 false)
  %dst = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 1, i32 0, i32 0, i1 false)
  %id = call i32 @dx.op.threadId.i32(i32 93, i32 0)
  %in = shl i32 %id, 3
  %loaded = call %dx.types.ResRet.i32 @dx.op.bufferLoad.i32(i32 68, %dx.types.Handle %src, i32 %in, i32 undef)
  %a = extractvalue %dx.types.ResRet.i32 %loaded, 0
  %b = extractvalue %dx.types.ResRet.i32 %loaded, 1
  %imul = call %dx.types.twoi32 @dx.op.binaryWithTwoOuts.i32(i32 41, i32 %a, i32 %b)
  %imul.hi = extractvalue %dx.types.twoi32 %imul, 0
  %imul.lo = extractvalue %dx.types.twoi32 %imul, 1
  %umul = call %dx.types.twoi32 @dx.op.binaryWithTwoOuts.i32(i32 42, i32 %a, i32 %b)
  %umul.hi = extractvalue %dx.types.twoi32 %umul, 0
  %umul.lo = extractvalue %dx.types.twoi32 %umul, 1
  %udiv = call %dx.types.twoi32 @dx.op.binaryWithTwoOuts.i32(i32 43, i32 %a, i32 %b)
  %udiv.q = extractvalue %dx.types.twoi32 %udiv, 0
  %udiv.r = extractvalue %dx.types.twoi32 %udiv, 1
  %uaddc = call %dx.types.i32c @dx.op.binaryWithCarryOrBorrow.i32(i32 44, i32 %a, i32 %b)
  %uaddc.sum = extractvalue %dx.types.i32c %uaddc, 0
  %uaddc.carry = extractvalue %dx.types.i32c %uaddc, 1
  %carry = sext i1 %uaddc.carry to i32
  %usubb = call %dx.types.i32c @dx.op.binaryWithCarryOrBorrow.i32(i32 45, i32 %a, i32 %b)
  %usubb.diff = extractvalue %dx.types.i32c %usubb, 0
  %usubb.borrow = extractvalue %dx.types.i32c %usubb, 1
  %borrow = sext i1 %usubb.borrow to i32
  %sdiv = sdiv i32 %a, %b
  %srem = srem i32 %a, %b
  %fa = bitcast i32 %a to float
  %fb = bitcast i32 %b to float
  %tan = call float @dx.op.unary.f32(i32 14, float %fa)
  %acos = call float @dx.op.unary.f32(i32 15, float %fa)
  %asin = call float @dx.op.unary.f32(i32 16, float %fa)
  %atan = call float @dx.op.unary.f32(i32 17, float %fa)
  %hcos = call float @dx.op.unary.f32(i32 18, float %fa)
  %hsin = call float @dx.op.unary.f32(i32 19, float %fa)
  %htan = call float @dx.op.unary.f32(i32 20, float %fa)
  %frem = frem fast float %fa, %fb
  %out0 = mul i32 %id, 80
  call void @dx.op.bufferStore.i32(i32 69, %dx.types.Handle %dst, i32 %out0, i32 undef, i32 %imul.hi, i32 %imul.lo, i32 %umul.hi, i32 %umul.lo, i8 15)
  %out1 = add i32 %out0, 16
  call void @dx.op.bufferStore.i32(i32 69, %dx.types.Handle %dst, i32 %out1, i32 undef, i32 %udiv.q, i32 %udiv.r, i32 %uaddc.sum, i32 %carry, i8 15)
  %out2 = add i32 %out0, 32
  call void @dx.op.bufferStore.i32(i32 69, %dx.types.Handle %dst, i32 %out2, i32 undef, i32 %usubb.diff, i32 %borrow, i32 %sdiv, i32 %srem, i8 15)
  %out3 = add i32 %out0, 48
  call void @dx.op.bufferStore.f32(i32 69, %dx.types.Handle %dst, i32 %out3, i32 undef, float %tan, float %acos, float %asin, float %atan, i8 15)
  %out4 = add i32 %out0, 64
  call void @dx.op.bufferStore.f32(i32 69, %dx.types.Handle %dst, i32 %out4, i32 undef, float %hcos, float %hsin, float %htan, float %frem, i8 15)
  ret void
}

declare %dx.types.Handle @dx.op.createHandle(i32, i8, i32, i32, i1) #1
declare i32 @dx.op.threadId.i32(i32, i32) #0
; bufferLoad(opcode, handle, coordinate 0, coordinate 1): four values and a status
declare %dx.types.ResRet.i32 @dx.op.bufferLoad.i32(i32, %dx.types.Handle, i32, i32) #1
; binaryWithTwoOuts(opcode, a, b): IMul/UMul {hi, lo}, UDiv {quotient, remainder}
declare %dx.types.twoi32 @dx.op.binaryWithTwoOuts.i32(i32, i32, i32) #0
; binaryWithCarryOrBorrow(opcode, a, b): {result, carry or borrow}
declare %dx.types.i32c @dx.op.binaryWithCarryOrBorrow.i32(i32, i32, i32) #0
declare float @dx.op.unary.f32(i32, float) #0
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
!8 = !{void ()* @main, !"main", null, !2, !9}
!9 = !{i32 0, i64 16, i32 4, !10}
!10 = !{i32 64, i32 1, i32 1}
